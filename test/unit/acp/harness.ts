// Test helpers for the acp unit tests: controlled chunk feeding, event waits, process checks.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Event } from 'vscode-jsonrpc/node';

/**
 * A readable that emits exactly the chunks it is fed, one 'data' event each, so tests control chunk boundaries
 * (a PassThrough may merge writes). It implements only the events the reader listens to.
 */
export class ChunkFeeder extends EventEmitter {
  feed(...chunks: Array<Buffer | string>): void {
    for (const chunk of chunks) this.emit('data', chunk);
  }

  end(): void {
    this.emit('end');
    this.emit('close');
  }

  fail(error: Error): void {
    this.emit('error', error);
    this.emit('close');
  }

  asStream(): NodeJS.ReadableStream {
    return this as unknown as NodeJS.ReadableStream;
  }
}

/** Resolves with the next value of a vscode-jsonrpc event. */
export function nextEvent<T>(event: Event<T>): Promise<T> {
  return new Promise<T>((resolve) => {
    const subscription = event((value) => {
      subscription.dispose();
      resolve(value);
    });
  });
}

/** Resolves when `condition()` holds, checking every few milliseconds; rejects after `timeoutMs`. */
export function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (condition()) resolve();
      else if (Date.now() > deadline) reject(new Error(`Timed out after ${timeoutMs} ms waiting until ${what}`));
      else setTimeout(check, 10);
    };
    check();
  });
}

/** Resolves with the first `\n`-terminated line of a stream (without the line break). */
export function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer | string): void => {
      text += chunk.toString();
      const newline = text.indexOf('\n');
      if (newline !== -1) {
        stream.removeListener('data', onData);
        resolve(text.slice(0, newline));
      }
    };
    stream.on('data', onData);
    stream.once('end', () => reject(new Error(`stream ended before a full line: ${JSON.stringify(text)}`)));
  });
}

/** Everything a stream yields until it ends, as UTF-8. */
export function readToEnd(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer | string) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
    stream.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.once('error', reject);
  });
}

/** Linux: true when no such process exists, or it is dead and only waiting to be reaped (zombie). */
export function processIsGone(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return true;
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

/** Linux: the process group id of `pid`. */
export function processGroupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[2]);
}
