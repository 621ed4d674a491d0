// Newline-delimited JSON framing for ACP's stdio transport: one JSON-RPC message per `\n`-terminated line.
//
// Reader rules:
// - Lines are split on the `\n` byte, so a multi-byte UTF-8 character split across chunks decodes right.
//   A line's length counts every byte before its `\n` (a trailing `\r` included); the `\r` is then stripped.
// - Blank and whitespace-only lines are skipped silently; a leading byte order mark is ignored.
// - A line that is not UTF-8, not JSON, or not a JSON-RPC message (an object with `jsonrpc: "2.0"`, or at least
//   a `method` or an `id`) is reported through `onInvalidLine` and skipped. Invalid UTF-8 is skipped rather than
//   decoded with replacement characters, so a corrupted message is never acted on.
//   None of these fires the reader's error event: vscode-jsonrpc only forwards reader errors to
//   `connection.onError` (it does not close the connection), but owners commonly treat that event as fatal,
//   and one bad line must not end a session. The error event is for errors of the stream itself.
// - A line longer than `maxLineBytes` is not buffered: its bytes are dropped up to the next `\n`, it is reported
//   once as `too-long` (when it ends, with its full length), and reading carries on with the next line.
// - A line of `largeLineBytes` (1 MiB) or more is decoded and parsed on a worker thread (largeLines.ts), which also
//   holds aside a message chunk's text over a megabyte (shared/text/heldText.ts), so a huge message does not stall the
//   host. Meanwhile the stream is paused and what follows waits: messages are delivered in order.
// - When the stream ends, a final line without `\n` is still delivered (or reported), then `close` fires.
// - Incoming ACP `$/cancel_request` is mapped onto vscode-jsonrpc's own cancel message (see cancellation.ts).
//
// Writer: `JSON.stringify(message) + "\n"` per message (JSON.stringify never emits a raw newline), written in call
// order; a failed write fires the writer's error event and rejects. Nothing is awaited between writes, so the
// stream buffers when the agent reads slowly.
import { isUtf8 } from 'node:buffer';
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  DataCallback,
  Disposable,
  Message,
  MessageReader,
  MessageWriter,
} from 'vscode-jsonrpc/node';
import { holdText } from '../shared/text/heldText';
import { toConnectionCancel } from './cancellation';
import { describeError } from '../shared/text/errors';
import { LARGE_LINE_BYTES, LargeLineParser } from './largeLines';

export const MAX_LINE_BYTES = 64 * 1024 * 1024;

const PREVIEW_CHARS = 200;
const LF = 0x0a;
const CR = 0x0d;
const REPLACEMENT_CHAR = '\uFFFD';
const BYTE_ORDER_MARK = 0xfeff;

export interface InvalidLine {
  reason: 'invalid-json' | 'not-a-message' | 'too-long' | 'invalid-utf8';
  /** The first ~200 characters of the line (invalid bytes shown as U+FFFD). */
  preview: string;
  /** The line's length in bytes, without its `\n`. */
  byteLength: number;
  /** The parser's (or the connection's) complaint, when there is one. */
  error?: string;
}

export interface NdjsonReaderOptions {
  /** Longest accepted line in bytes; default MAX_LINE_BYTES (64 MiB). */
  maxLineBytes?: number;
  /** Told about every skipped line; must not throw (what it throws is ignored). */
  onInvalidLine?: (problem: InvalidLine) => void;
  /** Lines of this many bytes or more are parsed on a worker thread; default LARGE_LINE_BYTES (1 MiB). */
  largeLineBytes?: number;
}

function previewOf(bytes: Buffer, start: number, end: number): string {
  // 4 bytes per character at most; cutting a character in two shows one U+FFFD, harmless in a preview.
  return bytes.toString('utf8', start, Math.min(end, start + PREVIEW_CHARS * 4)).slice(0, PREVIEW_CHARS);
}

function isMessageLike(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const candidate = value as { jsonrpc?: unknown; method?: unknown; id?: unknown };
  return candidate.jsonrpc === '2.0' || candidate.method !== undefined || candidate.id !== undefined;
}

export class NdjsonMessageReader extends AbstractMessageReader implements MessageReader {
  private readonly maxLineBytes: number;
  private readonly onInvalidLine: ((problem: InvalidLine) => void) | undefined;
  private callback: DataCallback | undefined;
  /** The pieces of the unfinished line (views into the chunks, concatenated once at its `\n`). */
  private parts: Buffer[] = [];
  private partBytes = 0;
  /** Inside a too-long line: its bytes are counted, not kept. */
  private discarding = false;
  private discardedBytes = 0;
  private discardPreview = '';
  private ended = false;
  private detach: (() => void) | undefined;
  private readonly largeLineBytes: number;
  private largeLines: LargeLineParser | undefined;
  /** A large line is being parsed: later bytes wait here, in order, and the stream is paused. */
  private waiting = false;
  private held: Buffer[] = [];
  private endWhenDone = false;

  constructor(
    private readonly readable: NodeJS.ReadableStream,
    options: NdjsonReaderOptions = {},
  ) {
    super();
    this.maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.onInvalidLine = options.onInvalidLine;
    this.largeLineBytes = options.largeLineBytes ?? LARGE_LINE_BYTES;
  }

  listen(callback: DataCallback): Disposable {
    if (this.callback || this.detach) throw new Error('NdjsonMessageReader: listen() may be called only once.');
    this.callback = callback;
    const onData = (chunk: Buffer | string): void => {
      this.onData(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    };
    const onEnd = (): void => this.onEnd();
    const onError = (error: Error): void => this.fireError(error);
    const readable = this.readable;
    readable.on('data', onData);
    readable.on('end', onEnd);
    // 'close' without 'end' (e.g. after a stream error) still ends the connection.
    readable.on('close', onEnd);
    readable.on('error', onError);
    this.detach = () => {
      readable.removeListener('data', onData);
      readable.removeListener('end', onEnd);
      readable.removeListener('close', onEnd);
      readable.removeListener('error', onError);
    };
    return Disposable.create(() => this.stopListening());
  }

  override dispose(): void {
    this.stopListening();
    super.dispose();
  }

  private stopListening(): void {
    this.callback = undefined;
    this.detach?.();
    this.parts = [];
    this.partBytes = 0;
    this.held = [];
    this.largeLines?.dispose();
    this.largeLines = undefined;
  }

  private onData(chunk: Buffer): void {
    if (this.waiting) {
      this.held.push(chunk);
      return;
    }
    const length = chunk.length;
    let start = 0;
    while (start < length && this.callback) {
      if (this.waiting) {
        // A large line went to the parser thread: the rest of this chunk comes first when it is done.
        this.held.unshift(chunk.subarray(start));
        return;
      }
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) {
        this.keep(chunk, start, length);
        return;
      }
      if (this.discarding) {
        this.discardedBytes += newline - start;
        this.endDiscard();
      } else if (this.partBytes === 0) {
        this.line(chunk, start, newline);
      } else {
        this.keep(chunk, start, newline);
        if (this.discarding) this.endDiscard();
        else this.lineFromParts();
      }
      start = newline + 1;
    }
  }

  /** The kept pieces form a complete line: concatenated once, here. */
  private lineFromParts(): void {
    const parts = this.parts;
    const whole = parts.length === 1 ? parts[0]! : Buffer.concat(parts, this.partBytes);
    this.parts = [];
    this.partBytes = 0;
    this.line(whole, 0, whole.length);
  }

  /** Holds bytes of an unfinished line, or starts discarding it once it is too long. */
  private keep(chunk: Buffer, start: number, end: number): void {
    const length = end - start;
    if (this.discarding) {
      this.discardedBytes += length;
      return;
    }
    if (this.partBytes + length > this.maxLineBytes) {
      const first = this.parts[0];
      this.discardPreview = first ? previewOf(first, 0, first.length) : previewOf(chunk, start, end);
      this.discardedBytes = this.partBytes + length;
      this.discarding = true;
      this.parts = [];
      this.partBytes = 0;
      return;
    }
    if (length === 0) return;
    this.parts.push(chunk.subarray(start, end));
    this.partBytes += length;
  }

  private endDiscard(): void {
    this.discarding = false;
    this.report({ reason: 'too-long', preview: this.discardPreview, byteLength: this.discardedBytes });
    this.discardPreview = '';
    this.discardedBytes = 0;
  }

  /** One complete line: bytes [start, end) of `bytes`, without its `\n`. */
  private line(bytes: Buffer, start: number, end: number): void {
    const byteLength = end - start;
    if (byteLength > this.maxLineBytes) {
      this.report({ reason: 'too-long', preview: previewOf(bytes, start, end), byteLength });
      return;
    }
    if (end > start && bytes[end - 1] === CR) end--;
    if (end === start) return;
    if (end - start >= this.largeLineBytes) {
      this.parseLarge(bytes.subarray(start, end), byteLength);
      return;
    }
    let text = bytes.toString('utf8', start, end);
    // Decoding never fails; it substitutes U+FFFD. Only a line that shows one pays for the exact check.
    if (text.indexOf(REPLACEMENT_CHAR) !== -1 && !isUtf8(bytes.subarray(start, end))) {
      this.report({ reason: 'invalid-utf8', preview: text.slice(0, PREVIEW_CHARS), byteLength });
      return;
    }
    if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      if (text.trim() === '') return;
      this.report({ reason: 'invalid-json', preview: text.slice(0, PREVIEW_CHARS), byteLength, error: describeError(error) });
      return;
    }
    this.deliver(value, () => text.slice(0, PREVIEW_CHARS), byteLength);
  }

  private deliver(value: unknown, preview: () => string, byteLength: number): void {
    if (!isMessageLike(value)) {
      this.report({ reason: 'not-a-message', preview: preview(), byteLength });
      return;
    }
    const callback = this.callback;
    if (!callback) return;
    try {
      callback(toConnectionCancel(value));
    } catch (error) {
      // The connection choked on a malformed message (e.g. `$/cancelRequest` without params): skip it, read on.
      this.report({ reason: 'not-a-message', preview: preview(), byteLength, error: describeError(error) });
    }
  }

  /** Parses a large line on the worker thread; the stream waits (paused) and later bytes are held until then. */
  private parseLarge(bytes: Buffer, byteLength: number): void {
    this.waiting = true;
    // Back-pressure only (bytes that still come are held): a stream without pause() is read on.
    if (typeof this.readable.pause === 'function') this.readable.pause();
    const parser = (this.largeLines ??= new LargeLineParser());
    parser.parse(bytes).then(
      (result) => {
        if (!this.callback) return;
        if (!result.ok) {
          this.report({ reason: result.reason, preview: result.preview, byteLength, ...(result.error ? { error: result.error } : {}) });
        } else {
          if (result.held) holdText(result.held.block, result.held.text);
          const value = result.value;
          this.deliver(value, () => JSON.stringify(value).slice(0, PREVIEW_CHARS), byteLength);
        }
        this.resumeAfterLarge();
      },
      (error: unknown) => {
        if (!this.callback) return;
        this.report({ reason: 'invalid-json', preview: '', byteLength, error: describeError(error) });
        this.resumeAfterLarge();
      },
    );
  }

  private resumeAfterLarge(): void {
    this.waiting = false;
    while (!this.waiting && this.held.length > 0 && this.callback) this.onData(this.held.shift()!);
    if (this.waiting || !this.callback) return;
    if (this.endWhenDone) {
      this.endWhenDone = false;
      this.onEnd();
      return;
    }
    if (typeof this.readable.resume === 'function') this.readable.resume();
  }

  private onEnd(): void {
    if (this.ended) return;
    if (this.waiting) {
      this.endWhenDone = true;
      return;
    }
    if (this.discarding) this.endDiscard();
    else if (this.partBytes > 0) this.lineFromParts();
    if (this.waiting) {
      // The last line is a large one: close once it is delivered.
      this.endWhenDone = true;
      return;
    }
    this.ended = true;
    this.fireClose();
  }

  private report(problem: InvalidLine): void {
    try {
      this.onInvalidLine?.(problem);
    } catch {
      // A diagnostics callback must not break reading.
    }
  }
}

export class NdjsonMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private errorCount = 0;
  /** The last error already fired from a write callback, so the stream's 'error' event does not repeat it. */
  private lastFired: Error | undefined;
  private disposed = false;
  private readonly onStreamError = (error: Error): void => {
    if (!this.disposed && error !== this.lastFired) this.fireError(error);
  };
  private readonly onStreamClose = (): void => this.fireClose();

  constructor(private readonly writable: NodeJS.WritableStream) {
    super();
    // Also keeps an EPIPE after the agent died from becoming an uncaught 'error' event.
    writable.on('error', this.onStreamError);
    writable.on('close', this.onStreamClose);
  }

  write(message: Message): Promise<void> {
    let data: string;
    try {
      data = JSON.stringify(message) + '\n';
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      this.fail(failure, message);
      return Promise.reject(failure);
    }
    return new Promise<void>((resolve, reject) => {
      this.writable.write(data, 'utf8', (error?: Error | null) => {
        if (error) {
          this.fail(error, message);
          reject(error);
        } else {
          this.errorCount = 0;
          resolve();
        }
      });
    });
  }

  end(): void {
    this.writable.end();
  }

  override dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // The 'error' listener stays (silenced): a late EPIPE must still not crash the host.
    this.writable.removeListener('close', this.onStreamClose);
    super.dispose();
  }

  private fail(error: Error, message: Message): void {
    this.errorCount++;
    this.lastFired = error;
    if (!this.disposed) this.fireError(error, message, this.errorCount);
  }
}
