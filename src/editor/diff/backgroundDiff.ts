// Diffs that must not hold up the extension host: small ones run at once on the main thread (well under 50 ms,
// bench/cases/diff.mjs), larger ones in a worker thread (dist/diff-worker.js) under the larger background limits;
// a main-thread diff that gives up (time or edits) is done again in the worker. The worker starts on first use,
// is shared by all callers, does not keep the process alive, and is started again if it dies.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { diffLines, type DiffLimits, type DiffOptions, type DiffResult } from '../../shared/diff';
import type { DiffReply, DiffRequest } from './diffWorkerProtocol';

/** Texts up to this size are diffed on the main thread first. */
export const INLINE_DIFF_LIMITS: DiffLimits = { maxChars: 200_000, maxLines: 4_000, maxEditLength: 1_000, maxChangedLines: 4_000, timeoutMs: 20 };

/** The worker script of a built extension: `dist/diff-worker.js` (see esbuild.mjs). */
export function bundledDiffWorker(extensionPath: string): string {
  return path.join(extensionPath, 'dist', 'diff-worker.js');
}

interface Pending {
  resolve(result: DiffResult): void;
  reject(error: Error): void;
}

export class BackgroundDiffer {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private disposed = false;

  constructor(private readonly workerScript: string) {}

  /** Options without limits: the main-thread limits inline, the background limits in the worker. */
  async diff(oldText: string, newText: string, options: Omit<DiffOptions, 'limits'> = {}): Promise<DiffResult> {
    if (this.disposed) throw new Error('The diff worker has been disposed');
    const inline = diffLines(oldText, newText, { ...options, limits: INLINE_DIFF_LIMITS });
    if (inline.kind === 'hunks') return inline;
    return this.inWorker({ oldText, newText, options });
  }

  dispose(): void {
    this.disposed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('The diff worker has been disposed'));
    void worker?.terminate();
  }

  private inWorker(request: Omit<DiffRequest, 'id'>): Promise<DiffResult> {
    const id = this.nextId++;
    const worker = this.started();
    return new Promise<DiffResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...request } satisfies DiffRequest);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerScript);
    worker.unref();
    worker.on('message', (reply: DiffReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('result' in reply) waiting.resolve(reply.result);
      else waiting.reject(new Error(`The diff failed: ${reply.error}`));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The diff worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
