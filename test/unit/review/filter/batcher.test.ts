import * as assert from 'node:assert/strict';
import { Batcher } from '../../../../src/review/filter/batcher';

describe('review filter: questions asked in batches', () => {
  it('a burst of questions in one turn of the event loop is one call, a question asked twice is asked once', async () => {
    const calls: string[][] = [];
    const batcher = new Batcher<string, number>((questions) => {
      calls.push(questions);
      return Promise.resolve(new Map(questions.map((q) => [q, q.length])));
    });
    const answers = await Promise.all(['a', 'bb', 'ccc', 'bb'].map((q) => batcher.ask(q)));
    assert.deepEqual(answers, [1, 2, 3, 2]);
    assert.deepEqual(calls, [['a', 'bb', 'ccc']]);
  });

  it('questions asked while a batch is out wait for it and go together as the next one', async () => {
    const calls: string[][] = [];
    let release: () => void = () => undefined;
    const batcher = new Batcher<string, string>(async (questions) => {
      calls.push(questions);
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Map(questions.map((q) => [q, q.toUpperCase()]));
    });
    const first = batcher.ask('a');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, [['a']]);
    const later = [batcher.ask('b'), batcher.ask('c')];
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(calls.length, 1, 'nothing more goes out while the first batch is out');
    release();
    assert.deepEqual(await Promise.all([first, ...later]), ['A', 'B', 'C']);
    assert.deepEqual(calls, [['a'], ['b', 'c']]);
  });

  it('a failed batch refuses its questions, and the next batch is asked again', async () => {
    let fail = true;
    const batcher = new Batcher<string, boolean>((questions) => (fail ? Promise.reject(new Error('down')) : Promise.resolve(new Map(questions.map((q) => [q, true])))));
    await assert.rejects(batcher.ask('a'), /down/);
    fail = false;
    assert.equal(await batcher.ask('a'), true);
  });

  it('a question the answer leaves out is refused', async () => {
    const batcher = new Batcher<string, boolean>(() => Promise.resolve(new Map()));
    await assert.rejects(batcher.ask('x'), /No answer for x/);
  });
});
