// Random texts for the diff engine's property tests: lines with LF and CRLF endings, with or without a final
// newline, from a small alphabet (so that old and new texts share and repeat lines) or made of unique lines.
import fc from 'fast-check';
import { MAIN_THREAD_LIMITS, joinLines, type DiffLimits, type LineEnding, type TextLine } from '../../../../src/shared/diff';

/** The time budget is for the product's threads; property tests on a busy machine must not give up on it. */
export const UNHURRIED: DiffLimits = { ...MAIN_THREAD_LIMITS, timeoutMs: 60_000 };

const eol = fc.constantFrom<LineEnding>('\n', '\r\n');

/** Lines as text: every line ends with its eol except, when `finalNewline` is false, the last. */
export function textOf(lines: readonly TextLine[], finalNewline: boolean): string {
  if (lines.length === 0) return '';
  const last = lines[lines.length - 1];
  return joinLines([...lines.slice(0, -1), { text: last.text, eol: finalNewline ? last.eol : '' }]);
}

const alphabetLine = fc.record({ text: fc.constantFrom('a', 'b', 'c', '', '  d', 'e\rf'), eol });

/** A text with repeated lines from a small alphabet, mixed line endings, and sometimes no final newline. */
export const repetitiveText = fc.tuple(fc.array(alphabetLine, { maxLength: 30 }), fc.boolean()).map(([lines, finalNewline]) => textOf(lines, finalNewline));

export interface LineEdit {
  op: 'delete' | 'insert' | 'replace';
  /** Where, modulo the number of lines (+ 1 for an insert). */
  at: number;
  eol: LineEnding;
}

export const lineEdits = fc.array(fc.record({ op: fc.constantFrom<LineEdit['op']>('delete', 'insert', 'replace'), at: fc.nat(), eol }), { maxLength: 12 });

/** Unique lines L0, L1, ... with random endings. */
export const uniqueLines = fc.array(eol, { minLength: 0, maxLength: 40 }).map((eols) => eols.map((e, i): TextLine => ({ text: `L${i}`, eol: e })));

/** `lines` with `edits` applied; inserted and replacing lines are `${tag}${k}`, unique. */
export function applyEdits(lines: readonly TextLine[], edits: readonly LineEdit[], tag: string): TextLine[] {
  const out = [...lines];
  edits.forEach((edit, k) => {
    const fresh = { text: `${tag}${k}`, eol: edit.eol };
    if (edit.op === 'insert') out.splice(edit.at % (out.length + 1), 0, fresh);
    else if (out.length > 0) out.splice(edit.at % out.length, 1, ...(edit.op === 'replace' ? [fresh] : []));
  });
  return out;
}

/** Length of a longest common subsequence (dynamic programming; small inputs only). */
export function lcsLength<T>(a: readonly T[], b: readonly T[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    b.forEach((y, j) => row.push(x === y ? previous[j] + 1 : Math.max(previous[j + 1], row[j])));
    previous = row;
  }
  return previous[b.length];
}
