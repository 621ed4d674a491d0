// The smallest practical set of edits that turns a document's text into the agent's text, so cursors,
// folding and markers in untouched regions stay put and one Undo restores the old text. Whole lines change:
// common leading and trailing lines are cut off first (linear), the middle is diffed by lines with jsdiff
// under a size cap and a time budget, and past either the middle becomes one replace.
import { diffLines } from 'diff';

/** Replace old-text offsets [start, end) with `text`. Edits are sorted and do not overlap. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export type EditMethod = 'unchanged' | 'lines' | 'middle';

export interface EditPlan {
  edits: TextEdit[];
  /** unchanged: no edit; lines: from the line diff; middle: one replace of everything between the common lines. */
  method: EditMethod;
}

export interface DiffBudget {
  /** Longest middle (either side, in characters) that is line-diffed. */
  maxChars: number;
  /** jsdiff gives up after this many milliseconds. */
  timeoutMs: number;
}

export const DEFAULT_DIFF_BUDGET: DiffBudget = { maxChars: 2_000_000, timeoutMs: 30 };

function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let index = 0;
  // Compare in blocks first: far fewer steps than one character at a time on long equal runs.
  const block = 1024;
  while (index + block <= max && a.slice(index, index + block) === b.slice(index, index + block)) index += block;
  while (index < max && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}

function commonSuffixLength(a: string, b: string, max: number): number {
  let length = 0;
  const block = 1024;
  while (length + block <= max && a.slice(a.length - length - block, a.length - length) === b.slice(b.length - length - block, b.length - length)) {
    length += block;
  }
  while (length < max && a.charCodeAt(a.length - length - 1) === b.charCodeAt(b.length - length - 1)) length++;
  return length;
}

/** The middle of the two texts between their common whole lines: [start, oldEnd) of old, [start, newEnd) of new. */
export function changedMiddle(oldText: string, newText: string): { start: number; oldEnd: number; newEnd: number } {
  const prefix = commonPrefixLength(oldText, newText);
  // Back to the start of the line the first difference is on.
  const start = prefix === 0 ? 0 : oldText.lastIndexOf('\n', prefix - 1) + 1;
  const suffix = commonSuffixLength(oldText, newText, Math.min(oldText.length, newText.length) - prefix);
  // Forward to the first line start inside the common suffix (its "\n" is common to both texts).
  const newline = suffix === 0 ? -1 : oldText.indexOf('\n', oldText.length - suffix);
  const oldEnd = newline === -1 ? oldText.length : newline + 1;
  return { start, oldEnd, newEnd: newText.length - (oldText.length - oldEnd) };
}

/** Edits that turn `oldText` into `newText`; applying them in order (offsets in old text) gives `newText`. */
export function planEdits(oldText: string, newText: string, budget: DiffBudget = DEFAULT_DIFF_BUDGET): EditPlan {
  if (oldText === newText) return { edits: [], method: 'unchanged' };
  const { start, oldEnd, newEnd } = changedMiddle(oldText, newText);
  const oldMiddle = oldText.slice(start, oldEnd);
  const newMiddle = newText.slice(start, newEnd);
  const whole: EditPlan = { edits: [{ start, end: oldEnd, text: newMiddle }], method: 'middle' };
  // One side empty: a pure insertion or deletion, nothing to diff.
  if (oldMiddle === '' || newMiddle === '') return whole;
  if (oldMiddle.length > budget.maxChars || newMiddle.length > budget.maxChars) return whole;
  const changes = diffLines(oldMiddle, newMiddle, { timeout: budget.timeoutMs });
  if (!changes) return whole;
  const edits: TextEdit[] = [];
  let offset = start;
  let pending: TextEdit | undefined;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      if (pending) edits.push(pending);
      pending = undefined;
      offset += change.value.length;
      continue;
    }
    pending ??= { start: offset, end: offset, text: '' };
    if (change.removed) {
      pending.end += change.value.length;
      offset += change.value.length;
    } else {
      pending.text += change.value;
    }
  }
  if (pending) edits.push(pending);
  return { edits, method: 'lines' };
}
