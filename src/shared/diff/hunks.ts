// Hunks: the changes of a line diff with up to `context` equal lines around them, changes closer than two
// contexts apart sharing one hunk (as in a unified diff). Every line keeps its line ending, so a hunk can be
// applied or reverted exactly (hunkEdits.ts).
import type { LineChange } from './lineChanges';
import type { LineEnding, TextLine } from './lines';

export type DiffLineKind = 'add' | 'del' | 'ctx';

export interface DiffLine {
  kind: DiffLineKind;
  /** Without its line ending. */
  text: string;
  /** '' only on the last line of a text without a final newline. */
  eol: LineEnding;
}

export interface DiffHunk {
  /** 1-based number of the hunk's first old line; with no old lines, 1 + the number of old lines before it
   * (unified diffs say one less in that case). */
  oldStart: number;
  /** Old lines the hunk covers: its context and removed lines. */
  oldLines: number;
  /** Same on the new side: the hunk's context and added lines start at line newStart of the new text. */
  newStart: number;
  newLines: number;
  /** Context, removed and added lines in order; in a change, removed lines come before added ones. */
  lines: DiffLine[];
}

function line(kind: DiffLineKind, from: TextLine): DiffLine {
  return { kind, text: from.text, eol: from.eol };
}

export function hunksOf(oldLines: readonly TextLine[], newLines: readonly TextLine[], changes: readonly LineChange[], context: number): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  let first = 0;
  while (first < changes.length) {
    let last = first;
    while (last + 1 < changes.length && changes[last + 1].oldFrom - changes[last].oldTo <= 2 * context) last++;
    hunks.push(hunkOf(oldLines, newLines, changes.slice(first, last + 1), context));
    first = last + 1;
  }
  return hunks;
}

/** One hunk for changes that are close together; context lines are taken from the new text. */
function hunkOf(oldLines: readonly TextLine[], newLines: readonly TextLine[], group: readonly LineChange[], context: number): DiffHunk {
  const head = group[0];
  const tail = group[group.length - 1];
  const lead = Math.min(context, head.oldFrom, head.newFrom);
  const trail = Math.min(context, oldLines.length - tail.oldTo, newLines.length - tail.newTo);
  const lines: DiffLine[] = [];
  for (let j = head.newFrom - lead; j < head.newFrom; j++) lines.push(line('ctx', newLines[j]));
  group.forEach((change, k) => {
    if (k > 0) for (let j = group[k - 1].newTo; j < change.newFrom; j++) lines.push(line('ctx', newLines[j]));
    for (let i = change.oldFrom; i < change.oldTo; i++) lines.push(line('del', oldLines[i]));
    for (let j = change.newFrom; j < change.newTo; j++) lines.push(line('add', newLines[j]));
  });
  for (let j = tail.newTo; j < tail.newTo + trail; j++) lines.push(line('ctx', newLines[j]));
  return {
    oldStart: head.oldFrom - lead + 1,
    oldLines: tail.oldTo + trail - (head.oldFrom - lead),
    newStart: head.newFrom - lead + 1,
    newLines: tail.newTo + trail - (head.newFrom - lead),
    lines,
  };
}
