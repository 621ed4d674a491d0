// The open sessions and the history list the host sends, and whether the history view is open (view state). Pure
// (runs under mocha).
import type { HistoryItemView, HistoryMessage, SessionsMessage } from '../../../src/shared/protocol/sessionsProtocol';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';
import { isRecord } from '../../../src/shared/text/narrow';

/** The shallow check of a `sessions` or `history` message from the host (see hostMessage.ts). */
export function asSessionsHostMessage(value: Record<string, unknown>): SessionsMessage | HistoryMessage | undefined {
  if (value.type === 'sessions') {
    const ok = Array.isArray(value.sessions) && value.sessions.every((row) => isRecord(row) && typeof row.key === 'string' && typeof row.title === 'string');
    return ok && (value.currentKey === null || typeof value.currentKey === 'string') ? (value as unknown as SessionsMessage) : undefined;
  }
  if (value.type === 'history') {
    const ok = Array.isArray(value.items) && value.items.every((item) => isRecord(item) && typeof item.agentId === 'string' && typeof item.sessionId === 'string');
    return ok && typeof value.hasMore === 'boolean' && typeof value.loading === 'boolean' ? (value as unknown as HistoryMessage) : undefined;
  }
  return undefined;
}

export interface SessionsState {
  sessions?: SessionsMessage;
  history?: HistoryMessage;
  historyOpen: boolean;
}

/** How many sessions other than the shown one wait for the user (a permission request or a question). */
export function waitingElsewhere(sessions: SessionsMessage | undefined): number {
  if (!sessions) return 0;
  return sessions.sessions.filter((row) => row.activity === 'needsYou' && row.key !== sessions.currentKey).length;
}

export class SessionsStore {
  private current: SessionsState = { historyOpen: false };
  private readonly listeners = new Set<() => void>();

  get state(): SessionsState {
    return this.current;
  }

  apply(message: HostToWebview): void {
    if (message.type === 'sessions') this.set({ ...this.current, sessions: message });
    else if (message.type === 'history') this.set({ ...this.current, history: message });
    // Another session shown (from the history, the palette, a notification): the chat shows it.
    else if (message.type === 'snapshot' && this.current.historyOpen) this.set({ ...this.current, historyOpen: false });
    // A session from the history could not come back: the chat says why (with Retry).
    else if (message.type === 'starting' && message.starting?.reopen && message.starting.state === 'failed') this.setHistoryOpen(false);
  }

  /** A session chosen in the switcher: the chat shows it (no snapshot follows when it is the shown one already). */
  chooseOpenSession(): void {
    this.setHistoryOpen(false);
  }

  /**
   * A session chosen in the history. An open one is only shown, so the chat comes back at once (no snapshot follows
   * when it is the shown one already); a closed one keeps the history until its snapshot arrives (its agent may have
   * to start first; when it cannot come back, the chat says why).
   */
  chooseHistoryItem(item: Pick<HistoryItemView, 'open'>): void {
    if (item.open) this.setHistoryOpen(false);
  }

  setHistoryOpen(open: boolean): void {
    if (open !== this.current.historyOpen) this.set({ ...this.current, historyOpen: open });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(state: SessionsState): void {
    this.current = state;
    for (const listener of [...this.listeners]) listener();
  }
}
