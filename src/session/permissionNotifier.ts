// Permission requests the user cannot see (the chat panel is hidden, or the request is in a session behind the shown
// one): a notification offers the same options (the first three as buttons, plus "Show", which brings the panel up
// with that session). A button says what its option's kind does, the agent's wording beside it when that differs;
// hidden and direction-changing characters in what the agent named are shown as markers ("⟨U+202E⟩"), with a
// warning, since a notification is plain text. The request settles once, wherever it is answered first: a
// button pressed after the panel answered changes nothing. A subagent's request is announced in the subagent's name.
// No `vscode` here: the glue passes in the UI calls.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { OpenPermissionOption } from '../shared/acp';
import type { SessionChange, SessionState, ToolCallEntry } from '../shared/transcript/model';
import { optionLabel } from '../shared/permissionOptionLabel';
import { hiddenCharsWarning, hiddenCodesIn, withVisibleMarkers } from '../shared/text/visibleText';
import { findToolCall } from '../shared/transcript/reducer';
import { subagentState } from '../shared/transcript/subagents';
import type { SubagentEntry } from '../shared/transcript/subagentModel';
import { subagentAsker, waitingInThread } from '../shared/transcript/subagentRequests';
import { OpenSessionsSource, watchOpenSessions } from './openSessionsWatch';

/** Tool call entries have the id `t:<toolCallId>` (see reducerBook), subagent rows `s:<childSessionId>`. */
const TOOL_ENTRY_PREFIX = 't:';
const SUBAGENT_ENTRY_PREFIX = 's:';

export const SHOW_BUTTON = 'Show';
/** Options offered as buttons; more are reached through "Show". */
export const MAX_OPTION_BUTTONS = 3;

export interface NotifierUi {
  /** A chat view that shows this session is on screen (its requests need no notification). */
  isOnScreen(session: unknown): boolean;
  /** Resolves with the pressed button, or undefined when the notification was dismissed. */
  show(message: string, buttons: string[]): PromiseLike<string | undefined>;
  /** Brings the chat panel up, showing this session. */
  showPanel(session: unknown): void;
}

export interface NotifierSession {
  readonly state: SessionState;
  readonly onDidChange: Event<SessionChange>;
  choosePermission(requestKey: string, optionId: string): boolean;
}

export type NotifierSessions = OpenSessionsSource<NotifierSession>;

export interface PermissionNotice {
  requestKey: string;
  message: string;
  buttons: string[];
}

/** A button's text: what the option's kind does, then the agent's wording when it differs ("Allow always ("Reject")"). */
export function noticeButtonLabel(option: OpenPermissionOption): string {
  const { label, agentWording } = optionLabel(option);
  return withVisibleMarkers(agentWording === undefined ? label : `${label} (“${agentWording}”)`);
}

/**
 * The notification's text: the tool call's title (hidden characters marked), every command when its raw input names
 * several that disagree, and a warning when any of it or an option had hidden characters.
 */
export function noticeMessage(title: string, options: readonly OpenPermissionOption[], asker = 'The agent', commands: readonly string[] = []): string {
  const named = commands.length > 1 ? `. It names ${commands.length} different commands: ${commands.map((c) => `\`${withVisibleMarkers(c)}\``).join(', ')}` : '';
  const message = `${asker} asks for permission: ${withVisibleMarkers(title.trim()) || 'a tool call'}${named}`;
  const hidden = hiddenCodesIn([title, ...commands, ...options.map((option) => String(option.name ?? ''))]);
  return hidden.length > 0 ? `${message}. ${hiddenCharsWarning(hidden)}` : message;
}

/** The buttons for these options: their labels (numbered when two share one), then "Show". */
export function noticeButtons(options: readonly OpenPermissionOption[]): { buttons: string[]; optionIds: Map<string, string> } {
  const optionIds = new Map<string, string>();
  for (const [index, option] of options.slice(0, MAX_OPTION_BUTTONS).entries()) {
    let label = noticeButtonLabel(option);
    if (optionIds.has(label) || label === SHOW_BUTTON) label = `${index + 1}. ${label}`;
    optionIds.set(label, option.optionId);
  }
  return { buttons: [...optionIds.keys(), SHOW_BUTTON], optionIds };
}

export class PermissionNotifier {
  private readonly notified = new Map<string, { session: NotifierSession; toolCallId: string; childId?: string; optionIds: Map<string, string> }>();
  private readonly subscription: { dispose(): void };
  private readonly noticeEmitter = new Emitter<PermissionNotice>();
  /** A notification was shown. */
  readonly onDidNotify: Event<PermissionNotice> = this.noticeEmitter.event;

  constructor(
    sessions: NotifierSessions,
    private readonly ui: NotifierUi,
  ) {
    this.subscription = watchOpenSessions(
      sessions,
      (session, change) => this.onChange(session, change),
      (session) => this.forget(session),
    );
  }

  /**
   * A notification button was pressed: the option is chosen unless the request was answered meanwhile (then
   * nothing happens and false is returned). "Show" brings the panel up.
   */
  answer(requestKey: string, button: string | undefined): boolean {
    const notice = this.notified.get(requestKey);
    if (button === SHOW_BUTTON) {
      this.ui.showPanel(notice?.session);
      return false;
    }
    if (!notice || button === undefined) return false;
    const optionId = notice.optionIds.get(button);
    if (optionId === undefined) return false;
    this.notified.delete(requestKey);
    return notice.session.choosePermission(requestKey, optionId);
  }

  dispose(): void {
    this.subscription.dispose();
    this.noticeEmitter.dispose();
  }

  private forget(session: NotifierSession): void {
    for (const [key, notice] of [...this.notified]) if (notice.session === session) this.notified.delete(key);
  }

  private onChange(session: NotifierSession, change: SessionChange): void {
    // Requests answered (anywhere) or withdrawn are forgotten: a late button press finds nothing.
    for (const [key, notice] of [...this.notified]) {
      if (notice.session !== session) continue;
      const state = notice.childId === undefined ? session.state : subagentState(session.state, notice.childId);
      if (!state || findToolCall(state, notice.toolCallId)?.permission?.requestKey !== key) this.notified.delete(key);
    }
    for (const id of change.entries) {
      if (id.startsWith(SUBAGENT_ENTRY_PREFIX)) {
        this.notifyThread(session, id);
        continue;
      }
      if (!id.startsWith(TOOL_ENTRY_PREFIX)) continue;
      const entry = findToolCall(session.state, id.slice(TOOL_ENTRY_PREFIX.length));
      if (entry?.permission && !this.notified.has(entry.permission.requestKey)) this.notify(session, entry);
    }
  }

  /** The permission requests waiting in a subagent's thread (the row `id` changed). */
  private notifyThread(session: NotifierSession, id: string): void {
    const entries = session.state.entries;
    let at = entries.length - 1;
    while (at >= 0 && entries[at].id !== id) at--;
    const row = entries[at];
    if (row?.kind !== 'subagent') return;
    for (const { entry, child } of waitingInThread(row)) {
      if (entry.kind === 'tool_call' && entry.permission && !this.notified.has(entry.permission.requestKey)) this.notify(session, entry, child);
    }
  }

  private notify(session: NotifierSession, entry: ToolCallEntry, child?: SubagentEntry): void {
    const permission = entry.permission;
    if (!permission || this.ui.isOnScreen(session)) return;
    const { buttons, optionIds } = noticeButtons(permission.options);
    const key = permission.requestKey;
    this.notified.set(key, { session, toolCallId: entry.toolCallId, optionIds, ...(child ? { childId: child.childSessionId } : {}) });
    const message = noticeMessage(entry.title, permission.options, child ? subagentAsker(child) : undefined, permission.conflictingCommands);
    this.noticeEmitter.fire({ requestKey: key, message, buttons });
    void Promise.resolve(this.ui.show(message, buttons)).then(
      (button) => this.answer(key, button),
      () => undefined,
    );
  }
}
