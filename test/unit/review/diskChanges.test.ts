import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiskChanges } from '../../../src/review/diskChanges';
import { SessionChanges } from '../../../src/review/sessionChanges';
import { WorkspaceSnapshot } from '../../../src/review/workspaceSnapshot';

describe('review: changes on disk', () => {
  let dir: string;
  let clock: number;
  let snapshot: WorkspaceSnapshot;
  let disk: DiskChanges;
  let session: SessionChanges;
  const file = (name: string): string => path.join(dir, name);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-disk-'));
    fs.writeFileSync(file('a.txt'), 'alpha\n');
    fs.writeFileSync(file('b.txt'), 'beta\n');
    clock = 1000;
    snapshot = new WorkspaceSnapshot((p) => p);
    await snapshot.seed([file('a.txt'), file('b.txt')]);
    disk = new DiskChanges(snapshot, (p) => p);
    session = new SessionChanges('s1', { keyOf: (p) => p, snapshot, attribute: (f) => (f.endsWith('a.txt') ? 'edit-a' : undefined), now: () => clock, graceMs: 500 });
    disk.track(session);
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('records changes, creations and deletions made while a turn runs, with the text before', async () => {
    session.turnStarted('go');
    fs.writeFileSync(file('a.txt'), 'ALPHA\n');
    fs.writeFileSync(file('c.txt'), 'new\n');
    fs.rmSync(file('b.txt'));
    await Promise.all([disk.event(file('a.txt'), 'change'), disk.event(file('c.txt'), 'create'), disk.event(file('b.txt'), 'delete')]);
    assert.deepEqual(
      session.ledger
        .pending()
        .map((f) => [path.basename(f.path), f.status, f.baseline, f.current, f.toolCallIds])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
      [
        ['a.txt', 'modified', 'alpha\n', 'ALPHA\n', ['edit-a']],
        ['b.txt', 'deleted', 'beta\n', null, []],
        ['c.txt', 'created', null, 'new\n', []],
      ],
    );
  });

  it('a file created and renamed away before its create event is handled leaves nothing to review (atomic writes)', async () => {
    session.turnStarted('go');
    const temp = file('a.txt.tmp.123.456');
    fs.writeFileSync(temp, 'ALPHA\n');
    fs.renameSync(temp, file('a.txt'));
    await Promise.all([disk.event(temp, 'create'), disk.event(temp, 'delete'), disk.event(file('a.txt'), 'change')]);
    assert.deepEqual(
      session.ledger.pending().map((f) => [path.basename(f.path), f.status, f.baseline, f.current]),
      [['a.txt', 'modified', 'alpha\n', 'ALPHA\n']],
    );
  });

  it('outside a turn (after the grace period) the snapshot follows and nothing is recorded', async () => {
    session.turnStarted('go');
    session.turnEnded();
    clock += 501;
    fs.writeFileSync(file('a.txt'), 'user\n');
    await disk.event(file('a.txt'), 'change');
    assert.deepEqual(session.ledger.pending(), []);
    assert.equal(snapshot.get(file('a.txt')), 'user\n');
  });

  it('late events within the grace period still count as the agent’s', async () => {
    session.turnStarted('go');
    fs.writeFileSync(file('a.txt'), 'agent\n');
    session.turnEnded();
    clock += 400;
    await disk.event(file('a.txt'), 'change');
    assert.equal(session.ledger.pending().length, 1);
  });

  it("the user's saves and the client's own writes are not the agent's", async () => {
    session.turnStarted('go');
    fs.writeFileSync(file('a.txt'), 'saved by user\n');
    disk.userSaved(file('a.txt'), 'saved by user\n');
    disk.ownWrite(file('b.txt'), null);
    fs.rmSync(file('b.txt'));
    await Promise.all([disk.event(file('a.txt'), 'change'), disk.event(file('b.txt'), 'delete')]);
    assert.deepEqual(session.ledger.pending(), []);
  });

  it('a file the snapshot did not keep is recorded with an unknown earlier text', async () => {
    fs.writeFileSync(file('late.txt'), 'existed\n');
    session.turnStarted('go');
    fs.writeFileSync(file('late.txt'), 'changed\n');
    await disk.event(file('late.txt'), 'change');
    assert.deepEqual(session.ledger.pending().map((f) => [f.baseline, f.current]), [[undefined, 'changed\n']]);
  });

  it('the snapshot keeps no file over the size cap and no binary file', async () => {
    const small = new WorkspaceSnapshot((p) => p, { maxFileBytes: 8, maxTotalChars: 100 });
    fs.writeFileSync(file('big.txt'), 'more than eight bytes');
    fs.writeFileSync(file('bin'), Buffer.from([1, 0, 2]));
    await small.seed([file('big.txt'), file('bin'), file('b.txt')]);
    assert.deepEqual([small.has(file('big.txt')), small.has(file('bin')), small.get(file('b.txt'))], [false, false, 'beta\n']);
  });

  it('fs/write_text_file writes are recorded with their text, and a saved one moves the snapshot', async () => {
    session.turnStarted('go');
    session.fsWrite({ path: file('a.txt'), before: 'alpha\n', after: 'via fs\n', saved: true });
    fs.writeFileSync(file('a.txt'), 'via fs\n');
    await disk.event(file('a.txt'), 'change');
    assert.deepEqual(session.ledger.pending().map((f) => [f.baseline, f.current]), [['alpha\n', 'via fs\n']]);
  });
  it('a folder created with files in it, reported as one event, has each file recorded as created', async () => {
    session.turnStarted('go');
    fs.mkdirSync(path.join(dir, 'new', 'deep'), { recursive: true });
    fs.writeFileSync(file('new/one.txt'), 'one\n');
    fs.writeFileSync(file('new/deep/two.txt'), 'two\n');
    await disk.event(path.join(dir, 'new'), 'create');
    assert.deepEqual(
      session.ledger.pending().map((f) => [path.relative(dir, f.path), f.status, f.current]).sort(),
      [
        [path.join('new', 'deep', 'two.txt'), 'created', 'two\n'],
        [path.join('new', 'one.txt'), 'created', 'one\n'],
      ],
    );
  });
});
