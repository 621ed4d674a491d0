// A line diff of two texts as hunks with +/− counts, under caps so that no diff can hold up its thread for long:
// past the size cap (checked before any work), the edit-length cap or the time budget the result is a summary
// (callers then offer VS Code's own diff editor); so is a diff with more changed lines than a result may list. Line endings count: a line whose ending changed is a changed line
// (so hunks undo exactly), unless `ignoreLineEndings` (for display only: such hunks are not exact).
import { hunksOf, type DiffHunk } from './hunks';
import { lineChanges } from './lineChanges';
import { countLines, splitLines, type TextLine } from './lines';

export interface DiffLimits {
  /** Characters of old + new text. */
  maxChars: number;
  /** Lines of old + new text. */
  maxLines: number;
  /** Changed lines (among lines present on both sides, see lineChanges.ts) Myers may look for before it gives up. */
  maxEditLength: number;
  /** Added + removed lines a result may list; past it the result is a summary with exact counts (the hunks would
   * cost the receiving thread too much to take in, and no one reviews them line by line). */
  maxChangedLines: number;
  /** Milliseconds the whole diff may take before it gives up (splitting and diffing; building hunks comes after). */
  timeoutMs: number;
}

/** For a diff on a thread that must not be held up (the extension host, the webview): about 50 ms at most,
 * measured by bench/cases/diff.mjs. */
export const MAIN_THREAD_LIMITS: DiffLimits = { maxChars: 1_000_000, maxLines: 20_000, maxEditLength: 4_000, maxChangedLines: 20_000, timeoutMs: 25 };

/** For a diff in a worker thread (host/diff/backgroundDiff.ts): larger files and more time. */
export const BACKGROUND_LIMITS: DiffLimits = { maxChars: 40_000_000, maxLines: 1_000_000, maxEditLength: 40_000, maxChangedLines: 20_000, timeoutMs: 2_000 };

export interface DiffOptions {
  /** Equal lines shown around each change (3, as in unified diffs); 0 makes each hunk one change (for review). */
  context?: number;
  /** Compare lines without their endings (CRLF = LF, a missing final newline ignored): for display only. */
  ignoreLineEndings?: boolean;
  limits?: DiffLimits;
}

export type TooLargeReason = 'size' | 'edits' | 'time';

export type DiffResult =
  | { kind: 'hunks'; hunks: DiffHunk[]; added: number; removed: number }
  /** Not diffed, given up, or too many changed lines to list: `added`/`removed` are known when one side is empty
   * and when the diff was done (reason `edits` past maxChangedLines). */
  | { kind: 'tooLarge'; reason: TooLargeReason; oldLineCount: number; newLineCount: number; added?: number; removed?: number };

const exactKey = (line: TextLine): string => (line.eol === '\n' ? line.text : line.eol === '\r\n' ? `${line.text}\r` : `${line.text}\n`);
const textKey = (line: TextLine): string => line.text;

export function diffLines(oldText: string, newText: string, options: DiffOptions = {}): DiffResult {
  const { context = 3, ignoreLineEndings = false, limits = MAIN_THREAD_LIMITS } = options;
  const started = Date.now();
  const oldLineCount = countLines(oldText);
  const newLineCount = countLines(newText);
  const oversize = oldText.length + newText.length > limits.maxChars || oldLineCount + newLineCount > limits.maxLines;
  if (oversize) {
    const counts = oldText === '' || newText === '' ? { added: oldText === '' ? newLineCount : 0, removed: newText === '' ? oldLineCount : 0 } : {};
    return { kind: 'tooLarge', reason: 'size', oldLineCount, newLineCount, ...counts };
  }
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  const key = ignoreLineEndings ? textKey : exactKey;
  const changed = lineChanges(oldLines.map(key), newLines.map(key), { maxEditLength: limits.maxEditLength, deadline: started + limits.timeoutMs });
  if (changed.kind === 'gaveUp') return { kind: 'tooLarge', reason: changed.reason, oldLineCount, newLineCount };
  let added = 0;
  let removed = 0;
  for (const change of changed.changes) {
    added += change.newTo - change.newFrom;
    removed += change.oldTo - change.oldFrom;
  }
  if (added + removed > limits.maxChangedLines) return { kind: 'tooLarge', reason: 'edits', oldLineCount, newLineCount, added, removed };
  return { kind: 'hunks', hunks: hunksOf(oldLines, newLines, changed.changes, context), added, removed };
}
