// The two texts of a tool call's diff, found by tool call id and content index in a session's entries: what the
// "Open diff" action of a chat card shows in VS Code's diff editor. Pure (no `vscode`).
import type { TranscriptEntry } from '../shared/transcript/model';

export interface DiffSides {
  path: string;
  /** "" for a new file. */
  oldText: string;
  newText: string;
  isNew: boolean;
}

export function diffSidesOf(entries: readonly TranscriptEntry[], toolCallId: string, index: number): DiffSides | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry.kind !== 'tool_call' || entry.toolCallId !== toolCallId) continue;
    const item = entry.content[index] as Record<string, unknown> | undefined;
    if (!item || item.type !== 'diff' || typeof item.path !== 'string' || typeof item.newText !== 'string') return undefined;
    const oldText = typeof item.oldText === 'string' ? item.oldText : undefined;
    return { path: item.path, oldText: oldText ?? '', newText: item.newText, isNew: oldText === undefined };
  }
  return undefined;
}
