// One answer per request id: a request from the agent whose id is still in flight (received, not yet answered)
// gets a -32600 error at once and never reaches the connection; the first keeps its own answer.
//
// Why here and not in vscode-jsonrpc: the connection queues not yet dispatched requests in a map keyed by id, so a
// second request with the same id queued behind the first replaces it (the first is never answered), and once the
// first is running, the second runs too, both are answered with the same id and the first's cancellation token is
// replaced in `requestTokens` (a `$/cancel_request` reaches only the second). So duplicates are stopped before
// they enter the connection.
//
// An id is in flight from the request's arrival until a response with that id is written (a result, an error,
// -32800 after a cancel: the connection writes exactly one per dispatched request). Number 1 and string "1" are
// different ids. A request with id null is let through (nothing can answer it apart from another null).
import type { DataCallback, Disposable, Message, MessageReader, MessageWriter } from 'vscode-jsonrpc/node';
import { INVALID_REQUEST } from './errors';

type RequestId = number | string;

function idKey(id: RequestId): string {
  return typeof id === 'number' ? `n:${id}` : `s:${id}`;
}

function requestOf(message: Message): { id: RequestId; method: string } | undefined {
  const candidate = message as { method?: unknown; id?: unknown };
  if (typeof candidate.method !== 'string') return undefined;
  const id = candidate.id;
  return typeof id === 'number' || typeof id === 'string' ? { id, method: candidate.method } : undefined;
}

function responseIdOf(message: Message): RequestId | undefined {
  const candidate = message as { method?: unknown; id?: unknown };
  if (candidate.method !== undefined) return undefined;
  return typeof candidate.id === 'number' || typeof candidate.id === 'string' ? candidate.id : undefined;
}

export function duplicateIdMessage(id: RequestId): string {
  return `duplicate request id ${JSON.stringify(id)} while the first is unanswered`;
}

/** The ids of the agent's requests that are not answered yet. */
class InFlightIds {
  private readonly ids = new Set<string>();

  /** False when the id is already in flight. */
  claim(id: RequestId): boolean {
    const key = idKey(id);
    if (this.ids.has(key)) return false;
    this.ids.add(key);
    return true;
  }

  release(id: RequestId): void {
    this.ids.delete(idKey(id));
  }
}

class GuardedReader implements MessageReader {
  readonly onError: MessageReader['onError'];
  readonly onClose: MessageReader['onClose'];
  readonly onPartialMessage: MessageReader['onPartialMessage'];

  constructor(
    private readonly inner: MessageReader,
    private readonly writer: MessageWriter,
    private readonly inFlight: InFlightIds,
    private readonly onDuplicate: (id: RequestId, method: string) => void,
  ) {
    this.onError = inner.onError;
    this.onClose = inner.onClose;
    this.onPartialMessage = inner.onPartialMessage;
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => {
      const request = requestOf(message);
      if (request === undefined || this.inFlight.claim(request.id)) {
        callback(message);
        return;
      }
      this.refuse(request.id, request.method);
    });
  }

  dispose(): void {
    this.inner.dispose();
  }

  private refuse(id: RequestId, method: string): void {
    this.onDuplicate(id, method);
    // Written past the guarded writer: this answer must not release the first request's id.
    const answer = { jsonrpc: '2.0', id, error: { code: INVALID_REQUEST, message: duplicateIdMessage(id) } };
    this.writer.write(answer).catch(() => {
      // The writer reports its own failures (its error event); the connection handles those.
    });
  }
}

class ReleasingWriter implements MessageWriter {
  readonly onError: MessageWriter['onError'];
  readonly onClose: MessageWriter['onClose'];

  constructor(
    private readonly inner: MessageWriter,
    private readonly inFlight: InFlightIds,
  ) {
    this.onError = inner.onError;
    this.onClose = inner.onClose;
  }

  write(message: Message): Promise<void> {
    const id = responseIdOf(message);
    if (id !== undefined) this.inFlight.release(id);
    return this.inner.write(message);
  }

  end(): void {
    this.inner.end();
  }

  dispose(): void {
    this.inner.dispose();
  }
}

/**
 * The reader and writer to give the connection: duplicates of an in-flight request id are answered with -32600
 * (and `onDuplicate` is told) instead of being delivered.
 */
export function guardRequestIds(
  reader: MessageReader,
  writer: MessageWriter,
  onDuplicate: (id: RequestId, method: string) => void = () => undefined,
): { reader: MessageReader; writer: MessageWriter } {
  const inFlight = new InFlightIds();
  return { reader: new GuardedReader(reader, writer, inFlight, onDuplicate), writer: new ReleasingWriter(writer, inFlight) };
}
