// Elicitation entries in the transcript: one per `elicitation/create` the session shows, from the moment it is
// asked until it is answered (then it stays, saying how). Pure: no vscode, no node. Lookups scan from the newest
// entry: open elicitations are few and recent.
import type { ElicitationAction, ElicitationEntry, ElicitationRequest, SessionChange, SessionState } from './model';
import { appendSeqEntry, emptyChange, entryChange } from './reducerBook';

export interface ElicitationAsk {
  requestKey: string;
  message: string;
  toolCallId?: string;
  request: ElicitationRequest;
}

export function addElicitation(state: SessionState, ask: ElicitationAsk): SessionChange {
  const entry = appendSeqEntry(state, (id) => ({
    kind: 'elicitation' as const,
    id,
    rev: 1,
    requestKey: ask.requestKey,
    message: ask.message,
    ...(ask.toolCallId === undefined ? {} : { toolCallId: ask.toolCallId }),
    request: ask.request,
  }));
  return entryChange(entry.id);
}

export function findElicitation(state: SessionState, requestKey: string): ElicitationEntry | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const entry = state.entries[i];
    if (entry.kind === 'elicitation' && entry.requestKey === requestKey) return entry;
  }
  return undefined;
}

/** Records how the request was answered; an answered one keeps its first outcome. */
export function settleElicitation(state: SessionState, requestKey: string, outcome: ElicitationAction): SessionChange {
  const entry = findElicitation(state, requestKey);
  if (!entry || entry.outcome !== undefined) return emptyChange();
  entry.outcome = outcome;
  entry.rev++;
  return entryChange(entry.id);
}

/**
 * `elicitation/complete`: marks the newest URL elicitation with this id done. Unknown and already completed ids
 * change nothing (the spec says to ignore them).
 */
export function completeElicitation(state: SessionState, elicitationId: string): SessionChange {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const entry = state.entries[i];
    if (entry.kind !== 'elicitation' || entry.request.mode !== 'url' || entry.request.elicitationId !== elicitationId) continue;
    if (entry.completed) return emptyChange();
    entry.completed = true;
    entry.rev++;
    return entryChange(entry.id);
  }
  return emptyChange();
}
