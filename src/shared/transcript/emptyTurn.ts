// A turn that ended `end_turn` without anything from the agent: no message, thought, tool call, question or
// compaction after the user's prompt. claude-agent-acp answers the prompt after a Stop that way, at once; the chat
// says so rather than showing nothing. Pure: no vscode, no node.
import type { EntryId, TranscriptEntry } from './model';

export const EMPTY_TURN_TEXT = 'The agent ended the turn without an answer.';

function answered(entry: TranscriptEntry): boolean {
  switch (entry.kind) {
    case 'agent':
    case 'thought':
      // Whitespace alone is no answer; a block of another type (an image, a resource) is.
      return entry.content.some((block) => block.type !== 'text' || block.text.trim() !== '') || entry.cut !== undefined;
    case 'tool_call':
    case 'elicitation':
    case 'compaction':
      return true;
    default:
      return false;
  }
}

/**
 * True when the turn that `promptEntryId` started ended with `stopReason` end_turn and nothing from the agent came
 * after the prompt. False when the prompt entry is no longer in the transcript (dropped to its cap).
 */
export function endedWithoutAnswer(entries: readonly TranscriptEntry[], promptEntryId: EntryId | undefined, stopReason: string | undefined): boolean {
  if (stopReason !== 'end_turn' || promptEntryId === undefined) return false;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry.id === promptEntryId) return true;
    if (answered(entry)) return false;
  }
  return false;
}
