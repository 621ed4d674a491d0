// A tool call's diff as hunks with +/− counts, computed with jsdiff under caps so that no diff can freeze the view:
// past the size cap, the edit-length cap or the time budget the result is a summary (the card then offers only
// VS Code's own diff editor). New and deleted files need no diffing: every line is added (or removed).
import { structuredPatch } from 'diff';

export type DiffLineKind = 'add' | 'del' | 'ctx';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
}

export interface DiffHunk {
  oldStart: number;
  newStart: number;
  lines: DiffLine[];
}

export type DiffResult =
  | { kind: 'hunks'; hunks: DiffHunk[]; added: number; removed: number }
  /** Not diffed; the counts are known only for a new or an emptied file. */
  | { kind: 'tooLarge'; reason: 'size' | 'edits'; oldLineCount: number; newLineCount: number; added?: number; removed?: number };

export interface DiffLimits {
  /** Characters of old + new text. */
  maxChars: number;
  /** Lines of old + new text. */
  maxLines: number;
  /** Changed lines (the edit distance) jsdiff may look for before it gives up. */
  maxEditLength: number;
  /** Milliseconds jsdiff may take before it gives up. */
  timeoutMs: number;
}

export const DIFF_LIMITS: DiffLimits = { maxChars: 300_000, maxLines: 6_000, maxEditLength: 1_500, timeoutMs: 40 };

/** Lines of `text` ("a\nb\n" and "a\nb" both have 2). */
export function countLines(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return text.endsWith('\n') ? count - 1 : count;
}

function withFinalNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

function wholeFile(text: string, kind: 'add' | 'del'): DiffHunk[] {
  if (text === '') return [];
  const lines = withFinalNewline(text).replace(/\r\n/g, '\n').slice(0, -1).split('\n');
  return [{ oldStart: kind === 'del' ? 1 : 0, newStart: kind === 'add' ? 1 : 0, lines: lines.map((line) => ({ kind, text: line })) }];
}

export function computeDiff(oldText: string | null | undefined, newText: string, limits: DiffLimits = DIFF_LIMITS): DiffResult {
  const before = oldText ?? '';
  const oldLineCount = countLines(before);
  const newLineCount = countLines(newText);
  const oversize = before.length + newText.length > limits.maxChars || oldLineCount + newLineCount > limits.maxLines;
  if (before === '' || newText === '') {
    const added = before === '' ? newLineCount : 0;
    const removed = newText === '' ? oldLineCount : 0;
    if (oversize) return { kind: 'tooLarge', reason: 'size', oldLineCount, newLineCount, added, removed };
    return { kind: 'hunks', hunks: before === '' ? wholeFile(newText, 'add') : wholeFile(before, 'del'), added, removed };
  }
  if (oversize) return { kind: 'tooLarge', reason: 'size', oldLineCount, newLineCount };
  const patch = structuredPatch('a', 'b', withFinalNewline(before), withFinalNewline(newText), undefined, undefined, {
    context: 3,
    stripTrailingCr: true,
    maxEditLength: limits.maxEditLength,
    timeout: limits.timeoutMs,
  });
  if (!patch) return { kind: 'tooLarge', reason: 'edits', oldLineCount, newLineCount };
  let added = 0;
  let removed = 0;
  const hunks = patch.hunks.map((hunk): DiffHunk => {
    const lines: DiffLine[] = [];
    for (const line of hunk.lines) {
      const mark = line[0];
      if (mark === '+') {
        added++;
        lines.push({ kind: 'add', text: line.slice(1) });
      } else if (mark === '-') {
        removed++;
        lines.push({ kind: 'del', text: line.slice(1) });
      } else if (mark === ' ') {
        lines.push({ kind: 'ctx', text: line.slice(1) });
      }
    }
    return { oldStart: hunk.oldStart, newStart: hunk.newStart, lines };
  });
  return { kind: 'hunks', hunks, added, removed };
}
