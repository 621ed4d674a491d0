import assert from 'node:assert/strict';
import { buildRowLayout, layoutFits, setRowHeight } from '../../../../webview-ui/src/logic/rowLayout';

describe('the row layout of the virtualized transcript', () => {
  const keys = ['a', 'b', 'c', 'd'];
  const positions = new Map(keys.map((key, i) => [key, i]));

  it('offsets from measured or estimated heights', () => {
    const layout = buildRowLayout(keys, positions, (i) => [10, 20, 30, 40][i]);
    assert.deepEqual([...layout.offsets], [0, 10, 30, 60, 100]);
  });

  it('a measured height moves only the offsets after its row', () => {
    const layout = buildRowLayout(keys, positions, () => 10);
    assert.equal(setRowHeight(layout, 3, 25), 15, 'the last row grew (a streamed message)');
    assert.deepEqual([...layout.offsets], [0, 10, 20, 30, 55]);
    assert.equal(setRowHeight(layout, 1, 4), -6);
    assert.deepEqual([...layout.offsets], [0, 10, 14, 24, 49]);
    assert.equal(setRowHeight(layout, 1, 4), 0, 'the same height again: nothing moves');
    assert.equal(setRowHeight(layout, 9, 4), 0, 'no such row');
  });

  it('fits while the store patches entries in place; not after entries were added, dropped or reordered', () => {
    const layout = buildRowLayout(keys, positions, () => 10);
    const keyAt = (list: string[]) => (i: number) => list[i];
    assert.equal(layoutFits(layout, positions, 4, keyAt(keys)), true);
    assert.equal(layoutFits(layout, new Map(positions), 4, keyAt(keys)), false, 'another positions map');
    assert.equal(layoutFits(layout, positions, 5, keyAt([...keys, 'e'])), false, 'one more entry');
    assert.equal(layoutFits(layout, positions, 4, keyAt(['x', 'b', 'c', 'd'])), false, 'another first entry');
    assert.equal(layoutFits(null, positions, 4, keyAt(keys)), false);
  });
});
