// A subagent's own row in a transcript: its thread, unless a tool call of the same transcript links it (`session`
// content), whose card draws the thread instead.
import type { SubagentEntry } from '../../../src/shared/transcript/subagentModel';
import { useLinkedElsewhere } from '../subagents/subagentScope';
import { SubagentThread } from './SubagentThread';

export function SubagentRow({ entry }: { entry: SubagentEntry }) {
  if (useLinkedElsewhere(entry)) return <div class="subagent-placeholder" data-entry-kind="subagent" data-linked-tool-call={entry.linkedToolCallId} />;
  return <SubagentThread entry={entry} />;
}
