// Tells a chat surface's view what its header says (ChatSurface.headerStatus) whenever that changes: the agent's status, the
// session shown, the start under way at once; the shown session's turn and what it waits for through the registry's
// coalesced notice of session changes (at most one every ~50 ms, so a streamed flood costs nothing here). Posts only
// real changes.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { HeaderStatusView } from '../shared/headerStatus';
import type { SessionRegistry } from '../session/sessionRegistry';
import type { ChatSurface } from './chatSurface';

export class HeaderStatusFeed {
  private readonly emitter = new Emitter<HeaderStatusView>();
  /** The header's status changed. */
  readonly onDidChange: Event<HeaderStatusView> = this.emitter.event;
  private last: string;
  private readonly subscriptions: { dispose(): void }[];

  constructor(private readonly shown: ChatSurface, registry: SessionRegistry) {
    this.last = JSON.stringify(shown.headerStatus);
    this.subscriptions = [
      shown.onDidChangeAgent(() => this.update()),
      shown.onDidChangeStarting(() => this.update()),
      shown.onDidChangeSession(() => this.update()),
      // Any change of an open session (its turn, a request waiting for the user, the stop overdue), coalesced.
      registry.onDidChangeSessions(() => this.update()),
      registry.onDidFinishOpening(() => this.update()),
    ];
  }

  get current(): HeaderStatusView {
    return this.shown.headerStatus;
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => subscription.dispose());
    this.emitter.dispose();
  }

  private update(): void {
    const status = this.shown.headerStatus;
    const json = JSON.stringify(status);
    if (json === this.last) return;
    this.last = json;
    this.emitter.fire(status);
  }
}
