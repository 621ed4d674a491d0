// The memory caps of subagent transcripts. A child's transcript is a session's transcript one level down: the text
// its entries hold is counted by a budget of its own (transcriptCaps.ts, the same caps), and past the cap its oldest
// entries leave memory: they go out with the change (`dropped`, for the host's spill file) and the child's header
// says how many. The row's count of what the child holds is what the parent's budget counts for it. Pure.
import type { EntryId, SessionState } from './model';
import type { SubagentEntry } from './subagentModel';
import { noteChildChars, TextBudget, TrimResult } from './transcriptCaps';

const budgets = new WeakMap<SessionState, TextBudget>();

function budgetOf(child: SessionState): TextBudget {
  let budget = budgets.get(child);
  if (!budget) {
    budget = new TextBudget(child);
    budget.note({ entries: child.entries.map((entry) => entry.id), header: false });
    budgets.set(child, budget);
  }
  return budget;
}

/**
 * Counts the child's entries that changed, drops its oldest ones past the cap, and records on its row what the
 * child now holds. Returns what was dropped, if anything.
 */
export function capChild(entry: SubagentEntry, child: SessionState, changed: ReadonlySet<EntryId>): TrimResult | undefined {
  const budget = budgetOf(child);
  budget.note({ entries: [...changed], header: false });
  const trimmed = budget.trim();
  noteChildChars(entry, budget.retainedChars);
  if (child.header.dropped) entry.dropped = { ...child.header.dropped };
  return trimmed;
}
