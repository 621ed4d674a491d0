// A subagent's transcript on its own, as markdown (its title and state, then its entries): what "Open" on its
// thread shows. Pure.
import type { SessionState } from './model';
import { workStateText } from './subagentExport';
import { subagentLabel } from './subagentModel';
import { findSubagent, subagentState } from './subagents';
import { transcriptToMarkdown } from './transcriptExport';

/** Undefined when the session has no such child. */
export function subagentMarkdown(parent: SessionState, childId: string): string | undefined {
  const entry = findSubagent(parent, childId);
  const child = subagentState(parent, childId);
  if (!entry || !child) return undefined;
  const title = `Subagent: ${subagentLabel(entry)} (${workStateText(entry.state, entry.cancelling, entry.replayed)})`;
  return transcriptToMarkdown({ ...child, header: { ...child.header, title } });
}
