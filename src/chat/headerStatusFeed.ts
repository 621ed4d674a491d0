// Tells the chat what its header says (ShownSession.headerStatus) whenever that changes: the agent's status, the
// session shown, its turn and what it waits for, the start under way. Posts only real changes.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { HeaderStatusView } from '../shared/headerStatus';
import type { Session } from '../session/session';
import type { SessionRegistry } from '../session/sessionRegistry';
import type { ShownSession } from './shownSession';

export class HeaderStatusFeed {
  private readonly emitter = new Emitter<HeaderStatusView>();
  /** The header's status changed. */
  readonly onDidChange: Event<HeaderStatusView> = this.emitter.event;
  private last: string;
  private sessionSubscription: { dispose(): void } | undefined;
  private readonly subscriptions: { dispose(): void }[];

  constructor(private readonly shown: ShownSession, registry: SessionRegistry) {
    this.last = JSON.stringify(shown.headerStatus);
    this.subscriptions = [
      shown.onDidChangeAgent(() => this.update()),
      shown.onDidChangeStarting(() => this.update()),
      shown.onDidChangeSession((session) => this.follow(session)),
      registry.onDidChangeSessions(() => this.update()),
      registry.onDidFinishOpening(() => this.update()),
    ];
    this.follow(shown.session);
  }

  get current(): HeaderStatusView {
    return this.shown.headerStatus;
  }

  dispose(): void {
    this.sessionSubscription?.dispose();
    this.subscriptions.forEach((subscription) => subscription.dispose());
    this.emitter.dispose();
  }

  private follow(session: Session | undefined): void {
    this.sessionSubscription?.dispose();
    this.sessionSubscription = session?.onDidChange(() => this.update());
    this.update();
  }

  private update(): void {
    const status = this.shown.headerStatus;
    const json = JSON.stringify(status);
    if (json === this.last) return;
    this.last = json;
    this.emitter.fire(status);
  }
}
