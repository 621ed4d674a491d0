// Lines added and removed between two texts, for the review list; undefined when the diff is too large to count
// without blocking (the diff editor still shows it). No `vscode` here.
import { diffLines } from 'diff';
import type { Content } from './changeLedger';

const MAX_CHARS = 2_000_000;
const TIMEOUT_MS = 30;

function lineCount(text: string): number {
  if (text.length === 0) return 0;
  let count = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < text.length - 1; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

export function lineCounts(before: Content, after: string | null): { added: number; removed: number } | undefined {
  if (before === undefined) return undefined;
  if (before === null) return { added: lineCount(after ?? ''), removed: 0 };
  if (after === null) return { added: 0, removed: lineCount(before) };
  if (before.length + after.length > MAX_CHARS) return undefined;
  const parts = diffLines(before, after, { timeout: TIMEOUT_MS });
  if (!parts) return undefined;
  let added = 0;
  let removed = 0;
  for (const part of parts) {
    if (part.added) added += part.count ?? 0;
    else if (part.removed) removed += part.count ?? 0;
  }
  return { added, removed };
}
