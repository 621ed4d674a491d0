import assert from 'node:assert/strict';
import * as path from 'node:path';
import { BackgroundDiffer } from '../../../../src/editor/diff/backgroundDiff';
import { revertHunks } from '../../../../src/shared/diff';

// The compiled worker next to the compiled differ (out/src/editor/diff/), as dist/diff-worker.js is in the bundle.
const workerScript = path.join(__dirname, '..', '..', '..', '..', 'src', 'editor', 'diff', 'diffWorker.js');
const lines = (n: number, prefix: string): string[] => Array.from({ length: n }, (_, i) => `${prefix} ${i}\n`);

describe('diff engine: diffs in the background', () => {
  let differ: BackgroundDiffer;
  beforeEach(() => (differ = new BackgroundDiffer(workerScript)));
  afterEach(() => differ.dispose());

  it('diffs a file past the main-thread caps in the worker, exactly', async () => {
    const old = lines(30_000, 'line');
    const changed = old.map((line, i) => (i % 100 === 0 ? `changed ${i}\r\n` : line));
    const result = await differ.diff(old.join(''), changed.join(''), { context: 0 });
    assert.ok(result.kind === 'hunks', JSON.stringify(result));
    assert.deepEqual([result.added, result.removed, result.hunks.length], [300, 300, 300]);
    assert.equal(revertHunks(changed.join(''), result.hunks), old.join(''));
  });

  it('moved lines that the main thread gives up on are diffed in the worker', async () => {
    const old = lines(1_500, 'line');
    const reordered = [...old.slice(750), ...old.slice(0, 750)];
    const result = await differ.diff(old.join(''), reordered.join(''));
    assert.ok(result.kind === 'hunks', JSON.stringify(result));
    assert.deepEqual([result.added, result.removed], [750, 750]);
  });

  it('a small diff is answered without the worker, and requests after dispose are refused', async () => {
    const result = await differ.diff('a\nb\n', 'a\nc\n');
    assert.ok(result.kind === 'hunks');
    differ.dispose();
    await assert.rejects(differ.diff('a', 'b'), /disposed/);
  });

  it('a worker that cannot start fails the request instead of hanging', async () => {
    const broken = new BackgroundDiffer(path.join(__dirname, 'no-such-worker.js'));
    try {
      await assert.rejects(broken.diff(lines(5_000, 'a').join(''), lines(5_000, 'b').join('')));
    } finally {
      broken.dispose();
    }
  });
});
