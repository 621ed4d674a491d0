// The requests of a subagent (and of its own children) that wait for the user, found from its row in the parent's
// transcript, so that what announces the parent's requests (the notifiers) announces the children's too, in their
// name. Pure.
import type { ElicitationEntry, ToolCallEntry } from './model';
import type { SubagentEntry } from './subagentModel';
import { subagentLabel } from './subagentModel';
import { withVisibleMarkers } from '../text/visibleText';

export interface ThreadRequest {
  /** A tool call with an open permission request, or an unanswered question. */
  entry: ToolCallEntry | ElicitationEntry;
  /** The child that asks. */
  child: SubagentEntry;
}

/** The open requests in the thread of `row` (its child's, then those of the child's children), at most 8 levels down. */
export function waitingInThread(row: SubagentEntry, depth = 0): ThreadRequest[] {
  if (row.waiting === 0 || depth > 8) return [];
  const found: ThreadRequest[] = [];
  for (const entry of row.entries) {
    if ((entry.kind === 'tool_call' && entry.permission) || (entry.kind === 'elicitation' && entry.outcome === undefined)) found.push({ entry, child: row });
    else if (entry.kind === 'subagent') found.push(...waitingInThread(entry, depth + 1));
  }
  return found;
}

/** Who asks, in a notification: the subagent, by its name (hidden characters marked: a notification is plain text). */
export function subagentAsker(child: SubagentEntry): string {
  return `The subagent “${withVisibleMarkers(subagentLabel(child))}”`;
}
