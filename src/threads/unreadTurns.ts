// "Done, unread": a session whose turn ended while it was not on screen, until it is shown. No `vscode`.
import { Emitter, type Event } from 'vscode-jsonrpc/node';
import type { TurnObserver } from '../session/sessionTurns';
import type { SessionKey } from '../shared/sessionKey';
import type { OnScreen } from './onScreen';

/** An open session as far as its turns go. */
export interface TurnsOf {
  readonly key: SessionKey;
  readonly session: { observeTurns(observer: TurnObserver): { dispose(): void } };
}

export interface OpenTurns {
  readonly openSessions: readonly TurnsOf[];
  readonly onDidOpenSession: Event<TurnsOf>;
  readonly onDidCloseSession: Event<TurnsOf>;
}

export class UnreadTurns {
  private readonly unread = new Set<SessionKey>();
  private readonly watched = new Map<SessionKey, { dispose(): void }>();
  private readonly subscriptions: { dispose(): void }[];
  private readonly changeEmitter = new Emitter<void>();
  /** A session became unread, or was read. */
  readonly onDidChange: Event<void> = this.changeEmitter.event;

  constructor(
    sessions: OpenTurns,
    private readonly onScreen: OnScreen,
  ) {
    sessions.openSessions.forEach((open) => this.watch(open));
    this.subscriptions = [
      sessions.onDidOpenSession((open) => this.watch(open)),
      sessions.onDidCloseSession((open) => this.forget(open.key)),
      onScreen.onDidChange(() => this.seen()),
    ];
  }

  /** The session's last turn ended while it was not on screen, and it was not shown since. */
  has(key: SessionKey): boolean {
    return this.unread.has(key);
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => subscription.dispose());
    this.watched.forEach((subscription) => subscription.dispose());
    this.watched.clear();
    this.changeEmitter.dispose();
  }

  private watch(open: TurnsOf): void {
    if (this.watched.has(open.key)) return;
    const key = open.key;
    this.watched.set(key, open.session.observeTurns({ didEndTurn: () => this.turnEnded(key) }));
  }

  private turnEnded(key: SessionKey): void {
    if (this.onScreen.isOnScreen(key) || this.unread.has(key)) return;
    this.unread.add(key);
    this.changeEmitter.fire();
  }

  private seen(): void {
    const read = [...this.unread].filter((key) => this.onScreen.isOnScreen(key));
    read.forEach((key) => this.unread.delete(key));
    if (read.length > 0) this.changeEmitter.fire();
  }

  private forget(key: SessionKey): void {
    this.watched.get(key)?.dispose();
    this.watched.delete(key);
    if (this.unread.delete(key)) this.changeEmitter.fire();
  }
}
