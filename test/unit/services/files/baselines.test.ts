import * as assert from 'node:assert/strict';
import { Baselines, changedSince, CurrentText, MAX_BASELINE_CHARS } from '../../../../src/services/files/baselines';
import { KeyedQueue } from '../../../../src/services/files/keyedQueue';

const doc = {};
const current = (version: number, text: string, isDirty = false, document: object = doc): CurrentText => ({ document, version, isDirty, text: () => text });

describe('files: what the agent last saw', () => {
  it('an unchanged document version is no conflict, whatever the text', () => {
    assert.equal(changedSince({ document: doc, version: 3 }, current(3, 'anything', true)), false);
  });

  it('a moved version with the same text is no conflict (typed, then undone)', () => {
    assert.equal(changedSince({ document: doc, version: 3, text: 'a\n' }, current(5, 'a\n', true)), false);
  });

  it('a moved version with another text is a conflict; without a kept text, a moved version is one', () => {
    assert.equal(changedSince({ document: doc, version: 3, text: 'a\n' }, current(4, 'a\nb\n', true)), true);
    assert.equal(changedSince({ document: doc, version: 3 }, current(4, 'a\n')), true);
  });

  it('a disk read is compared by text with the document opened later', () => {
    assert.equal(changedSince({ text: 'disk\n' }, current(1, 'disk\n')), false);
    assert.equal(changedSince({ text: 'disk\n' }, current(2, 'disk\ntyped\n', true)), true);
  });

  it('a document reopened since is another object: compared by text', () => {
    assert.equal(changedSince({ document: {}, version: 1, text: 'x' }, current(1, 'x')), false);
    assert.equal(changedSince({ document: {}, version: 1, text: 'x' }, current(1, 'y')), true);
  });

  it('never having read the file: unsaved changes count as unseen, a clean file does not', () => {
    assert.equal(changedSince(undefined, current(1, 'x', true)), true);
    assert.equal(changedSince(undefined, current(1, 'x', false)), false);
  });

  it('keeps records per path (one Baselines per session); a partial read of the same version keeps the text seen before', () => {
    const baselines = new Baselines();
    baselines.record('/a', { document: doc, version: 2, text: 'full\n' });
    baselines.record('/a', { document: doc, version: 2 });
    assert.equal(baselines.get('/a')?.text, 'full\n');
    baselines.record('/a', { document: doc, version: 3 });
    assert.equal(baselines.get('/a')?.text, undefined, 'a newer version drops the old text');
    assert.equal(new Baselines().get('/a'), undefined, "another session's baselines are its own");
    assert.equal(baselines.count, 1);
    baselines.clear();
    assert.equal(baselines.get('/a'), undefined);
    assert.equal(baselines.count, 0);
  });

  it('does not keep huge texts', () => {
    const baselines = new Baselines();
    baselines.record('/big', { text: 'x'.repeat(MAX_BASELINE_CHARS + 1) });
    assert.equal(baselines.get('/big')?.text, undefined);
  });
});

describe('files: per-path queue', () => {
  it('runs tasks on the same key one after another, and goes on after a failure', async () => {
    const queue = new KeyedQueue();
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = queue.run('a', async () => {
      order.push('a1 start');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      order.push('a1 end');
      throw new Error('boom');
    });
    const second = queue.run('a', async () => {
      order.push('a2');
      return 2;
    });
    const other = queue.run('b', async () => {
      order.push('b');
      return 'b';
    });
    assert.equal(await other, 'b');
    releaseFirst();
    await assert.rejects(first, /boom/);
    assert.equal(await second, 2);
    assert.deepEqual(order, ['a1 start', 'b', 'a1 end', 'a2']);
  });
});
