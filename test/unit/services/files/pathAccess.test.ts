import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkPathAccess, isWithin, realPathOfNearest } from '../../../../src/services/files/pathAccess';

describe('files: inside or outside the roots', () => {
  let scratch: string;
  let root: string;
  let outside: string;

  before(() => {
    scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-files-paths-')));
    root = path.join(scratch, 'root');
    outside = path.join(scratch, 'outside');
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'a');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 's');
    fs.symlinkSync(outside, path.join(root, 'escape'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'secret-link.txt'));
    fs.symlinkSync(path.join(root, 'src'), path.join(outside, 'into-root'));
  });

  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('compares whole path segments', () => {
    assert.equal(isWithin('/a/b/c', '/a/b'), true);
    assert.equal(isWithin('/a/b', '/a/b'), true);
    assert.equal(isWithin('/a/bc', '/a/b'), false);
    assert.equal(isWithin('/a', '/a/b'), false);
    assert.equal(isWithin('/a/..b/c', '/a'), true, 'a segment that merely starts with .. is inside');
  });

  it('lets files in a root (existing or not) through', async () => {
    assert.equal((await checkPathAccess(path.join(root, 'src', 'a.ts'), [root])).insideRoots, true);
    assert.equal((await checkPathAccess(path.join(root, 'new', 'deep', 'file.ts'), [root])).insideRoots, true);
  });

  it('catches .. segments that climb out', async () => {
    const access = await checkPathAccess(`${root}/src/../../outside/secret.txt`, [root]);
    assert.equal(access.insideRoots, false);
    assert.equal(access.path, path.join(outside, 'secret.txt'));
  });

  it('catches symlinks inside a root that lead out, also for files not created yet', async () => {
    const link = await checkPathAccess(path.join(root, 'secret-link.txt'), [root]);
    assert.equal(link.insideRoots, false);
    assert.equal(link.realPath, path.join(outside, 'secret.txt'));
    assert.equal((await checkPathAccess(path.join(root, 'escape', 'secret.txt'), [root])).insideRoots, false);
    const toCreate = await checkPathAccess(path.join(root, 'escape', 'new', 'file.txt'), [root]);
    assert.equal(toCreate.insideRoots, false);
    assert.equal(toCreate.realPath, path.join(outside, 'new', 'file.txt'));
  });

  it('judges a symlink outside that leads into a root by where it leads', async () => {
    assert.equal((await checkPathAccess(path.join(outside, 'into-root', 'a.ts'), [root])).insideRoots, true);
  });

  it('resolves roots that are symlinks themselves', async () => {
    const rootLink = path.join(scratch, 'root-link');
    fs.symlinkSync(root, rootLink);
    assert.equal((await checkPathAccess(path.join(root, 'src', 'a.ts'), [rootLink])).insideRoots, true);
    assert.equal((await checkPathAccess(path.join(rootLink, 'src', 'a.ts'), [root])).insideRoots, true);
  });

  it('accepts any of several roots, and nothing with no roots', async () => {
    assert.equal((await checkPathAccess(path.join(outside, 'secret.txt'), [root, outside])).insideRoots, true);
    assert.equal((await checkPathAccess(path.join(root, 'src', 'a.ts'), [])).insideRoots, false);
  });

  it('real path of a missing path is its nearest existing ancestor, resolved, plus the rest', async () => {
    assert.equal(await realPathOfNearest(path.join(root, 'escape', 'x', 'y')), path.join(outside, 'x', 'y'));
  });
});
