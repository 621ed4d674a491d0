import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { diskCheckoutFiles, Checkouts } from '../../../src/threads/checkouts';
import { branchOfHead, gitDirOf, placeOf, readCheckout } from '../../../src/threads/place';
import { git, repository, tempFolder, write } from '../helpers/gitRepository';

describe('threads: a session\'s place (folder, or a linked worktree\'s branch)', () => {
  let root: string;
  let repo: string;
  before(() => {
    root = tempFolder('acp-threads-place-');
    repo = repository(path.join(root, 'repo'), { 'src/app.js': 'x\n' });
    git(repo, 'worktree', 'add', '-q', '-b', 'fix/login', path.join(root, 'wt-login'));
    git(repo, 'worktree', 'add', '-q', '--detach', path.join(root, 'wt-detached'));
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('the main checkout (and a folder in it) is not a linked worktree', async () => {
    assert.deepEqual(await readCheckout(repo, diskCheckoutFiles), { root: repo, linked: false });
    assert.deepEqual(await readCheckout(path.join(repo, 'src'), diskCheckoutFiles), { root: repo, linked: false });
  });

  it('a linked worktree (git worktree add): its branch, or the short commit of a detached HEAD, and its main checkout', async () => {
    const login = path.join(root, 'wt-login');
    assert.deepEqual(await readCheckout(path.join(login, 'src'), diskCheckoutFiles), { root: login, linked: true, branch: 'fix/login', mainRoot: repo });
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    const detached = await readCheckout(path.join(root, 'wt-detached'), diskCheckoutFiles);
    assert.equal(detached?.branch, head.slice(0, 7));
    assert.equal(detached?.linked, true);
  });

  it('outside git: no checkout; a submodule\'s .git file (into .git/modules) is a checkout of its own, not a worktree', async () => {
    const plain = path.join(root, 'plain');
    fs.mkdirSync(plain);
    assert.equal(await readCheckout(plain, diskCheckoutFiles), undefined);
    const sub = path.join(repo, 'vendor', 'lib');
    write(sub, { '.git': 'gitdir: ../../.git/modules/lib\n' });
    assert.deepEqual(await readCheckout(sub, diskCheckoutFiles), { root: sub, linked: false });
  });

  it('reads `.git` files and HEADs leniently', () => {
    assert.equal(gitDirOf('gitdir: /r/.git/worktrees/a\n', '/w'), '/r/.git/worktrees/a');
    assert.equal(gitDirOf('gitdir: ../r/.git/worktrees/a', '/x/w'), '/x/r/.git/worktrees/a');
    assert.equal(gitDirOf('nonsense', '/w'), undefined);
    assert.equal(branchOfHead('ref: refs/heads/feature/x\n'), 'feature/x');
    assert.equal(branchOfHead('0123456789abcdef0123456789abcdef01234567\n'), '0123456');
    assert.equal(branchOfHead('ref: refs/remotes/origin/x'), undefined);
  });

  it('grouped under the workspace folder holding it, or holding its main checkout; else its own folder', () => {
    const folders = ['/ws/app', '/ws/app/packages/ui', '/ws/docs'];
    assert.deepEqual(placeOf('/ws/app/packages/ui/src', folders), { folder: '/ws/app/packages/ui' }, 'the deepest folder');
    assert.deepEqual(placeOf('/ws/docs', folders), { folder: '/ws/docs' });
    assert.deepEqual(placeOf('/ws/app-wt', folders, { root: '/ws/app-wt', linked: true, branch: 'fix', mainRoot: '/ws/app' }), { folder: '/ws/app', branch: 'fix' });
    assert.deepEqual(placeOf('/elsewhere/x', folders), { folder: '/elsewhere/x' });
    assert.deepEqual(placeOf('/ws/app-wt', folders, { root: '/ws/app-wt', linked: true, mainRoot: '/ws/app' }), { folder: '/ws/app', branch: 'app-wt' }, "HEAD unread: the worktree's folder name");
    assert.deepEqual(placeOf('/ws/application', folders), { folder: '/ws/application' }, 'a sibling with a longer name is not inside');
  });

  it('checkouts are read once, in the background, and told when known', async () => {
    let reads = 0;
    const counted = { kind: (file: string) => (reads++, diskCheckoutFiles.kind(file)), read: diskCheckoutFiles.read };
    const checkouts = new Checkouts(counted, () => undefined);
    const login = path.join(root, 'wt-login');
    const known = new Promise<void>((resolve) => checkouts.onDidRead(() => resolve()));
    assert.equal(checkouts.get(login), undefined, 'not known yet');
    await known;
    assert.equal(checkouts.get(login)?.branch, 'fix/login');
    const after = reads;
    checkouts.get(login);
    assert.equal(reads, after, 'not read again');
    checkouts.dispose();
  });
});
