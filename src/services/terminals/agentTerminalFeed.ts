// Feeds the agent terminal book from every open session: the `_meta` terminal reports of their tool call updates
// (agentTerminalMeta.ts), and the status of the tool calls that show those terminals (a cancel, the end of a turn).
// A subagent's commands count as its session's (the child's thread is drawn in the parent's view): kept under the
// session's key, their status read from the child's transcript. A session's terminals are forgotten when it closes.
// No `vscode` here.
import type { Event } from 'vscode-jsonrpc/node';
import { agentTerminalReports, runsInBackground } from '../../shared/transcript/agentTerminalMeta';
import type { SessionChange, SessionState, ToolCallEntry, TranscriptEntry } from '../../shared/transcript/model';
import { lookupToolCall, toolEntryId } from '../../shared/transcript/reducerBook';
import type { SessionKey } from '../../shared/sessionKey';
import { isRecord } from '../../shared/text/narrow';
import { SUBAGENT_ENTRY_PREFIX } from '../../shared/transcript/subagentModel';
import { subagentState } from '../../shared/transcript/subagents';
import type { AgentTerminalBook } from './agentTerminals';

/** What the feed reads of a session. */
export interface FedSession {
  readonly key: SessionKey;
  readonly state: SessionState;
  readonly onDidChange: Event<SessionChange>;
  /** Every session/update of the session (and of its subagents: `childSessionId`), after the transcript applied it. */
  observeUpdates(listener: (update: unknown, childSessionId?: string) => void): { dispose(): void };
}

export interface FedSessions<S extends FedSession> {
  readonly openSessions: readonly { readonly session: S }[];
  readonly onDidOpenSession: Event<{ readonly session: S }>;
  readonly onDidCloseSession: Event<{ readonly session: S }>;
}

const TOOL_UPDATES = new Set(['tool_call', 'tool_call_update']);

/** Reports the agent terminals of one update of `session` (or of its subagent `childSessionId`) to the book. */
export function feedUpdate(book: AgentTerminalBook, session: FedSession, update: unknown, childSessionId?: string): void {
  if (!isRecord(update) || !TOOL_UPDATES.has(update.sessionUpdate as string) || typeof update.toolCallId !== 'string') return;
  const reports = agentTerminalReports(update);
  if (reports.length === 0) return;
  const toolCallId = update.toolCallId;
  const state = childSessionId === undefined ? session.state : subagentState(session.state, childSessionId);
  const entry = state && lookupToolCall(state, toolCallId);
  const status = entry?.status;
  const background = runsInBackground(entry?.rawInput);
  for (const report of reports) book.report(session.key, toolCallId, report, status === undefined ? undefined : String(status), background);
}

/** The tool call of this id in one of the subagents' threads among `entries` (any depth). */
function findInThreads(entries: readonly TranscriptEntry[], id: string): ToolCallEntry | undefined {
  for (const entry of entries) {
    if (entry.kind !== 'subagent') continue;
    const found = entry.entries.find((inner): inner is ToolCallEntry => inner.kind === 'tool_call' && inner.id === id) ?? findInThreads(entry.entries, id);
    if (found) return found;
  }
  return undefined;
}

/** Tells the book the new status of the tool calls in `change` (a subagent's too) that show a running agent terminal. */
export function feedChange(book: AgentTerminalBook, session: FedSession, change: SessionChange): void {
  if (change.entries.length === 0) return;
  const open = book.openOf(session.key);
  if (open.length === 0) return;
  const changed = new Set(change.entries);
  const inThread = change.entries.some((id) => id.startsWith(SUBAGENT_ENTRY_PREFIX));
  for (const { terminalId, toolCallId } of open) {
    const own = lookupToolCall(session.state, toolCallId);
    // A card of the session's own changed when its entry did; a thread's, when a thread did.
    if (own ? !changed.has(toolEntryId(toolCallId)) : !inThread) continue;
    const entry = own ?? findInThreads(session.state.entries, toolEntryId(toolCallId));
    const status = entry?.status;
    book.toolStatus(session.key, terminalId, status === undefined ? undefined : String(status), runsInBackground(entry?.rawInput));
  }
}

export function feedAgentTerminals<S extends FedSession>(sessions: FedSessions<S>, book: AgentTerminalBook): { dispose(): void } {
  const watched = new Map<S, { dispose(): void }[]>();
  const watch = (session: S): void => {
    if (watched.has(session)) return;
    watched.set(session, [
      session.observeUpdates((update, childSessionId) => feedUpdate(book, session, update, childSessionId)),
      session.onDidChange((change) => feedChange(book, session, change)),
    ]);
  };
  sessions.openSessions.forEach((open) => watch(open.session));
  const opened = sessions.onDidOpenSession((open) => watch(open.session));
  const closed = sessions.onDidCloseSession(({ session }) => {
    watched.get(session)?.forEach((subscription) => subscription.dispose());
    watched.delete(session);
    book.sessionEnded(session.key);
  });
  return {
    dispose: () => {
      opened.dispose();
      closed.dispose();
      watched.forEach((subscriptions) => subscriptions.forEach((subscription) => subscription.dispose()));
      watched.clear();
    },
  };
}
