import * as assert from 'node:assert/strict';
import { ChangeLedger } from '../../../src/review/changeLedger';
import { packReview, unpackReview } from '../../../src/review/ledgerData';

function ledgerWith(): ChangeLedger {
  const ledger = new ChangeLedger();
  ledger.startTurn('first', 1);
  ledger.record({ path: '/w/a.ts', before: 'a\n', after: 'A\n', source: 'fs', toolCallId: 't1', time: 2 });
  ledger.record({ path: '/w/new.md', before: null, after: 'made\n', source: 'disk', time: 3 });
  ledger.startTurn('second', 4);
  ledger.record({ path: '/w/big.txt', before: 'x'.repeat(100), after: 'y'.repeat(100), source: 'disk', time: 5 });
  return ledger;
}

/** Through JSON, as the workspace storage keeps it. */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('review: the ledgers kept across a reload', () => {
  it('a ledger comes back as it was: pending files with their baselines, and the checkpoints', () => {
    const original = ledgerWith();
    const { stored, dropped } = packReview([{ conversation: 'agent\u0000s1', ledger: original.toData() }]);
    assert.deepEqual(dropped, []);
    const [back] = unpackReview(viaJson(stored));
    assert.equal(back.conversation, 'agent\u0000s1');
    const restored = new ChangeLedger();
    restored.load(back.ledger);
    assert.deepEqual(restored.pending(), original.pending());
    assert.deepEqual(restored.checkpoints, original.checkpoints);
    assert.deepEqual(restored.restoreTargets(1), original.restoreTargets(1));
    assert.equal(restored.beforeTurn(2, '/w/big.txt'), 'x'.repeat(100));
  });

  it('over the size limit, checkpoint texts go first, then the largest baselines, which are marked as not kept', () => {
    const data = ledgerWith().toData();
    // Everything: 2 + 2 + 5 + 200 (files) + 2 + 100 (checkpoints) = 311 characters.
    const checkpointsDropped = packReview([{ conversation: 'c', ledger: data }], 310);
    assert.deepEqual(checkpointsDropped.dropped, []);
    const turns = checkpointsDropped.stored.conversations[0].ledger.turns;
    assert.deepEqual(turns.flatMap((turn) => turn.before.map((target) => target.text)), [undefined, null, 'x'.repeat(100)]);

    const { stored, dropped } = packReview([{ conversation: 'c', ledger: data }], 50);
    assert.deepEqual(dropped, ['/w/big.txt']);
    const restored = new ChangeLedger();
    restored.load(unpackReview(viaJson(stored))[0].ledger);
    const big = restored.get('/w/big.txt');
    assert.equal(big?.baseline, undefined);
    assert.equal(big?.notKept, true);
    assert.equal(restored.get('/w/a.ts')?.baseline, 'a\n', 'a small file keeps its baseline');
    assert.equal(restored.get('/w/new.md')?.baseline, null, 'a created file stays a created file');
    // What was packed is a copy: the live ledger's data is untouched.
    assert.equal(data.files.find((file) => file.path === '/w/big.txt')?.baseline, 'x'.repeat(100));
  });

  it('reads what it can of a damaged or foreign value, and nothing of another version', () => {
    assert.deepEqual(unpackReview(undefined), []);
    assert.deepEqual(unpackReview({ version: 99, conversations: [] }), []);
    const read = unpackReview({
      version: 1,
      conversations: [
        'nonsense',
        { conversation: 'c', ledger: { files: [{ path: '/w/a', current: 'A', baseline: 'a', turns: ['x', 1] }, { path: 3 }, { path: '/w/b' }], turns: [{ label: 7 }] } },
        { conversation: 'empty', ledger: { files: [] } },
      ],
    });
    assert.deepEqual(read, [
      { conversation: 'c', ledger: { files: [{ path: '/w/a', baseline: 'a', current: 'A', toolCallIds: [], turns: [1] }], turns: [{ turn: 0, label: '', time: 0, before: [] }] } },
    ]);
  });

  it('a ledger that already holds changes does not take stored ones over them', () => {
    const ledger = ledgerWith();
    const before = ledger.pending();
    ledger.load({ files: [{ path: '/w/other', baseline: 'o', current: 'O', toolCallIds: [], turns: [] }], turns: [] });
    assert.deepEqual(ledger.pending(), before);
  });
});
