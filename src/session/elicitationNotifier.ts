// Elicitations while the chat panel is hidden: a notification says what the agent asks and offers "Show" (brings
// the panel up, where the form or the address is reviewed and answered) and "Decline". Nothing is answered or
// opened from the notification but a decline; dismissing it leaves the request open in the chat. The request
// settles once, wherever it is answered first. A subagent's question is announced in the subagent's name. No `vscode`
// here: the glue passes in the UI calls.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import { reviewUrl } from '../shared/elicitation/elicitationUrl';
import type { ElicitationEntry, SessionChange, SessionState, TranscriptEntry } from '../shared/transcript/model';
import type { NotifierUi, PermissionNotice } from './permissionNotifier';
import type { ElicitationAnswer, ElicitationAnswerResult } from './sessionElicitations';
import { OpenSessionsSource, watchOpenSessions } from './openSessionsWatch';
import type { SubagentEntry } from '../shared/transcript/subagentModel';
import { subagentAsker, waitingInThread } from '../shared/transcript/subagentRequests';

export const SHOW = 'Show';
export const DECLINE = 'Decline';

export interface ElicitingSession {
  readonly state: SessionState;
  readonly onDidChange: Event<SessionChange>;
  answerElicitation(requestKey: string, answer: ElicitationAnswer): ElicitationAnswerResult;
}

export type ElicitingSessions = OpenSessionsSource<ElicitingSession>;

/** The notification's text: the agent's message, and for URL mode the site it wants opened (as plain text). */
export function elicitationNotice(entry: ElicitationEntry, asker = 'The agent'): string {
  const message = entry.message.trim() || `${asker} asks for information.`;
  if (entry.request.mode === 'url') {
    const host = reviewUrl(entry.request.url).host || 'an address';
    return `${asker} asks you to open a page on ${host}: ${message}`;
  }
  return `${asker} asks: ${message}`;
}

function newestWithId(state: SessionState, id: string): TranscriptEntry | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) if (state.entries[i].id === id) return state.entries[i];
  return undefined;
}

export class ElicitationNotifier {
  /** Requests announced (by their key, unique across sessions) and not yet answered from a notification. */
  private readonly notified = new Map<string, ElicitingSession>();
  private readonly subscription: { dispose(): void };
  private readonly noticeEmitter = new Emitter<PermissionNotice>();
  /** A notification was shown. */
  readonly onDidNotify: Event<PermissionNotice> = this.noticeEmitter.event;

  constructor(
    sessions: ElicitingSessions,
    private readonly ui: NotifierUi,
  ) {
    this.subscription = watchOpenSessions(
      sessions,
      (session, change) => this.onChange(session, change),
      (session) => this.forget(session),
    );
  }

  /** A notification button was pressed: "Show" brings the panel up with the session, "Decline" declines. */
  answer(requestKey: string, button: string | undefined): boolean {
    const session = this.notified.get(requestKey);
    if (!session) return false;
    if (button === SHOW) {
      this.ui.showPanel(session);
      return false;
    }
    if (button !== DECLINE) return false;
    this.notified.delete(requestKey);
    return session.answerElicitation(requestKey, { action: 'decline' }).ok;
  }

  dispose(): void {
    this.subscription.dispose();
    this.noticeEmitter.dispose();
  }

  private forget(session: ElicitingSession): void {
    for (const [key, owner] of [...this.notified]) if (owner === session) this.notified.delete(key);
  }

  private onChange(session: ElicitingSession, change: SessionChange): void {
    for (const id of change.entries) {
      const entry = newestWithId(session.state, id);
      if (entry?.kind === 'subagent') {
        for (const asked of waitingInThread(entry)) {
          if (asked.entry.kind === 'elicitation' && !this.notified.has(asked.entry.requestKey) && !this.shown(session)) this.notify(session, asked.entry, asked.child);
        }
        continue;
      }
      if (entry?.kind !== 'elicitation') continue;
      if (entry.outcome !== undefined) {
        this.notified.delete(entry.requestKey);
        continue;
      }
      if (this.notified.has(entry.requestKey) || this.shown(session)) continue;
      this.notify(session, entry);
    }
  }

  /** The session is in the chat panel, which is visible: the question is seen there. */
  private shown(session: ElicitingSession): boolean {
    return this.ui.isOnScreen(session);
  }

  private notify(session: ElicitingSession, entry: ElicitationEntry, child?: SubagentEntry): void {
    const key = entry.requestKey;
    this.notified.set(key, session);
    const message = elicitationNotice(entry, child ? subagentAsker(child) : undefined);
    const buttons = [SHOW, DECLINE];
    this.noticeEmitter.fire({ requestKey: key, message, buttons });
    void Promise.resolve(this.ui.show(message, buttons)).then(
      (button) => this.answer(key, button),
      () => undefined,
    );
  }
}
