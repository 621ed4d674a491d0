import * as assert from 'node:assert/strict';
import { DiffBudget, planEdits, TextEdit } from '../../../../src/services/files/minimalEdits';

/** Applies edits (offsets in the old text), last first. */
function apply(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

function assertSortedAndDisjoint(edits: readonly TextEdit[]): void {
  for (let i = 1; i < edits.length; i++) assert.ok(edits[i - 1].end <= edits[i].start, `edits ${i - 1} and ${i} overlap or are out of order`);
}

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** CPU milliseconds `work` took in this process (steadier than wall time on a busy machine). */
function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const lines = (count: number, prefix = 'line'): string => Array.from({ length: count }, (_, i) => `${prefix} ${i}\n`).join('');

describe('files: minimal edits', () => {
  it('makes no edit for equal texts', () => {
    assert.deepEqual(planEdits('a\nb\n', 'a\nb\n'), { edits: [], method: 'unchanged' });
  });

  it('touches only the changed lines', () => {
    const old = lines(10);
    const changed = old.replace('line 3\n', 'LINE three\n').replace('line 8\n', 'line 8 edited\n');
    const plan = planEdits(old, changed);
    assert.equal(plan.method, 'lines');
    assert.equal(apply(old, plan.edits), changed);
    assert.equal(plan.edits.length, 2);
    const third = old.indexOf('line 3\n');
    const eighth = old.indexOf('line 8\n');
    assert.deepEqual(plan.edits[0], { start: third, end: third + 'line 3\n'.length, text: 'LINE three\n' });
    assert.deepEqual(plan.edits[1], { start: eighth, end: eighth + 'line 8\n'.length, text: 'line 8 edited\n' });
  });

  it('inserts and deletes whole lines without touching neighbours', () => {
    const old = lines(5);
    const inserted = old.replace('line 2\n', 'line 2\nnew a\nnew b\n');
    const insert = planEdits(old, inserted);
    assert.equal(apply(old, insert.edits), inserted);
    assert.deepEqual(insert.edits, [{ start: old.indexOf('line 3'), end: old.indexOf('line 3'), text: 'new a\nnew b\n' }]);
    const removed = old.replace('line 1\n', '');
    const remove = planEdits(old, removed);
    assert.deepEqual(remove.edits, [{ start: old.indexOf('line 1'), end: old.indexOf('line 2'), text: '' }]);
  });

  it('handles a change in the first line, the last line without a newline, and empty texts', () => {
    for (const [a, b] of [
      ['\nx\n', 'y\nx\n'],
      ['a\nb', 'a\nc'],
      ['a\nb', 'a\nb\n'],
      ['', 'new\n'],
      ['old\n', ''],
      ['same\nsame\n', 'same\n'],
      ['x\r\ny\r\n', 'x\r\nz\r\n'],
    ]) {
      const plan = planEdits(a, b);
      assert.equal(apply(a, plan.edits), b, `${JSON.stringify(a)} -> ${JSON.stringify(b)}`);
      assertSortedAndDisjoint(plan.edits);
    }
  });

  it('turns any old text into any new text (random edits)', () => {
    const next = random(7);
    const pool = ['alpha\n', 'beta\n', 'gamma\n', '\n', 'delta', 'x\r\n', '  indented\n', 'épsilon ✓\n'];
    for (let round = 0; round < 300; round++) {
      const oldLines = Array.from({ length: Math.floor(next() * 30) }, () => pool[Math.floor(next() * pool.length)]);
      const newLines = oldLines.slice();
      for (let changes = Math.floor(next() * 5); changes > 0; changes--) {
        const at = Math.floor(next() * (newLines.length + 1));
        const op = next();
        if (op < 0.33) newLines.splice(at, 1);
        else if (op < 0.66) newLines.splice(at, 0, pool[Math.floor(next() * pool.length)]);
        else newLines[at] = `changed ${round}\n`;
      }
      const a = oldLines.join('');
      const b = newLines.join('');
      const plan = planEdits(a, b);
      assert.equal(apply(a, plan.edits), b, `round ${round}`);
      assertSortedAndDisjoint(plan.edits);
    }
  });

  it('a few changes in a big file stay a few small edits', () => {
    const old = lines(100_000);
    const changed = old.replace('line 10\n', 'ten\n').replace('line 50000\n', 'fifty thousand\n').replace('line 99998\n', '');
    let plan = planEdits('', '');
    const elapsed = cpuMs(() => (plan = planEdits(old, changed, { maxChars: 10_000_000, timeoutMs: 10_000 })));
    assert.equal(plan.method, 'lines');
    assert.equal(plan.edits.length, 3);
    assert.equal(apply(old, plan.edits), changed);
    assert.ok(elapsed < 300, `took ${elapsed.toFixed(1)} ms of CPU`);
  });

  it('past the time budget, falls back to one replace of the changed middle, on time', () => {
    // Every other line changed across 60k lines: a line diff with ~60k edits, far beyond a 20 ms budget.
    const old = lines(60_000);
    const changed = old.split('\n').map((line, i) => (i % 2 === 0 ? `${line} changed` : line)).join('\n');
    const budget: DiffBudget = { maxChars: 10_000_000, timeoutMs: 20 };
    let plan = planEdits('', '');
    const elapsed = cpuMs(() => (plan = planEdits(old, changed, budget)));
    assert.equal(plan.method, 'middle');
    assert.equal(plan.edits.length, 1);
    assert.equal(apply(old, plan.edits), changed);
    assert.ok(elapsed < 250, `the fallback took ${elapsed.toFixed(1)} ms of CPU with a 20 ms diff budget`);
  });

  it('past the size cap, does not diff at all, and still trims the common lines', () => {
    const head = lines(1000, 'head');
    const tail = lines(1000, 'tail');
    const old = `${head}${'a'.repeat(5000)}\n${tail}`;
    const changed = `${head}${'b'.repeat(5000)}\n${tail}`;
    const plan = planEdits(old, changed, { maxChars: 100, timeoutMs: 1000 });
    assert.equal(plan.method, 'middle');
    assert.deepEqual(plan.edits, [{ start: head.length, end: head.length + 5001, text: `${'b'.repeat(5000)}\n` }]);
  });
});
