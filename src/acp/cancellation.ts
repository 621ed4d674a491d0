// ACP request cancellation (`$/cancel_request {requestId}`) on top of vscode-jsonrpc, whose own dialect is
// LSP's `$/cancelRequest {id}`.
//
// What vscode-jsonrpc 10 does (lib/common/connection.js), and so how this file fits in:
// - Sending: when the token passed to `sendRequest` fires, the connection calls
//   `cancellationStrategy.sender.sendCancellation(connection, id)`. Our sender writes `$/cancel_request`.
//   The `sendRequest` promise is NOT rejected by the cancel: it still waits for the other side's one response
//   (a result, or an error -32800), which is what ACP asks for.
// - Receiving: the connection recognises a cancel only by the hard-coded method `$/cancelRequest` with
//   `params.id`, as messages come out of the reader, before they are queued. That check is the only code
//   that can reach the token of a running (or still queued) request handler; the receiver strategy only
//   creates token sources and never sees notifications. So `$/cancel_request` is translated into the
//   library's form right where messages enter the connection: `NdjsonMessageReader` applies
//   `toConnectionCancel` to every message (other MessageReaders must do the same).
//   This also gets the race right: a cancel that overtakes its still-queued request pre-cancels its token.
//   Side effect: a reader-side traffic tap sees `$/cancelRequest {id}` instead of the wire's
//   `$/cancel_request {requestId}`.
// - Answering: the connection itself never answers a cancelled request. It sends exactly one response when
//   the handler settles: the returned value as `result`, a thrown `ResponseError` as it is, any other thrown
//   error as -32603. A handler that never settles never gets answered, so every handler that can wait
//   (permission prompts, terminal waits) must settle when its token fires: use `withCancellation`.
import {
  CancellationId,
  CancellationReceiverStrategy,
  CancellationSenderStrategy,
  CancellationStrategy,
  CancellationToken,
  Disposable,
  Message,
  MessageConnection,
} from 'vscode-jsonrpc/node';
import { requestCancelledError } from './errors';

/** ACP's cancel notification. */
export const ACP_CANCEL_METHOD = '$/cancel_request';
/** vscode-jsonrpc's built-in cancel notification (LSP's). */
export const LIBRARY_CANCEL_METHOD = '$/cancelRequest';

export interface AcpCancelParams {
  requestId: CancellationId;
}

const acpCancellationSender: CancellationSenderStrategy = {
  sendCancellation(connection: MessageConnection, id: CancellationId): Promise<void> {
    const params: AcpCancelParams = { requestId: id };
    return connection.sendNotification(ACP_CANCEL_METHOD, params);
  },
  cleanup(): void {
    // Nothing kept per request.
  },
};

/**
 * Pass as `{ cancellationStrategy: acpCancellationStrategy }` to `createMessageConnection`. Incoming
 * `$/cancel_request` also needs `toConnectionCancel` in the reader (NdjsonMessageReader does it).
 */
export const acpCancellationStrategy: CancellationStrategy = Object.freeze({
  receiver: CancellationReceiverStrategy.Message,
  sender: acpCancellationSender,
});

function isRequestId(value: unknown): value is CancellationId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * Maps an incoming ACP `$/cancel_request {requestId}` onto the `$/cancelRequest {id}` the connection acts on;
 * every other message comes back as it is (the same object). A `$/cancel_request` without a usable
 * `requestId` is left alone (the connection reports it as an unhandled notification).
 */
export function toConnectionCancel(message: Message): Message {
  const candidate = message as { method?: unknown; id?: unknown; params?: unknown };
  if (candidate.method !== ACP_CANCEL_METHOD || candidate.id !== undefined) return message;
  const params = candidate.params;
  if (typeof params !== 'object' || params === null) return message;
  const requestId = (params as { requestId?: unknown }).requestId;
  if (!isRequestId(requestId)) return message;
  const translated: Message & { method: string; params: { id: CancellationId } } = {
    jsonrpc: '2.0',
    method: LIBRARY_CANCEL_METHOD,
    params: { id: requestId },
  };
  return translated;
}

/**
 * Settles exactly once: with `work`'s outcome, or, if `token` fires first (or already has), with
 * `onCancelled()`; without `onCancelled` it rejects with a -32800 `ResponseError`, which vscode-jsonrpc sends
 * as the error response. A later outcome of `work` is ignored (and its rejection swallowed).
 *
 * In a request handler: `return withCancellation(token, askTheUser(), () => ({ outcome: { outcome: 'cancelled' } }))`
 * for `session/request_permission`; `return withCancellation(token, waitForExit())` for others.
 */
export function withCancellation<T>(token: CancellationToken, work: PromiseLike<T>, onCancelled?: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let subscription: Disposable | undefined;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      subscription?.dispose();
      finish();
    };
    const cancel = (): void =>
      settle(() => {
        if (!onCancelled) {
          reject(requestCancelledError());
          return;
        }
        try {
          resolve(onCancelled());
        } catch (error) {
          reject(error);
        }
      });
    if (token.isCancellationRequested) cancel();
    else subscription = token.onCancellationRequested(cancel);
    Promise.resolve(work).then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}
