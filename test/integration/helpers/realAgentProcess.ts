// Knowing, without polling, when a command the agent ran is gone: the command holds the write end of a FIFO the
// test reads; the reader sees end-of-file exactly when the last process holding it (the command and anything it
// left behind) has exited.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface ProcessWatch {
  /** Append to a shell command: the command's process keeps the FIFO open on fd 3 while it lives. */
  readonly redirect: string;
  /** Resolves when the command has opened the FIFO (it is running). */
  readonly opened: Promise<void>;
  /** Resolves when every process holding the FIFO has exited. */
  readonly gone: Promise<void>;
  dispose(): void;
}

export function watchProcess(): ProcessWatch {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-real-agent-fifo-'));
  const fifo = path.join(dir, 'alive');
  execFileSync('mkfifo', [fifo]);
  // Opening the read end waits (in the thread pool) until the command opens the write end.
  const stream = fs.createReadStream(fifo);
  let isOpen = false;
  const opened = new Promise<void>((resolve) => stream.once('ready', () => {
    isOpen = true;
    resolve();
  }));
  const gone = new Promise<void>((resolve, reject) => {
    stream.on('data', () => undefined);
    stream.once('end', () => resolve());
    stream.once('error', reject);
  });
  return {
    redirect: `3>'${fifo}'`,
    opened,
    gone,
    dispose: () => {
      // A reader still waiting for a writer would hold a thread-pool thread forever: open the write end once to free it.
      if (!isOpen) {
        try {
          fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
        } catch {
          // no reader waiting
        }
      }
      stream.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves with the promise, or rejects with the message (worked out when the deadline passes) if it does not
 * settle within the deadline. A deadline, not a sleep: it only turns a hang into a readable failure.
 */
export function within<T>(promise: Promise<T>, ms: number, message: string | (() => string)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(typeof message === 'string' ? message : message())), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
