// Tool call entries in a session: upserts from the agent, content chunks, permission state, and cancellation.
//
// Turn membership: a tool call belongs to the current turn when it was created or changed (by an update, a content
// chunk or a permission request) since the last endTurn. So a call announced in an earlier turn and updated now
// counts as this turn's, and anything the agent sent between turns (or replayed by session/load) counts towards
// the next turn that ends.
import type { OpenPermissionOption } from '../acp';
import type { PolicyDecision, SessionChange, SessionState, ToolCallEntry } from './model';
import { isRecord } from '../text/narrow';
import {
  appendToolEntry,
  emptyChange,
  entryChange,
  forgetPermission,
  lookupToolCall,
  rememberPermission,
  toolEntryId,
  touchForTurn,
  turnToolCallIds,
} from './reducerBook';
import { newToolCallEntry, patchToolCall, toToolCallContent } from './toolCallPatch';

export const CANCELLED_STATUS = 'cancelled';

/** Statuses after which a tool call is not waiting for anything. Unknown (custom) statuses are left alone too. */
const UNFINISHED_STATUSES = new Set(['pending', 'in_progress']);

export function findToolCall(state: SessionState, toolCallId: string): ToolCallEntry | undefined {
  return lookupToolCall(state, toolCallId);
}

function obtain(state: SessionState, toolCallId: string): { entry: ToolCallEntry; created: boolean } {
  const found = lookupToolCall(state, toolCallId);
  if (found) return { entry: found, created: false };
  const entry = newToolCallEntry(toolEntryId(toolCallId), toolCallId);
  appendToolEntry(state, entry);
  return { entry, created: true };
}

/** `tool_call` and `tool_call_update`: both upsert by toolCallId. */
export function upsertToolCall(state: SessionState, update: Record<string, unknown>): SessionChange {
  const toolCallId = update.toolCallId;
  if (typeof toolCallId !== 'string') return emptyChange();
  const { entry, created } = obtain(state, toolCallId);
  touchForTurn(state, toolCallId);
  const applied = patchToolCall(entry, update);
  if (created) return entryChange(entry.id);
  if (!applied) return emptyChange();
  entry.rev++;
  return entryChange(entry.id);
}

/** v2 `tool_call_content_chunk`: appends its one `content` item. Its `_meta` is chunk-scoped and not kept. */
export function appendToolCallContent(state: SessionState, update: Record<string, unknown>): SessionChange {
  const toolCallId = update.toolCallId;
  const item = toToolCallContent(update.content);
  if (typeof toolCallId !== 'string' || item === undefined) return emptyChange();
  const { entry, created } = obtain(state, toolCallId);
  touchForTurn(state, toolCallId);
  entry.content.push(item);
  if (!created) entry.rev++;
  return entryChange(entry.id);
}

/**
 * A session/request_permission: creates the tool call when unknown, merges the request's `toolCall` fields and
 * sets `permission`. A request whose toolCall has no usable id still gets an entry (keyed by the request), so
 * the user can answer it. `conflictingCommands`: the different commands the request names (the prompt shows each).
 */
export function setPermissionRequest(
  state: SessionState,
  toolCall: unknown,
  options: unknown,
  requestKey: string,
  conflictingCommands?: readonly string[],
): SessionChange {
  const fields = isRecord(toolCall) ? toolCall : {};
  const toolCallId = typeof fields.toolCallId === 'string' ? fields.toolCallId : `permission:${requestKey}`;
  const { entry, created } = obtain(state, toolCallId);
  touchForTurn(state, toolCallId);
  patchToolCall(entry, fields);
  if (entry.permission && entry.permission.requestKey !== requestKey) forgetPermission(state, entry.permission.requestKey);
  entry.permission = { requestKey, options: toPermissionOptions(options), ...(conflictingCommands ? { conflictingCommands: [...conflictingCommands] } : {}) };
  rememberPermission(state, requestKey, toolCallId);
  if (!created) entry.rev++;
  return entryChange(entry.id);
}

export function clearPermissionRequest(state: SessionState, requestKey: string): SessionChange {
  const toolCallId = forgetPermission(state, requestKey);
  const entry = toolCallId === undefined ? undefined : lookupToolCall(state, toolCallId);
  if (!entry || entry.permission?.requestKey !== requestKey) return emptyChange();
  delete entry.permission;
  entry.rev++;
  return entryChange(entry.id);
}

/** The user's policy answered the request about this call (a rule or the level decided): the card says so. */
export function setPolicyDecision(state: SessionState, toolCallId: unknown, decision: PolicyDecision): SessionChange {
  const entry = typeof toolCallId === 'string' ? lookupToolCall(state, toolCallId) : undefined;
  if (!entry) return emptyChange();
  entry.decidedBy = { decision: decision.decision, rule: decision.rule };
  entry.rev++;
  return entryChange(entry.id);
}

/** The user undid the file changes of these calls: their cards say so. Calls not in the transcript are skipped. */
export function markToolCallsUndone(state: SessionState, toolCallIds: readonly string[]): SessionChange {
  const change = emptyChange();
  for (const toolCallId of toolCallIds) {
    const entry = lookupToolCall(state, toolCallId);
    if (!entry || entry.undone) continue;
    entry.undone = true;
    entry.rev++;
    change.entries.push(entry.id);
  }
  return change;
}

/**
 * Shows this turn's unfinished tool calls (pending, in_progress, or awaiting permission) as cancelled and drops
 * their pending permission. Later updates from the agent still apply on top.
 */
export function cancelUnfinishedToolCalls(state: SessionState, endsTurn: boolean): SessionChange {
  const change = emptyChange();
  for (const toolCallId of turnToolCallIds(state, endsTurn)) {
    const entry = lookupToolCall(state, toolCallId);
    if (!entry || !(UNFINISHED_STATUSES.has(entry.status) || entry.permission)) continue;
    entry.status = CANCELLED_STATUS;
    if (entry.permission) {
      forgetPermission(state, entry.permission.requestKey);
      delete entry.permission;
    }
    entry.rev++;
    change.entries.push(entry.id);
  }
  return change;
}

/** Options with a string optionId; a missing name falls back to the id, a missing kind to "" (drawn generically). */
export function toPermissionOptions(value: unknown): OpenPermissionOption[] {
  if (!Array.isArray(value)) return [];
  const options: OpenPermissionOption[] = [];
  for (const raw of value) {
    if (!isRecord(raw) || typeof raw.optionId !== 'string') continue;
    options.push({
      ...raw,
      optionId: raw.optionId,
      name: typeof raw.name === 'string' ? raw.name : raw.optionId,
      kind: typeof raw.kind === 'string' ? raw.kind : '',
    });
  }
  return options;
}
