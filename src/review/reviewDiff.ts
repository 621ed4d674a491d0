// The review's diff of one file: +/- counts and, when small enough to diff on the extension host's thread, the
// hunks Keep and Undo act on (context 0, so a hunk is exactly one change of the agent's). Past the caps only the
// counts that are known without diffing; the file can still be kept or undone whole. The latest results are
// remembered, as the view asks again on every refresh. No `vscode` here.
import { countLines, diffLines, type DiffHunk } from '../shared/diff';
import type { Content } from './changeLedger';

export interface ReviewDiff {
  added: number;
  removed: number;
  /** Undefined when the texts are too large to diff here. */
  hunks?: DiffHunk[];
}

const REMEMBERED = 64;
const remembered = new Map<string, { before: Content; after: string | null; diff: ReviewDiff | undefined }>();

function compute(before: Content, after: string | null): ReviewDiff | undefined {
  if (before === undefined) return undefined;
  const result = diffLines(before ?? '', after ?? '', { context: 0 });
  if (result.kind === 'hunks') return { added: result.added, removed: result.removed, hunks: result.hunks };
  if (before === null) return { added: countLines(after ?? ''), removed: 0 };
  if (after === null) return { added: 0, removed: countLines(before) };
  return result.added !== undefined && result.removed !== undefined ? { added: result.added, removed: result.removed } : undefined;
}

/** The diff of `before` → `after` for `file` (null texts: no file). */
export function reviewDiff(file: string, before: Content, after: string | null): ReviewDiff | undefined {
  const known = remembered.get(file);
  if (known && known.before === before && known.after === after) return known.diff;
  const diff = compute(before, after);
  remembered.delete(file);
  remembered.set(file, { before, after, diff });
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  return diff;
}

/** "Line 12", "Lines 12–14" or "After line 11" (a pure deletion), on the new side. */
export function hunkLabel(hunk: DiffHunk): string {
  if (hunk.newLines === 0) return hunk.newStart <= 1 ? 'At the start' : `After line ${hunk.newStart - 1}`;
  return hunk.newLines === 1 ? `Line ${hunk.newStart}` : `Lines ${hunk.newStart}–${hunk.newStart + hunk.newLines - 1}`;
}

/** The first changed line, for a glance at what the hunk is. */
export function hunkPreview(hunk: DiffHunk): string {
  const line = hunk.lines.find((item) => item.kind === 'add') ?? hunk.lines.find((item) => item.kind === 'del');
  const text = (line?.text ?? '').trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
