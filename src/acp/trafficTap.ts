// Sees every JSON-RPC message in both directions (for the "ACP Traffic" log) without touching the framing.
import type { DataCallback, Disposable, Message, MessageReader, MessageWriter } from 'vscode-jsonrpc/node';

export type TrafficDirection = 'client→agent' | 'agent→client';

export interface TrafficObserver {
  /** Checked before each message so a disabled log costs nothing. */
  readonly enabled: boolean;
  record(direction: TrafficDirection, message: Message): void;
}

export class TappedReader implements MessageReader {
  readonly onError: MessageReader['onError'];
  readonly onClose: MessageReader['onClose'];
  readonly onPartialMessage: MessageReader['onPartialMessage'];

  constructor(
    private readonly inner: MessageReader,
    private readonly observer: TrafficObserver,
  ) {
    this.onError = inner.onError;
    this.onClose = inner.onClose;
    this.onPartialMessage = inner.onPartialMessage;
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => {
      if (this.observer.enabled) this.observer.record('agent→client', message);
      callback(message);
    });
  }

  dispose(): void {
    this.inner.dispose();
  }
}

export class TappedWriter implements MessageWriter {
  readonly onError: MessageWriter['onError'];
  readonly onClose: MessageWriter['onClose'];

  constructor(
    private readonly inner: MessageWriter,
    private readonly observer: TrafficObserver,
  ) {
    this.onError = inner.onError;
    this.onClose = inner.onClose;
  }

  write(message: Message): Promise<void> {
    if (this.observer.enabled) this.observer.record('client→agent', message);
    return this.inner.write(message);
  }

  end(): void {
    this.inner.end();
  }

  dispose(): void {
    this.inner.dispose();
  }
}
