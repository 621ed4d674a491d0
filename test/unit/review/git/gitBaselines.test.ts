import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiskChanges } from '../../../../src/review/diskChanges';
import { GitBaselines } from '../../../../src/review/git/gitBaselines';
import { Repositories } from '../../../../src/review/filter/repositories';
import { packReview, unpackReview } from '../../../../src/review/ledgerData';
import { SessionChanges } from '../../../../src/review/sessionChanges';
import { readStoredObjects } from '../../../../src/review/storedObjects';
import { WorkspaceSnapshot } from '../../../../src/review/workspaceSnapshot';
import { git, repository, tempFolder, write } from '../../helpers/gitRepository';

const REF = 'refs/acp/baselines/test';

/** The review's parts around git baselines, on real folders (no watcher: the test tells the file events). */
function review(options: { keepsEarlier?: () => boolean } = {}) {
  const seen = new WorkspaceSnapshot((p) => p);
  const logged: string[] = [];
  const baselines = new GitBaselines(seen, {
    repositories: new Repositories(),
    ref: REF,
    keepsEarlier: options.keepsEarlier ?? (() => false),
    maxFileBytes: 1024 * 1024,
    log: (line) => logged.push(line),
  });
  const disk = new DiskChanges(baselines, (p) => p);
  const session = new SessionChanges('s1', { keyOf: (p) => p, snapshot: baselines, attribute: () => undefined, now: () => 1000, graceMs: 500 });
  disk.track(session);
  return { seen, baselines, disk, session, logged };
}

function pending(session: SessionChanges): [string, string, unknown, unknown][] {
  return session.ledger
    .pending()
    .map((file): [string, string, unknown, unknown] => [path.basename(file.path), file.status, file.baseline, file.current])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

describe('review: baselines from git trees', () => {
  const made: string[] = [];
  const parts: ReturnType<typeof review>[] = [];
  const folder = (prefix: string): string => {
    const dir = tempFolder(prefix);
    made.push(dir);
    return dir;
  };
  const start = (options?: Parameters<typeof review>[0]) => {
    const part = review(options);
    parts.push(part);
    return part;
  };
  afterEach(() => {
    parts.splice(0).forEach((part) => part.baselines.dispose());
    made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  });

  it('a file changed on disk during a turn gets its baseline from the tree taken when the turn started', async () => {
    const root = repository(folder('acp-gitbase-'), { 'a.txt': 'committed\n', 'b.txt': 'beta\n' });
    // Uncommitted work of the user: the baseline is the working tree, not HEAD.
    fs.writeFileSync(path.join(root, 'a.txt'), 'the user’s edit\n');
    const { baselines, disk, session, seen } = start();
    await baselines.capture([root]);
    session.turnStarted('go');
    fs.writeFileSync(path.join(root, 'a.txt'), 'agent\n');
    fs.rmSync(path.join(root, 'b.txt'));
    await Promise.all([disk.event(path.join(root, 'a.txt'), 'change'), disk.event(path.join(root, 'b.txt'), 'delete')]);
    assert.deepEqual(pending(session), [
      ['a.txt', 'modified', 'the user’s edit\n', 'agent\n'],
      ['b.txt', 'deleted', 'beta\n', null],
    ]);
    // Nothing of the repository was read into memory before the change: the texts seen are the agent's only.
    assert.deepEqual(
      [seen.get(path.join(root, 'a.txt')), seen.get(path.join(root, 'b.txt')), seen.size],
      ['agent\n', null, 2],
    );
    // The user's branch, index and status are untouched.
    assert.equal(git(root, 'status', '--porcelain'), ' M a.txt\n D b.txt\n');
    assert.equal(git(root, 'rev-list', '--count', 'HEAD'), '1\n');
  });

  it('a file never seen before (untracked, not ignored) is undoable; an ignored one is not in the tree', async () => {
    const root = repository(folder('acp-gitbase-'), { '.gitignore': 'build/\n' });
    write(root, { 'notes/new.txt': 'untracked notes\n', 'build/out.js': 'built\n' });
    const { baselines, disk, session } = start();
    await baselines.capture([root]);
    session.turnStarted('go');
    fs.rmSync(path.join(root, 'notes'), { recursive: true });
    // The watcher reports only the folder when one is removed: the files the tree has under it are deleted too.
    await disk.event(path.join(root, 'notes'), 'delete');
    assert.deepEqual(pending(session), [['new.txt', 'deleted', 'untracked notes\n', null]]);
    assert.deepEqual(await baselines.known(path.join(root, 'build', 'out.js')), { text: null, exists: false });
  });

  it('a repository with no commit yet has baselines too', async () => {
    const root = folder('acp-gitbase-');
    git(root, 'init', '-q', '-b', 'main');
    write(root, { 'first.txt': 'first\n' });
    const { baselines, disk, session } = start();
    await baselines.capture([root]);
    session.turnStarted('go');
    fs.writeFileSync(path.join(root, 'first.txt'), 'changed\n');
    await disk.event(path.join(root, 'first.txt'), 'change');
    assert.deepEqual(pending(session), [['first.txt', 'modified', 'first\n', 'changed\n']]);
    await baselines.kept();
    assert.equal(git(root, 'rev-list', '--all', '--count'), '1\n', 'only the baseline commit, on the extension’s ref');
    assert.throws(() => git(root, 'rev-parse', '-q', '--verify', 'HEAD'), 'the branch still has no commit');
  });

  it('a folder in a subfolder of the repository and a repository nested in it (no commit) are both captured', async () => {
    const root = repository(folder('acp-gitbase-'), { 'app/main.txt': 'main\n', 'other.txt': 'other\n' });
    const nested = path.join(root, 'app', 'vendor');
    fs.mkdirSync(nested, { recursive: true });
    git(nested, 'init', '-q', '-b', 'main');
    write(nested, { 'lib.txt': 'lib\n' });
    const { baselines, disk, session, logged } = start();
    // The session's folder is app/ (a workspace folder below the repository's root).
    await baselines.capture([path.join(root, 'app')]);
    session.turnStarted('go');
    fs.writeFileSync(path.join(root, 'app', 'main.txt'), 'MAIN\n');
    fs.writeFileSync(path.join(nested, 'lib.txt'), 'LIB\n');
    await Promise.all([disk.event(path.join(root, 'app', 'main.txt'), 'change'), disk.event(path.join(nested, 'lib.txt'), 'change')]);
    assert.deepEqual(pending(session), [
      ['lib.txt', 'modified', 'lib\n', 'LIB\n'],
      ['main.txt', 'modified', 'main\n', 'MAIN\n'],
    ]);
    assert.deepEqual(logged, []);
  });

  it('a second text seen during the turn is the baseline of the next change, not the tree', async () => {
    const root = repository(folder('acp-gitbase-'), { 'a.txt': 'one\n' });
    const { baselines, disk, session } = start();
    await baselines.capture([root]);
    session.turnStarted('go');
    fs.writeFileSync(path.join(root, 'a.txt'), 'two\n');
    await disk.event(path.join(root, 'a.txt'), 'change');
    session.turnStarted('again');
    fs.writeFileSync(path.join(root, 'a.txt'), 'three\n');
    await disk.event(path.join(root, 'a.txt'), 'change');
    assert.deepEqual(pending(session), [['a.txt', 'modified', 'one\n', 'three\n']]);
    assert.equal(session.ledger.beforeTurn(2, path.join(root, 'a.txt')), 'two\n');
  });

  it('kept across a reload: the stored ledger names the object, and the next window reads the text back from git', async () => {
    const root = repository(folder('acp-gitbase-'), { 'big.txt': 'x'.repeat(5000) + '\n' });
    const { baselines, disk, session } = start();
    await baselines.capture([root]);
    session.turnStarted('go');
    fs.writeFileSync(path.join(root, 'big.txt'), 'small\n');
    await disk.event(path.join(root, 'big.txt'), 'change');
    // A text limit far below the file: before, its baseline would be dropped (notKept); the object name is kept instead.
    const { stored, dropped } = packReview([{ conversation: 's1', ledger: session.ledger.toData() }], 100);
    assert.deepEqual(dropped, []);
    const [file] = stored.conversations[0].ledger.files;
    assert.equal(file.baseline, undefined);
    assert.match(file.baselineObject ?? '', /^[0-9a-f]{40}:big\.txt$/);

    const next = start();
    const [back] = unpackReview(JSON.parse(JSON.stringify(stored)));
    const ledger = await readStoredObjects(back.ledger, (name, object) => next.baselines.textOf(name, object));
    assert.equal(ledger.files[0].baseline, 'x'.repeat(5000) + '\n');
    assert.equal(ledger.files[0].notKept, undefined);
    assert.equal(ledger.turns[0].before[0].text, 'x'.repeat(5000) + '\n');
  });

  it('earlier trees stay reachable from the ref while a ledger needs them, and are let go when none does', async () => {
    const root = repository(folder('acp-gitbase-'), { 'a.txt': 'a\n' });
    let needed = true;
    const { baselines } = start({ keepsEarlier: () => needed });
    await baselines.capture([root]);
    await baselines.capture([root]);
    await baselines.kept();
    assert.equal(git(root, 'rev-list', '--count', baselines.refOf(root)), '2\n');
    needed = false;
    await baselines.capture([root]);
    await baselines.kept();
    assert.equal(git(root, 'rev-list', '--count', baselines.refOf(root)), '1\n');
  });

  it('two worktrees of one repository keep their trees by refs of their own (their refs are shared)', async () => {
    const root = repository(folder('acp-gitbase-'), { 'a.txt': 'a\n' });
    const other = path.join(folder('acp-gitwt-'), 'wt');
    git(root, 'worktree', 'add', '-q', '-b', 'side', other);
    fs.writeFileSync(path.join(other, 'a.txt'), 'in the worktree\n');
    const { baselines } = start({ keepsEarlier: () => false });
    await baselines.capture([root]);
    await baselines.capture([other]);
    await baselines.kept();
    assert.notEqual(baselines.refOf(root), baselines.refOf(other));
    assert.equal(git(root, 'show', `${baselines.refOf(root)}:a.txt`), 'a\n');
    assert.equal(git(root, 'show', `${baselines.refOf(other)}:a.txt`), 'in the worktree\n');
  });

  it('changes while no agent is at work keep no text in a repository; the tree of the next turn has it', async () => {
    const root = repository(folder('acp-gitbase-'), { 'a.txt': 'a\n' });
    const { baselines, disk, session, seen } = start();
    fs.writeFileSync(path.join(root, 'a.txt'), 'x'.repeat(100_000));
    write(root, { 'made.txt': 'by a build\n' });
    await Promise.all([disk.event(path.join(root, 'a.txt'), 'change'), disk.event(path.join(root, 'made.txt'), 'create')]);
    assert.deepEqual([seen.get(path.join(root, 'a.txt')), seen.existsUnkept(path.join(root, 'a.txt')), seen.get(path.join(root, 'made.txt'))], [undefined, true, undefined]);
    await baselines.capture([root]);
    session.turnStarted('go');
    fs.writeFileSync(path.join(root, 'made.txt'), 'by the agent\n');
    await disk.event(path.join(root, 'made.txt'), 'change');
    assert.deepEqual(pending(session), [['made.txt', 'modified', 'by a build\n', 'by the agent\n']]);
  });

  it('outside git the texts seen are the baselines (the bounded snapshot)', async () => {
    const plain = folder('acp-plainbase-');
    write(plain, { 'a.txt': 'alpha\n' });
    const { baselines, disk, session, seen } = start();
    assert.equal(await baselines.covers(plain), false);
    await seen.seed([path.join(plain, 'a.txt')]);
    await baselines.capture([plain]);
    session.turnStarted('go');
    fs.writeFileSync(path.join(plain, 'a.txt'), 'ALPHA\n');
    await disk.event(path.join(plain, 'a.txt'), 'change');
    assert.deepEqual(pending(session), [['a.txt', 'modified', 'alpha\n', 'ALPHA\n']]);
  });

  it('when git cannot be run, files in a repository fall back to the snapshot and the log says why once', async () => {
    const root = repository(folder('acp-gitbase-'), { 'a.txt': 'a\n' });
    const seen = new WorkspaceSnapshot((p) => p);
    const logged: string[] = [];
    const baselines = new GitBaselines(seen, { repositories: new Repositories(), ref: REF, keepsEarlier: () => false, maxFileBytes: 1024, log: (line) => logged.push(line), program: 'no-such-git-here' });
    assert.equal(await baselines.covers(root), false);
    await baselines.capture([root]);
    assert.deepEqual(await baselines.known(path.join(root, 'a.txt')), { text: undefined, exists: false });
    assert.equal(logged.length, 1);
    assert.match(logged[0], /Git was not found/);
    baselines.dispose();
  });
});
