import assert from 'node:assert/strict';
import { countLines, type DiffLimits } from '../../../../src/shared/diff';
import { CARD_DIFF_LIMITS as DIFF_LIMITS, cardDiff } from '../../../../webview-ui/src/logic/diffHunks';

const lines = (n: number, prefix = 'line'): string => Array.from({ length: n }, (_, i) => `${prefix} ${i}\n`).join('');

describe('diff cards: hunks under the card caps', () => {
  it('counts lines with and without a final newline', () => {
    assert.equal(countLines(''), 0);
    assert.equal(countLines('a'), 1);
    assert.equal(countLines('a\n'), 1);
    assert.equal(countLines('a\nb'), 2);
  });

  it('computes hunks with +/- counts and line numbers', () => {
    const result = cardDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    assert.equal(result.kind, 'hunks');
    if (result.kind !== 'hunks') return;
    assert.deepEqual([result.added, result.removed], [2, 1]);
    assert.equal(result.hunks.length, 1);
    assert.deepEqual(result.hunks[0].lines, [
      { kind: 'ctx', text: 'a', eol: '\n' },
      { kind: 'del', text: 'b', eol: '\n' },
      { kind: 'add', text: 'B', eol: '\n' },
      { kind: 'ctx', text: 'c', eol: '\n' },
      { kind: 'add', text: 'd', eol: '\n' },
    ]);
    assert.deepEqual([result.hunks[0].oldStart, result.hunks[0].oldLines, result.hunks[0].newStart, result.hunks[0].newLines], [1, 3, 1, 4]);
  });

  it('ignores a missing final newline and CRLF versus LF', () => {
    const result = cardDiff('a\r\nb', 'a\nb\n');
    assert.deepEqual(result.kind === 'hunks' ? [result.added, result.removed, result.hunks.length] : result, [0, 0, 0]);
  });

  it('splits far-apart changes into separate hunks with 3 lines of context', () => {
    const before = lines(40);
    const after = before.replace('line 2\n', 'line two\n').replace('line 30\n', 'line thirty\n');
    const result = cardDiff(before, after);
    assert.ok(result.kind === 'hunks');
    assert.equal(result.hunks.length, 2);
    assert.deepEqual([result.added, result.removed], [2, 2]);
    assert.equal(result.hunks[1].oldStart, 28);
  });

  it('a new file is all added, a deleted one all removed, without diffing', () => {
    const created = cardDiff(undefined, 'x\ny\n');
    assert.ok(created.kind === 'hunks');
    assert.deepEqual([created.added, created.removed, created.hunks[0].lines.map((l) => l.kind)], [2, 0, ['add', 'add']]);
    const emptied = cardDiff('x\ny', '');
    assert.ok(emptied.kind === 'hunks');
    assert.deepEqual([emptied.added, emptied.removed], [0, 2]);
  });

  it('past the size cap gives a summary (with counts for a new file) instead of diffing', () => {
    const small: DiffLimits = { ...DIFF_LIMITS, maxLines: 100 };
    const big = cardDiff(lines(80), lines(80, 'other'), small);
    assert.deepEqual(big, { kind: 'tooLarge', reason: 'size', oldLineCount: 80, newLineCount: 80 });
    const bigNew = cardDiff(null, lines(150), small);
    assert.deepEqual(bigNew, { kind: 'tooLarge', reason: 'size', oldLineCount: 0, newLineCount: 150, added: 150, removed: 0 });
    const chars = cardDiff('a'.repeat(60), 'b'.repeat(60), { ...DIFF_LIMITS, maxChars: 100 });
    assert.equal(chars.kind, 'tooLarge');
  });

  it('past the edit-length cap or the time budget gives a summary', () => {
    const reversed = lines(300).split('\n').slice(0, -1).reverse().join('\n') + '\n';
    const edits = cardDiff(lines(300), reversed, { ...DIFF_LIMITS, maxEditLength: 50 });
    assert.deepEqual(edits, { kind: 'tooLarge', reason: 'edits', oldLineCount: 300, newLineCount: 300 });
    const time = cardDiff(lines(300), reversed, { ...DIFF_LIMITS, timeoutMs: 0 });
    assert.deepEqual(time, { kind: 'tooLarge', reason: 'time', oldLineCount: 300, newLineCount: 300 });
  });

  it('a rewrite of every line under the caps is diffed (lines on one side only need no search)', () => {
    const result = cardDiff(lines(2900), lines(2900, 'rewritten'), { ...DIFF_LIMITS, maxEditLength: 1 });
    assert.ok(result.kind === 'hunks');
    assert.deepEqual([result.added, result.removed, result.hunks.length], [2900, 2900, 1]);
  });
});
