// The diff worker thread (dist/diff-worker.js, started by backgroundDiff.ts): diffs under the background limits, one
// request at a time, off the extension host's main thread.
import { parentPort } from 'node:worker_threads';
import { BACKGROUND_LIMITS, diffLines } from '../../shared/diff';
import type { DiffReply, DiffRequest } from './diffWorkerProtocol';
import { describeError } from '../../shared/text/errors';

parentPort?.on('message', (request: DiffRequest) => {
  const { id, oldText, newText, options } = request;
  let reply: DiffReply;
  try {
    reply = { id, result: diffLines(oldText, newText, { ...options, limits: options.limits ?? BACKGROUND_LIMITS }) };
  } catch (error) {
    reply = { id, error: describeError(error) };
  }
  parentPort?.postMessage(reply);
});
