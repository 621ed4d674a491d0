import * as assert from 'node:assert/strict';
import { hunkLabel, ReviewDiffs } from '../../../src/review/reviewDiff';
import { diffLines, type DiffOptions } from '../../../src/shared/diff';

const lines = (count: number, tag = ''): string => Array.from({ length: count }, (_, i) => `line ${i}${tag}\n`).join('');

describe('review: the diff of a file under review', () => {
  it('diffs small files at once, one hunk per change, and remembers the result', () => {
    let asked = 0;
    const diffs = new ReviewDiffs(() => {
      asked++;
      return Promise.reject(new Error('not used'));
    });
    const diff = diffs.get('/w/a', 'a\nb\nc\n', 'a\nB\nc\nd\n');
    assert.deepEqual([diff?.added, diff?.removed, diff?.hunks?.map(hunkLabel)], [2, 1, ['Line 2', 'Line 4']]);
    assert.equal(diffs.get('/w/a', 'a\nb\nc\n', 'a\nB\nc\nd\n'), diff);
    assert.equal(asked, 0);
  });

  it('counts created and deleted files without diffing, and knows nothing of an unrecorded earlier text', () => {
    const diffs = new ReviewDiffs();
    assert.deepEqual(diffs.get('/w/new', null, 'x\ny\n'), { added: 2, removed: 0, hunks: diffs.get('/w/new', null, 'x\ny\n')?.hunks });
    assert.equal(diffs.get('/w/gone', 'x\n', null)?.removed, 1);
    assert.equal(diffs.get('/w/unknown', undefined, 'x'), undefined);
  });

  it('diffs a file past the main-thread caps in the background and says when it is in', async () => {
    const before = lines(30_000);
    const after = lines(30_000).replace('line 5\n', 'line five\n');
    const calls: DiffOptions[] = [];
    const diffs = new ReviewDiffs((a, b, options) => {
      calls.push(options);
      return Promise.resolve(diffLines(a, b, { ...options, limits: { maxChars: 1e8, maxLines: 1e7, maxEditLength: 1e5, maxChangedLines: 1e5, timeoutMs: 10_000 } }));
    });
    const done = new Promise<string>((resolve) => diffs.onDidComputeLater(resolve));
    assert.equal(diffs.get('/w/big', before, after), undefined, 'not ready yet');
    assert.equal(await done, '/w/big');
    assert.deepEqual(calls, [{ context: 0 }]);
    const diff = diffs.get('/w/big', before, after);
    assert.deepEqual([diff?.added, diff?.removed, diff?.hunks?.length], [1, 1, 1]);
  });
});
