// A permission request's tool call as the session knows it: the transcript's entry for it (earlier updates) with the
// request's own \`toolCall\` fields laid over, on a copy. Pure.
import type { SessionState, ToolCallEntry } from './model';
import { findToolCall } from './reducer';
import { newToolCallEntry, patchToolCall } from './toolCallPatch';

/** The tool call as it will be once the request's `toolCall` is merged in; the session state is not changed. */
export function mergedToolCall(state: SessionState, toolCall: Record<string, unknown> & { toolCallId: string }): ToolCallEntry {
  const known = findToolCall(state, toolCall.toolCallId);
  const entry: ToolCallEntry = known
    ? { ...known, locations: [...known.locations], content: [...known.content], extra: { ...known.extra } }
    : newToolCallEntry(`t:${toolCall.toolCallId}`, toolCall.toolCallId);
  patchToolCall(entry, toolCall);
  return entry;
}
