import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiskChanges } from '../../../src/review/diskChanges';
import { SessionChanges } from '../../../src/review/sessionChanges';
import { WorkspaceSnapshot } from '../../../src/review/workspaceSnapshot';

describe('review: a change on disk is credited by its path first, by time second', () => {
  let dir: string;
  let clock: number;
  let disk: DiskChanges;
  let sessions: { a: SessionChanges; b: SessionChanges };
  const at = (...parts: string[]): string => path.join(dir, ...parts);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-credit-'));
    for (const name of ['a-folder/x.txt', 'b-folder/y.txt', 'elsewhere/z.txt']) {
      fs.mkdirSync(path.dirname(at(name)), { recursive: true });
      fs.writeFileSync(at(name), 'before\n');
    }
    clock = 1000;
    const snapshot = new WorkspaceSnapshot((p) => p);
    await snapshot.seed([at('a-folder/x.txt'), at('b-folder/y.txt'), at('elsewhere/z.txt')]);
    disk = new DiskChanges(snapshot, (p) => p);
    const session = (name: string, roots: string[]): SessionChanges => {
      const changes = new SessionChanges(name, { keyOf: (p) => p, snapshot, roots: () => roots, attribute: () => undefined, now: () => clock, graceMs: 500 });
      disk.track(changes);
      return changes;
    };
    sessions = { a: session('A', [at('a-folder')]), b: session('B', [at('b-folder')]) };
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const changed = (session: SessionChanges): string[] => session.ledger.pending().map((file) => path.relative(dir, file.path));

  it('A and B at work: a change under only B’s folder goes to B although A started later; under neither, to A (the latest)', async () => {
    sessions.b.turnStarted('b works');
    clock += 10;
    sessions.a.turnStarted('a works');
    fs.writeFileSync(at('b-folder/y.txt'), 'by B\n');
    fs.writeFileSync(at('elsewhere/z.txt'), 'by a shell\n');
    await Promise.all([disk.event(at('b-folder/y.txt'), 'change'), disk.event(at('elsewhere/z.txt'), 'change')]);
    assert.deepEqual(changed(sessions.b), [path.join('b-folder', 'y.txt')]);
    assert.deepEqual(changed(sessions.a), [path.join('elsewhere', 'z.txt')]);
  });

  it('a session whose turn is over (past the grace period) gets nothing, even under its own folder', async () => {
    sessions.b.turnStarted('b works');
    sessions.b.turnEnded();
    clock += 501;
    sessions.a.turnStarted('a works');
    fs.writeFileSync(at('b-folder/y.txt'), 'by someone\n');
    await disk.event(at('b-folder/y.txt'), 'change');
    assert.deepEqual(changed(sessions.b), []);
    assert.deepEqual(changed(sessions.a), [path.join('b-folder', 'y.txt')]);
  });

  it('a root holds the files below it, not a folder whose name merely starts the same', () => {
    assert.equal(sessions.a.holds(at('a-folder', 'deep', 'f.txt')), true);
    assert.equal(sessions.a.holds(at('a-folder')), true);
    assert.equal(sessions.a.holds(at('a-folder-2', 'f.txt')), false);
  });
});
