import * as assert from 'node:assert/strict';
import { AgentChange, ChangeLedger } from '../../../src/review/changeLedger';

const change = (path: string, before: string | null | undefined, after: string | null, extra: Partial<AgentChange> = {}): AgentChange => ({
  path,
  before,
  after,
  source: 'disk',
  time: 0,
  ...extra,
});

describe('review: the change ledger', () => {
  it('keeps the text before the first change as the baseline and the latest text as current', () => {
    const ledger = new ChangeLedger();
    ledger.startTurn('fix it', 1);
    ledger.record(change('/w/a.ts', 'one\n', 'two\n', { toolCallId: 't1' }));
    ledger.record(change('/w/a.ts', 'two\n', 'three\n', { toolCallId: 't2' }));
    assert.deepEqual(ledger.pending(), [
      { path: '/w/a.ts', baseline: 'one\n', current: 'three\n', status: 'modified', toolCallIds: ['t1', 't2'], turns: [1] },
    ]);
  });

  it('tells created, modified and deleted apart, and a change back to the baseline leaves the review', () => {
    const ledger = new ChangeLedger();
    ledger.record(change('/w/new.ts', null, 'x'));
    ledger.record(change('/w/gone.ts', 'y', null));
    ledger.record(change('/w/same.ts', 'a', 'b'));
    ledger.record(change('/w/same.ts', 'b', 'a'));
    assert.deepEqual(
      ledger.pending().map((file) => [file.path, file.status]),
      [
        ['/w/new.ts', 'created'],
        ['/w/gone.ts', 'deleted'],
      ],
    );
  });

  it('filters by turn and remembers each file before each turn', () => {
    const ledger = new ChangeLedger();
    ledger.startTurn('first', 1);
    ledger.record(change('/w/a', 'a0', 'a1'));
    ledger.startTurn('second', 2);
    ledger.record(change('/w/a', 'a1', 'a2'));
    ledger.record(change('/w/b', null, 'b1'));
    assert.deepEqual(ledger.pending(1).map((f) => f.path), ['/w/a']);
    assert.deepEqual(ledger.pending(2).map((f) => f.path), ['/w/a', '/w/b']);
    assert.equal(ledger.beforeTurn(1, '/w/a'), 'a0');
    assert.equal(ledger.beforeTurn(2, '/w/a'), 'a1');
    assert.equal(ledger.beforeTurn(2, '/w/b'), null);
    assert.equal(ledger.lastTurn, 2);
  });

  it('restore targets: the text before the first change at or after the checkpoint', () => {
    const ledger = new ChangeLedger();
    ledger.startTurn('one', 1);
    ledger.record(change('/w/a', 'a0', 'a1'));
    ledger.startTurn('two', 2);
    ledger.record(change('/w/a', 'a1', 'a2'));
    ledger.record(change('/w/b', null, 'b1'));
    ledger.startTurn('three', 3);
    ledger.record(change('/w/c', 'c0', null));
    assert.deepEqual(ledger.restoreTargets(1), [
      { path: '/w/a', text: 'a0' },
      { path: '/w/b', text: null },
      { path: '/w/c', text: 'c0' },
    ]);
    assert.deepEqual(ledger.restoreTargets(2), [
      { path: '/w/a', text: 'a1' },
      { path: '/w/b', text: null },
      { path: '/w/c', text: 'c0' },
    ]);
    assert.deepEqual(ledger.restoreTargets(3), [{ path: '/w/c', text: 'c0' }]);
  });

  it('keep drops the file; setBaseline and setCurrent drop it when both meet', () => {
    const ledger = new ChangeLedger();
    ledger.record(change('/w/a', 'a', 'b'));
    ledger.record(change('/w/c', 'c', 'd'));
    ledger.record(change('/w/e', 'e', 'f'));
    ledger.keep('/w/a');
    ledger.setBaseline('/w/c', 'd');
    ledger.setCurrent('/w/e', 'e2');
    assert.deepEqual(ledger.pending().map((f) => [f.path, f.baseline, f.current]), [['/w/e', 'e', 'e2']]);
    ledger.setCurrent('/w/e', 'e');
    assert.deepEqual(ledger.pending(), []);
  });

  it('undoing a turn takes the file out of that turn', () => {
    const ledger = new ChangeLedger();
    ledger.startTurn('one', 1);
    ledger.record(change('/w/a', 'a0', 'a1'));
    ledger.startTurn('two', 2);
    ledger.record(change('/w/a', 'a1', 'a2'));
    ledger.setCurrent('/w/a', 'a1');
    assert.deepEqual(ledger.pending(2), []);
    assert.deepEqual(ledger.pending(1).map((f) => f.current), ['a1']);
  });

  it('keys paths with the given function (case-insensitive file systems) and fires on every change', () => {
    const ledger = new ChangeLedger((path) => path.toLowerCase());
    let fired = 0;
    ledger.onDidChange(() => fired++);
    ledger.record(change('/W/A.ts', 'a', 'b'));
    ledger.record(change('/w/a.TS', 'b', 'c'));
    assert.equal(ledger.pending().length, 1);
    assert.equal(ledger.get('/w/a.ts')?.current, 'c');
    assert.equal(fired, 2);
  });

  it('a change whose earlier text is unknown stays reviewable', () => {
    const ledger = new ChangeLedger();
    ledger.record(change('/w/big', undefined, 'x'));
    assert.deepEqual(ledger.pending().map((f) => [f.baseline, f.status]), [[undefined, 'modified']]);
  });
});

describe('review: a change that changes nothing', () => {
  it('is no change of the turn it arrives in (a late second event of an earlier turn\'s change)', () => {
    const ledger = new ChangeLedger();
    ledger.startTurn('first', 1);
    ledger.record({ path: '/w/a', before: 'a', after: 'A', source: 'disk', time: 2 });
    ledger.startTurn('second', 3);
    ledger.record({ path: '/w/a', before: 'A', after: 'A', source: 'disk', time: 4 });
    assert.deepEqual(ledger.restoreTargets(2), []);
    assert.deepEqual(ledger.restoreTargets(1), [{ path: '/w/a', text: 'a' }]);
  });
});
