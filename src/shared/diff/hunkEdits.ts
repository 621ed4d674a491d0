// Applying and reverting hunks exactly (line endings included), and finding an agent's hunk again in a document the
// user has edited since, so that Undo restores exactly the hunk's old lines and leaves the user's edits alone.
// Line numbers are 1-based, as in DiffHunk.
import { MAIN_THREAD_LIMITS, type DiffLimits, type TooLargeReason } from './diffLines';
import type { DiffHunk } from './hunks';
import { lineChanges } from './lineChanges';
import { countLines, joinLines, splitLines, type TextLine } from './lines';

/** The text does not have the hunk's lines where the hunk says: the hunk is not from a diff of this text. */
export class HunkMismatchError extends Error {
  constructor(side: 'old' | 'new', line: number) {
    super(`The text does not have the hunk's ${side} lines at line ${line}`);
    this.name = 'HunkMismatchError';
  }
}

/** The hunk's lines on the old side (context and removed) or the new side (context and added). */
export function hunkSide(hunk: DiffHunk, side: 'old' | 'new'): TextLine[] {
  const skip = side === 'old' ? 'add' : 'del';
  return hunk.lines.filter((line) => line.kind !== skip).map(({ text, eol }) => ({ text, eol }));
}

interface Replacement {
  /** 0-based index of the first replaced line. */
  at: number;
  expected: TextLine[];
  replacement: TextLine[];
  side: 'old' | 'new';
}

function sameLines(lines: readonly TextLine[], at: number, expected: readonly TextLine[]): boolean {
  if (at < 0 || at + expected.length > lines.length) return false;
  return expected.every((line, k) => lines[at + k].text === line.text && lines[at + k].eol === line.eol);
}

/** Replacements that do not overlap, each checked against the text; applied from the last to the first so that the
 * line numbers of the others stay right. */
function replaceLines(text: string, replacements: Replacement[]): string {
  const lines = splitLines(text);
  const ordered = [...replacements].sort((a, b) => b.at - a.at);
  for (const { at, expected, replacement, side } of ordered) {
    if (!sameLines(lines, at, expected)) throw new HunkMismatchError(side, at + 1);
    lines.splice(at, expected.length, ...replacement);
  }
  return joinLines(lines);
}

/** `newText` with these hunks (of one diff whose new side is newText; any subset, any order) undone. */
export function revertHunks(newText: string, hunks: readonly DiffHunk[]): string {
  return replaceLines(newText, hunks.map((hunk) => ({ at: hunk.newStart - 1, expected: hunkSide(hunk, 'new'), replacement: hunkSide(hunk, 'old'), side: 'new' })));
}

export function revertHunk(newText: string, hunk: DiffHunk): string {
  return revertHunks(newText, [hunk]);
}

/** `oldText` with these hunks (of one diff whose old side is oldText; any subset, any order) applied: to move a
 * review's baseline forward when the user keeps them. */
export function acceptHunks(oldText: string, hunks: readonly DiffHunk[]): string {
  return replaceLines(oldText, hunks.map((hunk) => ({ at: hunk.oldStart - 1, expected: hunkSide(hunk, 'old'), replacement: hunkSide(hunk, 'new'), side: 'old' })));
}

export function acceptHunk(oldText: string, hunk: DiffHunk): string {
  return acceptHunks(oldText, [hunk]);
}

export type HunkLocation =
  /** The hunk's new lines (context and added) are lines startLine .. startLine + lineCount - 1 of the current text. */
  | { kind: 'found'; startLine: number; lineCount: number }
  /** The user changed, removed or inserted lines among the hunk's new lines (context lines included). */
  | { kind: 'conflict' }
  /** The user's edits could not be diffed within the limits. */
  | { kind: 'tooLarge'; reason: TooLargeReason };

/**
 * Where the hunks (of a diff whose new side is `agentText`) are in `currentText`: agentText with the user's edits.
 * The user's edits are a line diff of agentText and currentText (exact, line endings included). An edit inside a
 * hunk's new lines is a conflict; lines the user inserted right at a hunk's edge stay outside it (for a hunk with no
 * new lines, a pure deletion, the user's lines come before it, and if the user deleted lines on both sides of it, it
 * goes where those were). Use hunks with context 0 so that only the agent's
 * own lines count.
 */
export function locateHunks(agentText: string, currentText: string, hunks: readonly DiffHunk[], limits: DiffLimits = MAIN_THREAD_LIMITS): HunkLocation[] {
  const agentLines = splitLines(agentText);
  for (const hunk of hunks) {
    if (!sameLines(agentLines, hunk.newStart - 1, hunkSide(hunk, 'new'))) throw new HunkMismatchError('new', hunk.newStart);
  }
  if (agentText === currentText) return hunks.map((hunk) => ({ kind: 'found', startLine: hunk.newStart, lineCount: hunk.newLines }));
  const tooBig = agentText.length + currentText.length > limits.maxChars;
  const currentLines = tooBig ? [] : splitLines(currentText);
  if (tooBig || agentLines.length + currentLines.length > limits.maxLines) return hunks.map(() => ({ kind: 'tooLarge', reason: 'size' }));
  const key = (line: TextLine): string => line.text + line.eol;
  const edits = lineChanges(agentLines.map(key), currentLines.map(key), { maxEditLength: limits.maxEditLength, deadline: Date.now() + limits.timeoutMs });
  if (edits.kind === 'gaveUp') return hunks.map(() => ({ kind: 'tooLarge', reason: edits.reason }));
  return hunks.map((hunk): HunkLocation => {
    const from = hunk.newStart - 1;
    const to = from + hunk.newLines;
    let shift = 0;
    for (const edit of edits.changes) {
      if (edit.oldTo <= from) shift += edit.newTo - edit.newFrom - (edit.oldTo - edit.oldFrom);
      else if (edit.oldFrom >= to) break;
      // The user deleted lines on both sides of where the agent deleted some: they go back where those were.
      else if (from === to && edit.newFrom === edit.newTo) return { kind: 'found', startLine: edit.newFrom + 1, lineCount: 0 };
      else return { kind: 'conflict' };
    }
    return { kind: 'found', startLine: hunk.newStart + shift, lineCount: hunk.newLines };
  });
}

export function locateHunk(agentText: string, currentText: string, hunk: DiffHunk, limits?: DiffLimits): HunkLocation {
  return locateHunks(agentText, currentText, [hunk], limits)[0];
}

export type HunkUndo = { kind: 'undone'; text: string } | Exclude<HunkLocation, { kind: 'found' }>;

/** `currentText` with the hunk's new lines, wherever the user's edits moved them, replaced by its old lines. */
export function undoHunk(agentText: string, currentText: string, hunk: DiffHunk, limits?: DiffLimits): HunkUndo {
  const location = locateHunk(agentText, currentText, hunk, limits);
  if (location.kind !== 'found') return location;
  const at = location.startLine - 1;
  const restored = hunkSide(hunk, 'old');
  const last = restored[restored.length - 1];
  const linesAfter = at + location.lineCount < countLines(currentText);
  // The old text ended there without a final newline; the user has since added lines after it: keep the line break.
  if (last?.eol === '' && linesAfter) restored[restored.length - 1] = { text: last.text, eol: hunkSide(hunk, 'new').at(-1)?.eol || '\n' };
  return { kind: 'undone', text: replaceLines(currentText, [{ at, expected: hunkSide(hunk, 'new'), replacement: restored, side: 'new' }]) };
}
