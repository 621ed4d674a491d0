// The session reducer: applies what the agent and the user do to a SessionState, in place, and says what changed
// (SessionChange: entry ids and whether the header changed) so the host can post exactly those to the view.
// Pure TypeScript: no `vscode`, no node. Wire data is read leniently: what has the wrong shape is skipped, the
// rest of the update still applies, and nothing here throws on input.
//
// Entry ids: `t:<toolCallId>` for tool calls, `e<n>` for everything else; `rev` starts at 1 and is bumped on every
// change of an entry. Rules per variant are documented in chunks.ts, toolCallPatch.ts, toolCalls.ts,
// headerUpdates.ts and agentNotices.ts (notice, compaction); elicitation entries in elicitations.ts.
import type { ContentBlock } from '../acp';
import { addAgentNotice, appendCompactionSummary, applyCompactionUpdate } from './agentNotices';
import { appendChunk, ownContentBlock } from './chunks';
import { HEADER_UPDATES } from './headerUpdates';
import type { NoticeFailure, NoticeSeverity, SessionChange, SessionState, TurnState } from './model';
import { isRecord } from '../text/narrow';
import { applyPlanRemoved, applyPlanUpdate } from './plans';
import { appendSeqEntry, emptyChange, entryChange, headerChange, initBook } from './reducerBook';
import { appendToolCallContent, cancelUnfinishedToolCalls, upsertToolCall } from './toolCalls';
import { applySessionMessage, applySubagentUpdate, linkToolCallSessions } from './subagents';

export { clearPermissionRequest, findToolCall, markToolCallsUndone, setPermissionRequest, setPolicyDecision } from './toolCalls';
export { addElicitation, completeElicitation, findElicitation, settleElicitation } from './elicitations';

export function createSessionState(sessionId: string): SessionState {
  const state: SessionState = {
    sessionId,
    header: { turn: 'idle', plan: [], availableCommands: [], availableModes: [], configOptions: [] },
    entries: [],
  };
  initBook(state);
  return state;
}

/**
 * Applies one session/update payload (the `update` object of a session/update notification, as it came from the
 * wire). Never throws on input. An update that is not an object, or whose `sessionUpdate` is missing or unknown,
 * changes nothing and is reported to `onUnknown` (with the variant name, or "(missing)" / "(not an object)").
 * A known variant with unusable fields (e.g. no toolCallId) changes nothing and is not reported.
 */
export function applySessionUpdate(
  state: SessionState,
  update: unknown,
  now: number,
  onUnknown?: (kind: string) => void,
): SessionChange {
  if (!isRecord(update)) {
    onUnknown?.('(not an object)');
    return emptyChange();
  }
  const kind = update.sessionUpdate;
  switch (kind) {
    case 'agent_message_chunk':
      return appendChunk(state, 'agent', update, now);
    case 'agent_thought_chunk':
      return appendChunk(state, 'thought', update, now);
    case 'user_message_chunk':
      return appendChunk(state, 'user', update, now);
    case 'tool_call':
    case 'tool_call_update':
      return linkToolCallSessions(state, update, upsertToolCall(state, update));
    case 'tool_call_content_chunk':
      return linkToolCallSessions(state, update, appendToolCallContent(state, update));
    // Subagent sessions (subagents.ts).
    case 'subagent_update':
      return applySubagentUpdate(state, update);
    case 'session_message':
    case 'session_message_chunk':
      return applySessionMessage(state, update, kind === 'session_message_chunk');
    // Advisory rows (agentNotices.ts).
    case 'notice':
      return addAgentNotice(state, update);
    case 'compaction_update':
      return applyCompactionUpdate(state, update);
    case 'compaction_summary_chunk':
      return appendCompactionSummary(state, update);
    // Identified plans (plans.ts).
    case 'plan_update':
      return applyPlanUpdate(state.header, update);
    case 'plan_removed':
      return applyPlanRemoved(state.header, update);
  }
  const headerUpdate = typeof kind === 'string' ? HEADER_UPDATES.get(kind) : undefined;
  if (headerUpdate) return headerUpdate(state.header, update);
  onUnknown?.(typeof kind === 'string' ? kind : '(missing)');
  return emptyChange();
}

/** The user's prompt, as sent in session/prompt: always a new entry. Invalid blocks are skipped. */
export function addUserMessage(state: SessionState, content: ContentBlock[]): SessionChange {
  const blocks: ContentBlock[] = [];
  for (const raw of Array.isArray(content) ? (content as unknown[]) : []) {
    const block = ownContentBlock(raw);
    if (block) blocks.push(block);
  }
  const entry = appendSeqEntry(state, (id) => ({ kind: 'user', id, rev: 1, content: blocks }));
  return entryChange(entry.id);
}

export function addNotice(state: SessionState, severity: NoticeSeverity, text: string, detail?: string, failure?: NoticeFailure): SessionChange {
  const entry = appendSeqEntry(state, (id) => ({
    kind: 'notice',
    id,
    rev: 1,
    severity,
    text,
    ...(detail === undefined ? {} : { detail }),
    ...(failure === undefined ? {} : { failure }),
  }));
  return entryChange(entry.id);
}

/** `startedAt` (epoch ms): a turn starts now (its elapsed time is counted from it; the last turn's failure is forgotten). */
export function setTurnState(state: SessionState, turn: TurnState, startedAt?: number): SessionChange {
  if (state.header.turn === turn) return emptyChange();
  state.header.turn = turn;
  if (startedAt !== undefined) {
    state.header.turnStartedAt = startedAt;
    delete state.header.turnFailed;
  }
  return headerChange();
}

/**
 * Shows the current turn's unfinished tool calls as cancelled without ending the turn: for the moment the client
 * sends session/cancel (the spec's "preemptively mark"). Updates the agent sends afterwards still apply.
 */
export function markTurnToolCallsCancelled(state: SessionState): SessionChange {
  return cancelUnfinishedToolCalls(state, false);
}

/**
 * The prompt ended (any stop reason, or an error: `undefined`). Marks this turn's unfinished tool calls (pending,
 * in_progress, or awaiting permission) as cancelled, sets the turn to idle, records the stop reason in the header
 * (`undefined` clears it) and starts the next turn's bookkeeping.
 */
export function endTurn(state: SessionState, stopReason: string | undefined): SessionChange {
  const change = cancelUnfinishedToolCalls(state, true);
  state.header.turn = 'idle';
  delete state.header.turnStartedAt;
  if (typeof stopReason === 'string') {
    state.header.lastStopReason = stopReason;
    delete state.header.turnFailed;
  } else {
    delete state.header.lastStopReason;
    state.header.turnFailed = true;
  }
  change.header = true;
  return change;
}
