import assert from 'node:assert/strict';
import { anchorAt, computeWindow, indexAt, prefixOffsets, scrollTopFor, type WindowRequest } from '../../../../webview-ui/src/logic/virtualWindow';

const request = (patch: Partial<WindowRequest>): WindowRequest => ({
  scrollTop: 0,
  viewportHeight: 100,
  overscanPx: 0,
  atBottom: false,
  maxItems: 1000,
  ...patch,
});

describe('virtualized transcript window math', () => {
  const offsets = prefixOffsets(Array.from({ length: 100 }, () => 20)); // 100 rows of 20 px: 2000 px

  it('prefix offsets and the index at a position', () => {
    assert.deepEqual([...prefixOffsets([10, 0, 5, -3])], [0, 10, 10, 15, 15]);
    assert.equal(indexAt(offsets, 0), 0);
    assert.equal(indexAt(offsets, 19.9), 0);
    assert.equal(indexAt(offsets, 20), 1);
    assert.equal(indexAt(offsets, 5000), 99);
    assert.equal(indexAt(offsets, -10), 0);
  });

  it('renders the rows in the viewport and spacers for the rest', () => {
    const w = computeWindow(offsets, request({ scrollTop: 200 }));
    assert.deepEqual(w, { start: 10, end: 16, padTop: 200, padBottom: 2000 - 320, total: 2000 });
  });

  it('adds overscan on both sides, clamped to the list', () => {
    const w = computeWindow(offsets, request({ scrollTop: 200, overscanPx: 100 }));
    assert.deepEqual([w.start, w.end], [5, 21]);
    const top = computeWindow(offsets, request({ scrollTop: 0, overscanPx: 100 }));
    assert.deepEqual([top.start, top.padTop], [0, 0]);
  });

  it('at the bottom shows the last rows whatever scrollTop says', () => {
    const w = computeWindow(offsets, request({ scrollTop: 0, atBottom: true }));
    assert.deepEqual([w.start, w.end, w.padBottom], [95, 100, 0]);
  });

  it('caps the rendered rows, however small the heights', () => {
    const tiny = prefixOffsets(Array.from({ length: 10_000 }, () => 1));
    const w = computeWindow(tiny, request({ scrollTop: 5000, viewportHeight: 800, overscanPx: 800, maxItems: 60 }));
    assert.equal(w.end - w.start, 60);
    assert.ok(w.start <= 5000 && w.end > 5000, 'the viewport top is rendered');
    const bottom = computeWindow(tiny, request({ viewportHeight: 800, atBottom: true, maxItems: 60 }));
    assert.deepEqual([bottom.start, bottom.end], [9940, 10_000]);
  });

  it('the rendered count does not grow with the list length', () => {
    for (const n of [100, 1000, 10_000, 100_000]) {
      const o = prefixOffsets(Array.from({ length: n }, () => 40));
      const w = computeWindow(o, request({ scrollTop: (n * 40) / 2, viewportHeight: 600, overscanPx: 800, maxItems: 60 }));
      assert.ok(w.end - w.start <= 56, `${n} rows → ${w.end - w.start} rendered`);
      assert.equal(w.padTop + (o[w.end] - o[w.start]) + w.padBottom, n * 40);
    }
  });

  it('an empty list renders nothing', () => {
    assert.deepEqual(computeWindow(prefixOffsets([]), request({})), { start: 0, end: 0, padTop: 0, padBottom: 0, total: 0 });
  });

  it('keeps the anchor row in place when rows above it change height or are prepended', () => {
    const keys = ['a', 'b', 'c', 'd'];
    const before = prefixOffsets([50, 50, 50, 50]);
    const anchor = anchorAt(before, keys, 120);
    assert.deepEqual(anchor, { key: 'c', offset: 20 });
    if (!anchor) return;
    // 'a' measured taller, and two older rows prepended.
    const nextKeys = ['y', 'z', ...keys];
    const after = prefixOffsets([30, 30, 80, 50, 50, 50]);
    const index = new Map(nextKeys.map((k, i) => [k, i]));
    assert.equal(scrollTopFor(anchor, after, (k) => index.get(k)), 30 + 30 + 80 + 50 + 20);
    assert.equal(scrollTopFor({ key: 'gone', offset: 0 }, after, (k) => index.get(k)), undefined);
  });
});
