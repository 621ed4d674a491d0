// Parsing of large NDJSON lines (LARGE_LINE_BYTES and more) off the extension host's main thread, so that one huge
// message (an agent chunk of 60 MB) does not stall every other session: decoding 60 MB of UTF-8 and JSON.parse of it
// take ~350 ms on this machine, and handing the parsed value back across threads costs as much again when it holds a
// 60 MB string (structured clone). So the worker also shortens what the main thread gets: a message chunk's text
// (`params.update.content.text` of a session/update whose sessionUpdate is agent_message_chunk, agent_thought_chunk or
// user_message_chunk) longer than HELD_TEXT_CHARS comes back as its first ENTRY_TEXT_CAP characters, and the whole
// text as UTF-8 bytes, transferred (no copy); the reader registers them against that block (shared/text/heldText.ts).
// Every other value comes back whole.
//
// One worker per reader, started on the first large line, `unref`ed (it never keeps the host alive), stopped after
// IDLE_MS without work and when the reader is disposed. Lines are parsed one at a time; the reader keeps the order.
import { Worker } from 'node:worker_threads';
import { HELD_TEXT_CHARS, HeldText } from '../shared/text/heldText';
import { ENTRY_TEXT_CAP } from '../shared/transcript/transcriptCaps';

export const LARGE_LINE_BYTES = 1024 * 1024;
const IDLE_MS = 2_000;
const PREVIEW_CHARS = 200;

export type LargeLineResult =
  | { ok: true; value: unknown; held?: { block: object; text: HeldText } }
  | { ok: false; reason: 'invalid-utf8' | 'invalid-json'; preview: string; error?: string };

interface WorkerAnswer {
  ok: boolean;
  value?: unknown;
  heldBytes?: Uint8Array;
  heldChars?: number;
  reason?: 'invalid-utf8' | 'invalid-json';
  preview?: string;
  error?: string;
}

// Runs in the worker (evaluated from this string, so the bundle needs no second file). Plain JavaScript.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { isUtf8 } = require('node:buffer');
const HELD = ${HELD_TEXT_CHARS};
const KEEP = ${ENTRY_TEXT_CAP};
const PREVIEW = ${PREVIEW_CHARS};
const CHUNKS = new Set(['agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk']);
function cutAt(text, room) {
  const code = text.charCodeAt(room - 1);
  return code >= 0xd800 && code <= 0xdbff ? room - 1 : room;
}
parentPort.on('message', (bytes) => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text = buffer.toString('utf8');
  if (text.indexOf('\\uFFFD') !== -1 && !isUtf8(buffer)) {
    parentPort.postMessage({ ok: false, reason: 'invalid-utf8', preview: text.slice(0, PREVIEW) });
    return;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    parentPort.postMessage({ ok: false, reason: 'invalid-json', preview: text.slice(0, PREVIEW), error: String(error && error.message || error) });
    return;
  }
  text = undefined;
  const update = value && value.method === 'session/update' && value.params && value.params.update;
  const block = update && CHUNKS.has(update.sessionUpdate) && update.content;
  if (block && typeof block === 'object' && typeof block.text === 'string' && block.text.length > HELD) {
    const whole = block.text;
    block.text = whole.slice(0, cutAt(whole, KEEP));
    // A copy that shares nothing with the long string, so the clone sent back is small.
    block.text = JSON.parse(JSON.stringify(block.text));
    const heldBytes = new Uint8Array(Buffer.byteLength(whole, 'utf8'));
    Buffer.from(heldBytes.buffer).write(whole, 0, 'utf8');
    parentPort.postMessage({ ok: true, value, heldBytes, heldChars: whole.length }, [heldBytes.buffer]);
    return;
  }
  parentPort.postMessage({ ok: true, value });
});
`;

export class LargeLineParser {
  private worker: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  /** Parses one line (its bytes, without `\n` and `\r`; the buffer is handed over and must not be used again). */
  parse(bytes: Uint8Array): Promise<LargeLineResult> {
    const next = this.queue.then(() => this.run(bytes));
    this.queue = next.catch(() => undefined);
    return next;
  }

  dispose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  private run(bytes: Uint8Array): Promise<LargeLineResult> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.start());
    return new Promise<LargeLineResult>((resolve, reject) => {
      const onMessage = (answer: WorkerAnswer): void => {
        cleanup();
        resolve(toResult(answer));
      };
      const onError = (error: Error): void => {
        cleanup();
        if (this.worker === worker) this.worker = undefined;
        reject(error);
      };
      const onExit = (): void => onError(new Error('the JSON parser thread stopped'));
      const cleanup = (): void => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.idleTimer = setTimeout(() => this.dispose(), IDLE_MS);
        this.idleTimer.unref();
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // Transfer when the bytes own their whole buffer; otherwise the clone copies them once.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      worker.postMessage(bytes, own ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    return worker;
  }
}

function toResult(answer: WorkerAnswer): LargeLineResult {
  if (!answer.ok) return { ok: false, reason: answer.reason ?? 'invalid-json', preview: answer.preview ?? '', error: answer.error };
  const value = answer.value;
  if (answer.heldBytes && typeof answer.heldChars === 'number') {
    const block = (value as { params: { update: { content: object } } }).params.update.content;
    return { ok: true, value, held: { block, text: { chars: answer.heldChars, handle: answer.heldBytes } } };
  }
  return { ok: true, value };
}
