import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baselineRef } from '../../../src/git/baselineRefs';
import { threadChanges, touchedPaths } from '../../../src/worktrees/threadChanges';
import { commitThread, commitsAhead, createWorktree, listWorktrees, removeWorktree, workingTreeRoot, WorktreeError } from '../../../src/worktrees/worktreeGit';
import { git, repository, tempFolder, write } from '../helpers/gitRepository';

describe('worktree threads: git', () => {
  const made: string[] = [];
  const folder = (prefix: string): string => {
    const dir = tempFolder(prefix);
    made.push(dir);
    return dir;
  };
  afterEach(() => made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  const started = (files: Record<string, string> = { 'a.txt': 'alpha\n', 'src/b.txt': 'beta\n' }) => {
    const repo = repository(folder('acp-wtrepo-'), files);
    return { repo, place: path.join(folder('acp-wtplace-'), 'thread-1') };
  };

  it('makes a worktree on a new branch from HEAD, leaving the user’s tree, index and branch alone', async () => {
    const { repo, place } = started();
    fs.writeFileSync(path.join(repo, 'a.txt'), 'the user’s edit\n');
    git(repo, 'add', 'a.txt');
    const worktree = await createWorktree({ repository: repo, folder: place, branch: 'acp/demo-1', carry: false });
    assert.equal(worktree.base, git(repo, 'rev-parse', 'HEAD').trim());
    assert.equal(fs.readFileSync(path.join(place, 'a.txt'), 'utf8'), 'alpha\n', 'the worktree has the committed files, not the user’s edit');
    assert.equal(git(place, 'branch', '--show-current').trim(), 'acp/demo-1');
    assert.equal(git(repo, 'branch', '--show-current').trim(), 'main');
    assert.equal(git(repo, 'diff', '--cached', '--name-only').trim(), 'a.txt', 'the user’s staged change is still staged');
    assert.equal(await workingTreeRoot(path.join(place, 'src')), place);
    const listed = await listWorktrees(repo);
    assert.deepEqual(listed.map((entry) => [entry.path, entry.branch]), [[repo, 'main'], [place, 'acp/demo-1']]);
  });

  it('carries the user’s uncommitted changes (edited, new, deleted) into the worktree as the thread’s changes', async () => {
    const { repo, place } = started();
    fs.writeFileSync(path.join(repo, 'a.txt'), 'edited\n');
    write(repo, { 'new.txt': 'new\n', '.gitignore': 'ignored.log\n', 'ignored.log': 'noise\n' });
    fs.rmSync(path.join(repo, 'src/b.txt'));
    const worktree = await createWorktree({ repository: repo, folder: place, branch: 'acp/carry', carry: true });
    assert.equal(fs.readFileSync(path.join(place, 'a.txt'), 'utf8'), 'edited\n');
    assert.equal(fs.readFileSync(path.join(place, 'new.txt'), 'utf8'), 'new\n');
    assert.equal(fs.existsSync(path.join(place, 'src/b.txt')), false);
    assert.equal(fs.existsSync(path.join(place, 'ignored.log')), false, 'what .gitignore hides is not carried');
    assert.equal(git(place, 'diff', '--cached', '--name-only').trim(), '', 'the worktree’s index stays at HEAD');
    const changes = await threadChanges(worktree);
    assert.deepEqual(changes.files.map((file) => [file.path, file.status]), [['.gitignore', 'added'], ['a.txt', 'modified'], ['new.txt', 'added'], ['src/b.txt', 'deleted']]);
    assert.equal(fs.readFileSync(path.join(repo, 'a.txt'), 'utf8'), 'edited\n', 'the user’s tree is untouched');
    assert.equal(git(repo, 'status', '--porcelain').split('\n').filter(Boolean).length, 4);
  });

  it('says why in a sentence: no commit yet, a branch of that name already', async () => {
    const empty = folder('acp-wtempty-');
    git(empty, 'init', '-q');
    await assert.rejects(createWorktree({ repository: empty, folder: path.join(empty, '..', 'x'), branch: 'acp/x', carry: false }), (error: unknown) => error instanceof WorktreeError && /has no commit yet/.test(error.message));
    const { repo, place } = started();
    git(repo, 'branch', 'acp/taken');
    await assert.rejects(createWorktree({ repository: repo, folder: place, branch: 'acp/taken', carry: false }), /A branch named acp\/taken exists already/);
    assert.equal(fs.existsSync(place), false);
  });

  it('the thread’s changes include its commits and what it has not committed; Commit puts all of it on its branch', async () => {
    const { repo, place } = started();
    const worktree = await createWorktree({ repository: repo, folder: place, branch: 'acp/work', carry: false });
    git(place, 'config', 'user.email', 'test@example.com');
    git(place, 'config', 'user.name', 'Test');
    fs.writeFileSync(path.join(place, 'a.txt'), 'committed by the agent\n');
    git(place, 'commit', '-qam', 'agent commit');
    write(place, { 'later.txt': 'not committed\n' });
    assert.deepEqual((await threadChanges(worktree)).files.map((file) => [file.path, file.status]), [['a.txt', 'modified'], ['later.txt', 'added']]);
    assert.equal(await commitsAhead(worktree), 1);
    const commit = await commitThread(worktree, 'The thread’s work');
    assert.equal(commit, git(place, 'rev-parse', 'HEAD').trim());
    assert.equal(await commitsAhead(worktree), 2);
    assert.equal(git(place, 'status', '--porcelain'), '');
    assert.equal(await commitThread(worktree, 'nothing'), undefined, 'nothing left to commit');
    assert.equal(git(repo, 'status', '--porcelain'), '', 'the main tree is untouched');
  });

  it('the paths a thread touched cover every change git sees (commits, staged, edited, deleted, new), with the base’s blob of each', async () => {
    const { repo, place } = started({ 'a.txt': 'alpha\n', 'src/b.txt': 'beta\n', 'c.txt': 'gamma\n', 'd.txt': 'delta\n', 'e.txt': 'same\n', '.gitignore': 'ignored/\n' });
    const worktree = await createWorktree({ repository: repo, folder: place, branch: 'acp/touched', carry: false });
    git(place, 'config', 'user.email', 'test@example.com');
    git(place, 'config', 'user.name', 'Test');
    fs.writeFileSync(path.join(place, 'a.txt'), 'committed by the agent\n');
    git(place, 'commit', '-qam', 'agent commit');
    fs.writeFileSync(path.join(place, 'src', 'b.txt'), 'staged\n');
    git(place, 'add', 'src/b.txt');
    fs.writeFileSync(path.join(place, 'c.txt'), 'edited\n');
    fs.rmSync(path.join(place, 'd.txt'));
    write(place, { 'new/n.txt': 'new\n', 'ignored/x.txt': 'not the thread’s\n' });
    // Touched, not changed: listed or not, Apply finds it equal.
    fs.utimesSync(path.join(place, 'e.txt'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    const touched = await touchedPaths(worktree);
    const changed = (await threadChanges(worktree)).files;
    const byPath = new Map(touched.map((entry) => [entry.path, entry]));
    for (const change of changed) {
      assert.ok(byPath.has(change.path), `${change.path} is among the touched paths`);
      assert.equal(byPath.get(change.path)?.base?.oid, change.before, `the base’s blob of ${change.path}`);
    }
    assert.deepEqual(changed.map((change) => change.path).sort(), ['a.txt', 'c.txt', 'd.txt', 'new/n.txt', 'src/b.txt']);
    assert.equal(byPath.has('ignored/x.txt'), false, 'an ignored file is nobody’s change');
    assert.equal(byPath.get('new/n.txt')?.base, undefined, 'a new file has no base');
    assert.equal(byPath.get('a.txt')?.base?.mode, '100644');
  });

  it('removes the worktree with everything in it and its branch; a folder already gone is pruned', async () => {
    const { repo, place } = started();
    const worktree = await createWorktree({ repository: repo, folder: place, branch: 'acp/gone', carry: false });
    write(place, { 'scratch.txt': 'uncommitted\n' });
    // The review kept a baseline of the worktree (and one of the main tree, which stays).
    const tree = git(repo, 'write-tree').trim();
    for (const root of [place, repo]) git(repo, 'update-ref', baselineRef('refs/acp/baselines/w1', root), git(repo, 'commit-tree', tree, '-m', 'baseline').trim());
    await removeWorktree(worktree);
    assert.equal(git(repo, 'for-each-ref', '--format=%(refname)', 'refs/acp/').trim(), baselineRef('refs/acp/baselines/w1', repo), 'the worktree’s baseline ref goes with it');
    assert.equal(fs.existsSync(place), false);
    assert.equal(git(repo, 'branch', '--list', 'acp/gone'), '');
    assert.deepEqual((await listWorktrees(repo)).map((entry) => entry.path), [repo]);

    const second = await createWorktree({ repository: repo, folder: place, branch: 'acp/crashed', carry: false });
    fs.rmSync(place, { recursive: true, force: true });
    assert.equal((await listWorktrees(repo)).find((entry) => entry.path === place)?.prunable, true);
    await removeWorktree(second);
    assert.deepEqual((await listWorktrees(repo)).map((entry) => entry.path), [repo]);
    assert.equal(git(repo, 'branch', '--list', 'acp/crashed'), '');
  });
});
