// Where an agent's hunks (context 0, of the review baseline → the agent's text) are in the document as the user
// sees it now, after their own edits: the lines each hunk's new text occupies, the old lines it replaced, and a line
// to anchor its Keep/Undo actions to. A hunk the user edited inside is a conflict: its place is only estimated.
// No `vscode` here; lines are 0-based (editor lines) unless a name says otherwise.
import { locateHunks, type DiffHunk, type HunkLocation } from '../../shared/diff';

export type InlineHunkState =
  /** Found where the user's edits moved it. */
  | 'found'
  /** The user changed lines inside it: Undo cannot put back exactly its old text. */
  | 'conflict'
  /** The user's edits were too large to follow (past the diff caps). */
  | 'unknown';

export interface InlineHunk {
  /** 0-based position among the file's hunks. */
  index: number;
  hunk: DiffHunk;
  state: InlineHunkState;
  /** Document lines [from, to) holding the agent's new lines; from === to for a pure deletion (before line `from`). */
  from: number;
  to: number;
  /** The line its actions and the note of its removed lines are shown on. */
  anchor: number;
  /** The old lines the hunk replaced (without line endings). */
  removed: string[];
  added: number;
}

function located(location: HunkLocation): location is Extract<HunkLocation, { kind: 'found' }> {
  return location.kind === 'found';
}

const clamp = (line: number, lineCount: number): number => Math.max(0, Math.min(line, Math.max(0, lineCount - 1)));

/**
 * The hunks in the document. `lineCount` is the document's line count as the editor counts it (a final newline
 * makes one more, empty line). Throws HunkMismatchError when the hunks are not of `agentText`.
 */
export function inlineHunks(agentText: string, documentText: string, hunks: readonly DiffHunk[], lineCount: number): InlineHunk[] {
  const locations = locateHunks(agentText, documentText, hunks);
  /** How far the user's edits moved each hunk found; a hunk not found is estimated to have moved as far as the next
   * one found (or, after the last one found, as that one). */
  const shifts = locations.map((location, index) => (located(location) ? location.startLine - hunks[index].newStart : undefined));
  const shiftNear = (index: number): number => shifts.slice(index).find((shift) => shift !== undefined) ?? shifts.slice(0, index).reverse().find((shift) => shift !== undefined) ?? 0;
  return hunks.map((hunk, index): InlineHunk => {
    const location = locations[index];
    const removed = hunk.lines.filter((line) => line.kind === 'del').map((line) => line.text);
    const added = hunk.lines.filter((line) => line.kind === 'add').length;
    if (located(location)) {
      const from = location.startLine - 1;
      return { index, hunk, state: 'found', from, to: from + location.lineCount, anchor: clamp(from, lineCount), removed, added };
    }
    const from = clamp(hunk.newStart - 1 + shiftNear(index), lineCount);
    return { index, hunk, state: location.kind === 'conflict' ? 'conflict' : 'unknown', from, to: from, anchor: from, removed, added };
  });
}

/** "line 10", "lines 10–11", "after line 17" or "at the start" (1-based, as the user reads them). */
export function whereLabel(hunk: InlineHunk): string {
  if (hunk.state !== 'found') return `near line ${hunk.anchor + 1}`;
  if (hunk.to === hunk.from) return hunk.from === 0 ? 'at the start' : `after line ${hunk.from}`;
  return hunk.to - hunk.from === 1 ? `line ${hunk.from + 1}` : `lines ${hunk.from + 1}–${hunk.to}`;
}

/** "2 added, 1 removed" */
export function countsLabel(hunk: InlineHunk): string {
  const parts = [hunk.added > 0 ? `${hunk.added} added` : '', hunk.removed.length > 0 ? `${hunk.removed.length} removed` : ''];
  return parts.filter(Boolean).join(', ');
}

/** The hunk the cursor is in: its lines, or its anchor line (a pure deletion, a conflict). */
export function hunkAtLine(hunks: readonly InlineHunk[], line: number): InlineHunk | undefined {
  return hunks.find((hunk) => (line >= hunk.from && line < hunk.to) || line === hunk.anchor);
}

/** The next (or previous) hunk from the cursor's line, going round the file; undefined when there is none. */
export function stepHunk(hunks: readonly InlineHunk[], line: number, direction: 1 | -1): InlineHunk | undefined {
  if (hunks.length === 0) return undefined;
  const ordered = [...hunks].sort((a, b) => a.anchor - b.anchor);
  if (direction === 1) return ordered.find((hunk) => hunk.anchor > line) ?? ordered[0];
  return [...ordered].reverse().find((hunk) => hunk.anchor < line) ?? ordered[ordered.length - 1];
}

/** The file after (or before) `current` among `files`, going round; the first (last) one when `current` is not there. */
export function stepFile(files: readonly string[], current: string | undefined, direction: 1 | -1): string | undefined {
  if (files.length === 0) return undefined;
  const at = current === undefined ? -1 : files.indexOf(current);
  if (at < 0) return direction === 1 ? files[0] : files[files.length - 1];
  return files[(at + direction + files.length) % files.length];
}
