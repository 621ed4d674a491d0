import assert from 'node:assert/strict';
import { DIFF_LIMITS, computeDiff, countLines, type DiffLimits } from '../../../webview-ui/src/logic/diffHunks';

const lines = (n: number, prefix = 'line'): string => Array.from({ length: n }, (_, i) => `${prefix} ${i}\n`).join('');

describe('diff hunks', () => {
  it('counts lines with and without a final newline', () => {
    assert.equal(countLines(''), 0);
    assert.equal(countLines('a'), 1);
    assert.equal(countLines('a\n'), 1);
    assert.equal(countLines('a\nb'), 2);
  });

  it('computes hunks with +/- counts and line numbers', () => {
    const result = computeDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    assert.equal(result.kind, 'hunks');
    if (result.kind !== 'hunks') return;
    assert.deepEqual([result.added, result.removed], [2, 1]);
    assert.equal(result.hunks.length, 1);
    assert.deepEqual(result.hunks[0].lines, [
      { kind: 'ctx', text: 'a' },
      { kind: 'del', text: 'b' },
      { kind: 'add', text: 'B' },
      { kind: 'ctx', text: 'c' },
      { kind: 'add', text: 'd' },
    ]);
    assert.deepEqual([result.hunks[0].oldStart, result.hunks[0].newStart], [1, 1]);
  });

  it('ignores a missing final newline and CRLF versus LF', () => {
    const result = computeDiff('a\r\nb', 'a\nb\n');
    assert.deepEqual(result.kind === 'hunks' ? [result.added, result.removed, result.hunks.length] : result, [0, 0, 0]);
  });

  it('splits far-apart changes into separate hunks with 3 lines of context', () => {
    const before = lines(40);
    const after = before.replace('line 2\n', 'line two\n').replace('line 30\n', 'line thirty\n');
    const result = computeDiff(before, after);
    assert.ok(result.kind === 'hunks');
    assert.equal(result.hunks.length, 2);
    assert.deepEqual([result.added, result.removed], [2, 2]);
    assert.equal(result.hunks[1].oldStart, 28);
  });

  it('a new file is all added, a deleted one all removed, without diffing', () => {
    const created = computeDiff(undefined, 'x\ny\n');
    assert.ok(created.kind === 'hunks');
    assert.deepEqual([created.added, created.removed, created.hunks[0].lines.map((l) => l.kind)], [2, 0, ['add', 'add']]);
    const emptied = computeDiff('x\ny', '');
    assert.ok(emptied.kind === 'hunks');
    assert.deepEqual([emptied.added, emptied.removed], [0, 2]);
  });

  it('past the size cap gives a summary (with counts for a new file) instead of diffing', () => {
    const small: DiffLimits = { ...DIFF_LIMITS, maxLines: 100 };
    const big = computeDiff(lines(80), lines(80, 'other'), small);
    assert.deepEqual(big, { kind: 'tooLarge', reason: 'size', oldLineCount: 80, newLineCount: 80 });
    const bigNew = computeDiff(null, lines(150), small);
    assert.deepEqual(bigNew, { kind: 'tooLarge', reason: 'size', oldLineCount: 0, newLineCount: 150, added: 150, removed: 0 });
    const chars = computeDiff('a'.repeat(60), 'b'.repeat(60), { ...DIFF_LIMITS, maxChars: 100 });
    assert.equal(chars.kind, 'tooLarge');
  });

  it('past the edit-length cap gives a summary', () => {
    const result = computeDiff(lines(300), lines(300, 'changed'), { ...DIFF_LIMITS, maxEditLength: 50 });
    assert.deepEqual(result, { kind: 'tooLarge', reason: 'edits', oldLineCount: 300, newLineCount: 300 });
  });

  it('a rewrite of a file at the default caps finishes quickly (no freeze)', () => {
    const started = Date.now();
    const result = computeDiff(lines(2900), lines(2900, 'rewritten'));
    const took = Date.now() - started;
    assert.equal(result.kind, 'tooLarge');
    assert.ok(took < 500, `took ${took} ms`);
  });
});
