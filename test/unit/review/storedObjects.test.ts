import * as assert from 'node:assert/strict';
import type { LedgerData } from '../../../src/review/changeLedger';
import { packReview } from '../../../src/review/ledgerData';
import { readStoredObjects } from '../../../src/review/storedObjects';

const ledger: LedgerData = {
  files: [
    { path: '/r/a.txt', baseline: 'from git\n', baselineObject: 'tree1:a.txt', current: 'agent\n', toolCallIds: [], turns: [1] },
    { path: '/r/gone.txt', baseline: 'was here\n', baselineObject: 'tree1:gone.txt', current: 'agent\n', toolCallIds: [], turns: [1] },
    { path: '/plain/b.txt', baseline: 'seen\n', current: 'agent\n', toolCallIds: [], turns: [1] },
  ],
  turns: [{ turn: 1, label: 'go', time: 1, before: [{ path: '/r/a.txt', text: 'from git\n', object: 'tree1:a.txt' }] }],
};

describe('review: ledgers kept with git object names', () => {
  it('texts a git tree holds are stored as object names only; other texts as text', () => {
    const { stored } = packReview([{ conversation: 'c', ledger }]);
    const [files, turns] = [stored.conversations[0].ledger.files, stored.conversations[0].ledger.turns];
    assert.deepEqual(
      files.map((file) => [file.path, file.baseline, file.baselineObject]),
      [
        ['/r/a.txt', undefined, 'tree1:a.txt'],
        ['/r/gone.txt', undefined, 'tree1:gone.txt'],
        ['/plain/b.txt', 'seen\n', undefined],
      ],
    );
    assert.deepEqual(turns[0].before, [{ path: '/r/a.txt', text: undefined, object: 'tree1:a.txt' }]);
  });

  it('read back: a text git still has returns; one it lost leaves the file keepable, not undoable', async () => {
    const { stored } = packReview([{ conversation: 'c', ledger }]);
    const asked: string[] = [];
    const back = await readStoredObjects(stored.conversations[0].ledger, (_file, object) => {
      asked.push(object);
      return object === 'tree1:a.txt' ? Promise.resolve('from git\n') : Promise.reject(new Error('gone'));
    });
    assert.deepEqual(
      back.files.map((file) => [file.path, file.baseline, file.notKept]),
      [
        ['/r/a.txt', 'from git\n', undefined],
        ['/r/gone.txt', undefined, true],
        ['/plain/b.txt', 'seen\n', undefined],
      ],
    );
    assert.equal(back.turns[0].before[0].text, 'from git\n');
    assert.deepEqual(asked.sort(), ['tree1:a.txt', 'tree1:a.txt', 'tree1:gone.txt']);
  });
});
