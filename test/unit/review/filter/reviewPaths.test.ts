import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { gitRelative, insideGitFolder, staleAfter } from '../../../../src/review/filter/reviewPaths';

describe('review filter: what a path says by itself', () => {
  const at = (...parts: string[]): string => path.join(path.sep, 'work', 'repo', ...parts);

  it("git's own files: anything in a .git folder, and a worktree's or submodule's .git file", () => {
    for (const file of [at('.git', 'HEAD'), at('.git', 'logs', 'refs', 'heads', 'x'), at('sub', '.git'), at('.GIT', 'index'), at('.git')]) {
      assert.equal(insideGitFolder(file), true, file);
    }
    for (const file of [at('src', 'a.ts'), at('.gitignore'), at('.github', 'workflows', 'ci.yml'), at('x.git'), at('.gitkeep')]) {
      assert.equal(insideGitFolder(file), false, file);
    }
  });

  it('names a path for git relative to the repository, with forward slashes', () => {
    assert.equal(gitRelative(at(), at('build', 'out.js')), 'build/out.js');
    assert.equal(gitRelative(at(), at('a b.txt')), 'a b.txt');
  });

  it('says which events make earlier answers stale: a repository appearing, going or switching, an ignore file, the index', () => {
    assert.equal(staleAfter(at('.git')), 'repositories');
    assert.equal(staleAfter(at('wt', '.git')), 'repositories');
    assert.equal(staleAfter(at('.gitignore')), 'ignores');
    assert.equal(staleAfter(at('src', '.gitignore')), 'ignores');
    assert.equal(staleAfter(at('.git', 'info', 'exclude')), 'ignores');
    assert.equal(staleAfter(at('.git', 'index')), 'ignores');
    assert.equal(staleAfter(at('sub', '.git', 'HEAD')), 'repositories', 'git init');
    assert.equal(staleAfter(at('.git', 'logs', 'HEAD')), undefined);
    assert.equal(staleAfter(at('.git', 'COMMIT_EDITMSG')), undefined);
    assert.equal(staleAfter(at('.git', 'refs', 'index')), undefined);
    assert.equal(staleAfter(at('src', 'index')), undefined);
  });
});
