import * as assert from 'node:assert/strict';
import { lineWindow, sliceLines } from '../../../../src/services/files/lineSlice';

describe('files: line/limit windows', () => {
  const text = 'one\ntwo\nthree\nfour\n';

  it('returns the whole text without line and limit', () => {
    assert.equal(sliceLines(text, undefined, undefined), text);
  });

  it('reads from a 1-based line, keeping each line terminator', () => {
    assert.equal(sliceLines(text, 2, undefined), 'two\nthree\nfour\n');
    assert.equal(sliceLines(text, 2, 2), 'two\nthree\n');
    assert.equal(sliceLines(text, 1, 1), 'one\n');
    assert.equal(sliceLines(text, undefined, 2), 'one\ntwo\n');
  });

  it('concatenated windows give back the text', () => {
    const windows = [1, 3, 5, 7].map((line) => sliceLines(text, line, 2));
    assert.equal(windows.join(''), text);
  });

  it('a window past the end is empty; a limit past the end stops at the end', () => {
    assert.equal(sliceLines(text, 6, 3), '');
    assert.equal(sliceLines(text, 100, undefined), '');
    assert.equal(sliceLines(text, 4, 100), 'four\n');
    assert.equal(sliceLines('a\nb', 2, 5), 'b');
    assert.equal(sliceLines('a\nb', 3, 1), '');
  });

  it('limit 0 is empty', () => {
    assert.equal(sliceLines(text, 2, 0), '');
    assert.equal(lineWindow(5, 2, 0), undefined);
  });

  it('computes document windows on line counts (a trailing newline makes an empty last line)', () => {
    // "one\ntwo\nthree\nfour\n" has 5 lines in an editor.
    assert.deepEqual(lineWindow(5, 2, 2), { startLine: 1, endLine: 3 });
    assert.deepEqual(lineWindow(5, 4, undefined), { startLine: 3, endLine: 5 });
    assert.deepEqual(lineWindow(5, undefined, 10), { startLine: 0, endLine: 5 });
    assert.deepEqual(lineWindow(5, 5, 1), { startLine: 4, endLine: 5 });
    assert.equal(lineWindow(5, 6, 1), undefined);
  });

  it('scans only as far as the window on a huge text', () => {
    const huge = 'x'.repeat(80).concat('\n').repeat(200_000);
    const before = process.cpuUsage();
    for (let i = 0; i < 100; i++) sliceLines(huge, 10, 50);
    const used = process.cpuUsage(before);
    const perCallMs = (used.user + used.system) / 1000 / 100;
    assert.equal(sliceLines(huge, 10, 50), 'x'.repeat(80).concat('\n').repeat(50));
    assert.ok(perCallMs < 1, `a 50-line window of a 16 MB text took ${perCallMs.toFixed(3)} ms of CPU`);
  });
});
