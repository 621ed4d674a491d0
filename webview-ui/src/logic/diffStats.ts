// "+N −M" for a diff card, computed simply: lines of the new text not matched by a line of the old text count as
// added, and the other way round as removed (a multiset difference, no alignment). Cheap and good enough for a
// summary; real hunks come later.
export interface DiffStats {
  added: number;
  removed: number;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function diffStats(oldText: string | null | undefined, newText: string): DiffStats {
  const oldLines = splitLines(oldText ?? '');
  const newLines = splitLines(newText);
  const unmatchedOld = new Map<string, number>();
  for (const line of oldLines) unmatchedOld.set(line, (unmatchedOld.get(line) ?? 0) + 1);
  let added = 0;
  for (const line of newLines) {
    const count = unmatchedOld.get(line) ?? 0;
    if (count > 0) unmatchedOld.set(line, count - 1);
    else added++;
  }
  let removed = 0;
  for (const count of unmatchedOld.values()) removed += count;
  return { added, removed };
}
