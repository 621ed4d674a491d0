import assert from 'node:assert/strict';
import { appendedRowLayout, buildRowLayout, layoutFits, setRowHeight } from '../../../../webview-ui/src/logic/rowLayout';

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

  it('entries added at the end extend the layout: measured rows keep their heights, only the new rows are estimated', () => {
    const layout = buildRowLayout(keys, positions, () => 10);
    setRowHeight(layout, 3, 25);
    const grown = [...keys, 'e', 'f'];
    const estimated: number[] = [];
    const extended = appendedRowLayout(layout, new Map(grown.map((key, i) => [key, i])), grown.length, (i) => grown[i], (i) => {
      estimated.push(i);
      return 7;
    });
    assert.ok(extended);
    assert.deepEqual(estimated, [4, 5], 'only the new rows');
    assert.deepEqual([...extended.offsets], [0, 10, 20, 30, 55, 62, 69]);
    assert.deepEqual(extended.keys, grown);
    assert.deepEqual([...layout.offsets], [0, 10, 20, 30, 55], 'the old layout is left as it was');
  });

  it('is not extended when entries were prepended, dropped or replaced', () => {
    const layout = buildRowLayout(keys, positions, () => 10);
    const extend = (list: string[]) => appendedRowLayout(layout, new Map(list.map((key, i) => [key, i])), list.length, (i) => list[i], () => 7);
    assert.equal(extend(['z', ...keys]), undefined, 'older entries before');
    assert.equal(extend(['b', 'c', 'd', 'e', 'f']), undefined, 'the oldest dropped');
    assert.equal(extend(['a', 'b', 'c', 'x', 'e']), undefined, 'the last one replaced');
    assert.equal(extend(keys), undefined, 'nothing added');
    assert.equal(appendedRowLayout(null, positions, 4, (i) => keys[i], () => 7), undefined);
  });
});
