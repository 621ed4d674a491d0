// Paths an agent's work creates and removes (codex's sandbox: `.codex`, `.agents`, `.aws` within ~100 ms) and
// folders removed with one event: a path absent before and absent after is no change; the files known under a
// removed folder are deleted files; a file known to exist whose text was not kept is still a deletion.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiskChanges } from '../../../src/review/diskChanges';
import { SessionChanges } from '../../../src/review/sessionChanges';
import { WorkspaceSnapshot } from '../../../src/review/workspaceSnapshot';

describe('review: paths created and removed within the agent’s work', () => {
  let dir: string;
  let snapshot: WorkspaceSnapshot;
  let disk: DiskChanges;
  let session: SessionChanges;
  const file = (name: string): string => path.join(dir, name);
  const pending = (): [string, string][] => session.ledger.pending().map((f) => [path.relative(dir, f.path), f.status]);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-unseen-'));
    fs.mkdirSync(file('lib'));
    fs.writeFileSync(file('lib/util.js'), 'util\n');
    fs.writeFileSync(file('a.txt'), 'alpha\n');
    fs.writeFileSync(file('image.bin'), Buffer.from([0, 1, 2, 0]));
    snapshot = new WorkspaceSnapshot((p) => p);
    await snapshot.seed([file('lib/util.js'), file('a.txt'), file('image.bin')]);
    disk = new DiskChanges(snapshot, (p) => p);
    session = new SessionChanges('s1', { keyOf: (p) => p, snapshot, attribute: () => undefined, now: () => 1000, graceMs: 500 });
    disk.track(session);
    session.turnStarted('go');
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a folder created (its event handled while it exists) and removed is no change', async () => {
    fs.mkdirSync(file('.codex'));
    await disk.event(file('.codex'), 'create');
    fs.rmdirSync(file('.codex'));
    await disk.event(file('.codex'), 'delete');
    assert.deepEqual(pending(), []);
  });

  it('a path whose only event is its delete (created and removed before the watcher said so) is no change', async () => {
    await Promise.all([disk.event(file('.agents'), 'delete'), disk.event(file('.aws'), 'change')]);
    assert.deepEqual(pending(), []);
  });

  it('an empty file created and removed is no change', async () => {
    fs.writeFileSync(file('.aws'), '');
    await disk.event(file('.aws'), 'create');
    fs.rmSync(file('.aws'));
    await disk.event(file('.aws'), 'delete');
    assert.deepEqual(pending(), []);
  });

  it('a removed folder reported as one event: the files known in it are deleted, the folder itself is no entry', async () => {
    fs.rmSync(file('lib'), { recursive: true });
    await disk.event(file('lib'), 'delete');
    assert.deepEqual(pending(), [[path.join('lib', 'util.js'), 'deleted']]);
    assert.equal(session.ledger.pending()[0].baseline, 'util\n');
  });

  it('a file known to exist whose text is not kept (binary) is still a deletion when it goes', async () => {
    fs.rmSync(file('image.bin'));
    await disk.event(file('image.bin'), 'delete');
    assert.deepEqual(pending(), [['image.bin', 'deleted']]);
  });

  it('a real deletion of a known file still counts', async () => {
    fs.rmSync(file('a.txt'));
    await disk.event(file('a.txt'), 'delete');
    assert.deepEqual(pending(), [['a.txt', 'deleted']]);
  });
});
