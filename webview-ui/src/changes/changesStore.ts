// The files agents changed that wait for the user's Keep or Undo, as the host last sent them (the strip above the
// composer). Pure (runs under mocha).
import type { ChangesMessage } from '../../../src/shared/protocol/changesProtocol';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';

export class ChangesStore {
  private current: ChangesMessage = { type: 'changes', files: [] };
  private readonly listeners = new Set<() => void>();

  get state(): ChangesMessage {
    return this.current;
  }

  apply(message: HostToWebview): void {
    if (message.type !== 'changes') return;
    this.current = message;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
