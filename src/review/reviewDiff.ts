// The review's diff of one file: +/- counts and the hunks Keep and Undo act on (context 0, so a hunk is exactly one
// change of the agent's). Small files are diffed at once on the extension host's thread (under the main-thread
// caps); larger ones in the background, and the view is told when their result is in. Past even the background
// caps only the counts known without diffing; the file can still be kept or undone whole. The latest results are
// remembered, as the view asks again on every refresh. No `vscode` here.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import { countLines, diffLines, type DiffHunk, type DiffOptions, type DiffResult } from '../shared/diff';
import type { Content } from './changeLedger';

export interface ReviewDiff {
  added: number;
  removed: number;
  /** Undefined when the texts are too large to diff. */
  hunks?: DiffHunk[];
}

/** Diffs in the background (a worker thread). */
export type BackgroundDiff = (oldText: string, newText: string, options: Omit<DiffOptions, 'limits'>) => Promise<DiffResult>;

const REMEMBERED = 64;

interface Remembered {
  before: Content;
  after: string | null;
  /** Undefined while the background diff runs. */
  diff: ReviewDiff | undefined;
}

function fromResult(result: DiffResult, before: string | null, after: string | null): ReviewDiff | undefined {
  if (result.kind === 'hunks') return { added: result.added, removed: result.removed, hunks: result.hunks };
  if (before === null) return { added: countLines(after ?? ''), removed: 0 };
  if (after === null) return { added: 0, removed: countLines(before) };
  return result.added !== undefined && result.removed !== undefined ? { added: result.added, removed: result.removed } : undefined;
}

export class ReviewDiffs {
  private readonly remembered = new Map<string, Remembered>();
  private readonly laterEmitter = new Emitter<string>();
  /** A background diff of this file finished: ask again. */
  readonly onDidComputeLater: Event<string> = this.laterEmitter.event;

  constructor(
    private readonly background?: BackgroundDiff,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** The diff of `before` → `after` for `file` (null texts: no file); undefined when unknown or not ready yet. */
  get(file: string, before: Content, after: string | null): ReviewDiff | undefined {
    const known = this.remembered.get(file);
    if (known && known.before === before && known.after === after) return known.diff;
    if (before === undefined) return undefined;
    const result = diffLines(before ?? '', after ?? '', { context: 0 });
    const later = result.kind === 'tooLarge' && this.background !== undefined && before !== null && after !== null;
    const entry: Remembered = { before, after, diff: later ? undefined : fromResult(result, before, after) };
    this.remember(file, entry);
    if (later) this.diffLater(file, entry, before, after);
    return entry.diff;
  }

  dispose(): void {
    this.laterEmitter.dispose();
  }

  private diffLater(file: string, entry: Remembered, before: string, after: string): void {
    this.background?.(before, after, { context: 0 })
      .then((result) => {
        entry.diff = fromResult(result, before, after);
        if (this.remembered.get(file) === entry) this.laterEmitter.fire(file);
      })
      .catch((error: unknown) => this.log(`Diffing ${file} in the background failed: ${String(error)}`));
  }

  private remember(file: string, entry: Remembered): void {
    this.remembered.delete(file);
    this.remembered.set(file, entry);
    if (this.remembered.size > REMEMBERED) this.remembered.delete(this.remembered.keys().next().value as string);
  }
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
