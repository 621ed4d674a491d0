// What the editor shows for a file's hunks under inline review: the lines to highlight as the agent's, the changed
// characters of lines it rewrote one for one, a note with the old text where lines were removed, the Keep/Undo
// actions above each hunk (titles a screen reader can read out on their own) and the status bar's text.
// No `vscode` here; lines are 0-based.
import { countsLabel, hunkAtLine, stepHunk, whereLabel, type InlineHunk } from './inlineHunks';

/** Characters [start, end) of a line. */
export interface TextSpan {
  line: number;
  start: number;
  end: number;
}

export interface RemovedNote {
  line: number;
  /** Where the removed lines were: in place of this line's text, or just above this line (a line after the final
   * newline is always there in the editor, so a deletion at the end is above that empty line). */
  edge: 'inline' | 'above';
  /** One short line: the first removed line and how many more. */
  text: string;
  /** Every removed line, for the hover. */
  full: string[];
}

export interface InlineDecorations {
  /** Lines the agent wrote. */
  addedLines: number[];
  /** Within lines the agent rewrote one for one: the characters that changed. */
  changedText: TextSpan[];
  removed: RemovedNote[];
}

export type LensAction = 'keep' | 'undo' | 'none';

export interface InlineLens {
  line: number;
  /** The hunk's position among the file's hunks. */
  index: number;
  action: LensAction;
  title: string;
  tooltip: string;
}

const NOTE_CHARS = 60;

function shortLine(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '(empty line)';
  return trimmed.length > NOTE_CHARS ? `${trimmed.slice(0, NOTE_CHARS - 1)}…` : trimmed;
}

function noteText(edge: RemovedNote['edge'], removed: readonly string[]): string {
  const lead = edge === 'inline' ? 'was' : 'removed above';
  const more = removed.length > 1 ? ` (+${removed.length - 1} more line${removed.length > 2 ? 's' : ''})` : '';
  return `− ${lead}: ${shortLine(removed[0])}${more}`;
}

/** The characters of `after` that differ from `before`: between their common start and common end. */
export function changedSpan(before: string, after: string): { start: number; end: number } {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let end = 0;
  while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { start, end: after.length - end };
}

export function decorationsOf(hunks: readonly InlineHunk[], lineCount: number): InlineDecorations {
  const result: InlineDecorations = { addedLines: [], changedText: [], removed: [] };
  for (const hunk of hunks) {
    if (hunk.state !== 'found') continue;
    for (let line = hunk.from; line < hunk.to; line++) result.addedLines.push(line);
    const addedTexts = hunk.hunk.lines.filter((line) => line.kind === 'add').map((line) => line.text);
    if (hunk.removed.length > 0 && addedTexts.length === hunk.removed.length) {
      addedTexts.forEach((text, k) => {
        const span = changedSpan(hunk.removed[k], text);
        if (span.end > span.start) result.changedText.push({ line: hunk.from + k, ...span });
      });
    }
    if (hunk.removed.length === 0) continue;
    const edge: RemovedNote['edge'] = hunk.to > hunk.from ? 'inline' : 'above';
    const line = Math.max(0, Math.min(hunk.from, lineCount - 1));
    result.removed.push({ line, edge, text: noteText(edge, hunk.removed), full: hunk.removed.slice() });
  }
  return result;
}

export function lensesOf(hunks: readonly InlineHunk[]): InlineLens[] {
  const total = hunks.length;
  return hunks.flatMap((hunk): InlineLens[] => {
    const n = `${hunk.index + 1} of ${total}`;
    const where = whereLabel(hunk);
    const counts = countsLabel(hunk);
    const base = { line: hunk.anchor, index: hunk.index };
    const keep: InlineLens = { ...base, action: 'keep', title: `Keep change ${n}`, tooltip: `Keep the agent's change ${where} (${counts})` };
    if (hunk.state === 'conflict') {
      const why = `Change ${n} (${where}): you edited inside it, so it cannot be undone on its own`;
      return [keep, { ...base, action: 'none', title: why, tooltip: 'Undo the whole file, or change the lines by hand.' }];
    }
    if (hunk.state === 'unknown') {
      const why = `Change ${n}: too many edits since to find it again`;
      return [keep, { ...base, action: 'none', title: why, tooltip: 'Undo the whole file, or change the lines by hand.' }];
    }
    return [
      keep,
      { ...base, action: 'undo', title: `Undo change ${n}`, tooltip: `Put back the text from before the agent's change ${where}; your own edits stay` },
      { ...base, action: 'none', title: `${where[0].toUpperCase()}${where.slice(1)}: ${counts}`, tooltip: `The agent's change ${n}` },
    ];
  });
}

export interface StatusText {
  text: string;
  /** What a screen reader says. */
  label: string;
}

/** The status bar item for the file in the active editor: the change at (or after) the cursor, and the file's place. */
export function statusTextOf(hunks: readonly InlineHunk[], cursorLine: number, file: { index: number; count: number }): StatusText | undefined {
  if (hunks.length === 0) return undefined;
  const current = hunkAtLine(hunks, cursorLine) ?? stepHunk(hunks, cursorLine, 1) ?? hunks[0];
  const n = `${current.index + 1} of ${hunks.length}`;
  const files = file.count > 1 ? ` · file ${file.index + 1} of ${file.count}` : '';
  const filesSaid = file.count > 1 ? `, file ${file.index + 1} of ${file.count} with agent changes` : '';
  return {
    text: `$(diff) Agent change ${n}${files}`,
    label: `Agent change ${n} in this file${filesSaid}. Select to go to the next change.`,
  };
}
