// A request handler must settle when the agent withdraws its request ($/cancel_request): -32800.
import type { CancellationToken } from 'vscode-jsonrpc/node';
import { requestCancelledError } from '../../acp/errors';

export function throwIfCancelled(token: CancellationToken): void {
  if (token.isCancellationRequested) throw requestCancelledError();
}

/** `work`, or -32800 as soon as the token fires (the work itself goes on: a dialog cannot be taken back). */
export function raceCancellation<T>(work: Promise<T>, token: CancellationToken): Promise<T> {
  if (token.isCancellationRequested) return Promise.reject(requestCancelledError());
  return new Promise<T>((resolve, reject) => {
    const subscription = token.onCancellationRequested(() => {
      subscription.dispose();
      reject(requestCancelledError());
    });
    work.then(
      (value) => {
        subscription.dispose();
        resolve(value);
      },
      (error: unknown) => {
        subscription.dispose();
        reject(error);
      },
    );
  });
}
