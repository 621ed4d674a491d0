// Knowing when the agent's messages have all been dispatched, so its last words are handled before its exit is.
//
// vscode-jsonrpc queues each message the reader delivers and dispatches one per turn of the event loop
// (setImmediate); disposing the connection empties the queue. An agent that writes a burst and exits at once is
// known to have exited (its pipes closed) while hundreds of its messages may still wait in that queue: ending the
// connection then loses them. So a marker goes into the queue behind the last message delivered, and the
// connection's message strategy takes it out when its turn comes (no handler ever sees it): every message before
// it has then been dispatched. The marker is known by identity, so nothing the agent sends can pass for one.
import {
  DataCallback,
  Disposable,
  Emitter,
  Event,
  Message,
  MessageReader,
  MessageStrategy,
  NotificationMessage,
} from 'vscode-jsonrpc/node';

const MARKER_METHOD = '$/acpClient/dispatched';

/** The reader the connection listens to: `inner`'s messages, then, when `inner` closes, the end-of-input marker. */
export class InputDrain implements MessageReader {
  readonly onError: MessageReader['onError'];
  readonly onPartialMessage: MessageReader['onPartialMessage'];
  private readonly closeEmitter = new Emitter<void>();
  /** Fires when `inner` closes, once the end-of-input marker is queued behind its last message. */
  readonly onClose: Event<void> = this.closeEmitter.event;

  /** For the connection's options: dispatches every message but the markers, which release what waits for them. */
  readonly strategy: MessageStrategy = {
    handleMessage: (message, next) => {
      const reached = this.markers.get(message);
      if (!reached) return next(message);
      this.markers.delete(message);
      reached();
    },
  };

  /** The markers in the connection's queue, each with what waits for it. */
  private readonly markers = new Map<Message, () => void>();
  private deliver: DataCallback | undefined;
  private endOfInput: Promise<void> | undefined;
  private disposed = false;
  private readonly innerClosed: Disposable;

  constructor(private readonly inner: MessageReader) {
    this.onError = inner.onError;
    this.onPartialMessage = inner.onPartialMessage;
    this.innerClosed = inner.onClose(() => {
      this.endOfInput ??= this.mark();
      this.closeEmitter.fire();
    });
  }

  listen(callback: DataCallback): Disposable {
    this.deliver = callback;
    return this.inner.listen(callback);
  }

  /**
   * Resolves once every message delivered so far has been dispatched; after the input ended, every message it held
   * (a reader delivers all it read before it closes). Resolves at once when nothing is listening (any more).
   */
  dispatched(): Promise<void> {
    return this.endOfInput ?? this.mark();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.innerClosed.dispose();
    this.inner.dispose();
    // The connection dropped its queue: nothing more will be dispatched, so nothing is left to wait for.
    for (const reached of this.markers.values()) reached();
    this.markers.clear();
    this.closeEmitter.dispose();
  }

  /** Queues a marker behind what was delivered so far; resolves when it is dispatched (or on dispose). */
  private mark(): Promise<void> {
    const deliver = this.deliver;
    if (this.disposed || !deliver) return Promise.resolve();
    const marker: NotificationMessage = { jsonrpc: '2.0', method: MARKER_METHOD };
    return new Promise<void>((resolve) => {
      this.markers.set(marker, resolve);
      deliver(marker);
    });
  }
}
