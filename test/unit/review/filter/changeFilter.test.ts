import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ChangeFilter } from '../../../../src/review/filter/changeFilter';
import { GitFiles } from '../../../../src/review/filter/gitFiles';
import { Repositories } from '../../../../src/review/filter/repositories';
import { git, repository, tempFolder, write } from '../../helpers/gitRepository';

/** Real git, counting the calls. */
class CountingGit extends GitFiles {
  readonly calls: { root: string; paths: readonly string[] }[] = [];
  override ignored(root: string, paths: readonly string[]): Promise<Set<string>> {
    this.calls.push({ root, paths });
    return super.ignored(root, paths);
  }
}

describe('review filter: what git status would show', () => {
  let top: string;
  let repo: string;
  let gitFiles: CountingGit;
  let logged: string[];
  let filter: ChangeFilter;
  const at = (...parts: string[]): string => path.join(repo, ...parts);
  const make = (files: GitFiles = gitFiles): ChangeFilter =>
    new ChangeFilter({ repositories: new Repositories(), git: files, excluded: (file) => file.endsWith('.hidden'), keyOf: (file) => file, log: (line) => logged.push(line) });
  const reviewed = async (target: ChangeFilter, files: string[]): Promise<string[]> => {
    const answers = await Promise.all(files.map((file) => target.reviews(file)));
    return files.filter((_, index) => answers[index]).map((file) => path.relative(top, file));
  };

  beforeEach(() => {
    top = tempFolder('acp-filter-');
    repo = repository(path.join(top, 'repo'), { '.gitignore': 'build/\n*.log\n', 'tracked.txt': 'one\n', 'kept.log': 'tracked although *.log is ignored\n' });
    write(repo, { 'build/out.js': 'built\n', 'debug.log': 'log\n', 'new.txt': 'untracked\n', 'src/deep/a.ts': 'a\n' });
    gitFiles = new CountingGit();
    logged = [];
    filter = make();
  });

  afterEach(() => fs.rmSync(top, { recursive: true, force: true }));

  it('tracked files count (also one an ignore pattern matches), untracked ones unless ignored, git’s own files never', async () => {
    const files = [at('tracked.txt'), at('kept.log'), at('new.txt'), at('src', 'deep', 'a.ts'), at('.gitignore'), at('build', 'out.js'), at('build', 'gone.js'), at('debug.log'), at('.git', 'HEAD'), at('.git', 'logs', 'HEAD'), at('.git', 'refs', 'heads', 'main')];
    assert.deepEqual(await reviewed(filter, files), ['repo/tracked.txt', 'repo/kept.log', 'repo/new.txt', 'repo/src/deep/a.ts', 'repo/.gitignore']);
    assert.equal(gitFiles.calls.length, 1, 'one git call for the burst');
    assert.ok(!gitFiles.calls[0].paths.some((item) => item.startsWith('.git/')), "git's own files are not even asked about");
  });

  it('answers are kept until an ignore file, the index or a repository changes', async () => {
    await reviewed(filter, [at('new.txt'), at('debug.log')]);
    assert.deepEqual(await reviewed(filter, [at('new.txt'), at('debug.log')]), ['repo/new.txt']);
    assert.equal(gitFiles.calls.length, 1, 'kept answers cost no call');

    fs.appendFileSync(at('.gitignore'), 'new.txt\n!debug.log\n');
    filter.saw(at('.gitignore'));
    assert.deepEqual(await reviewed(filter, [at('new.txt'), at('debug.log')]), ['repo/debug.log']);

    git(repo, 'add', '-f', 'new.txt');
    filter.saw(at('.git', 'index'));
    assert.deepEqual(await reviewed(filter, [at('new.txt')]), ['repo/new.txt'], 'a file added to the index counts again');
    assert.equal(gitFiles.calls.length, 3);
  });

  it('each path is asked of its own repository: a nested one (a cloned folder, a worktree) answers for its files', async () => {
    const inner = repository(path.join(repo, 'vendor', 'lib'), { '.gitignore': 'out/\n', 'lib.c': 'int x;\n' });
    write(inner, { 'out/lib.o': 'o', 'build/x': 'not ignored in here' });
    const files = [path.join(inner, 'lib.c'), path.join(inner, 'out', 'lib.o'), path.join(inner, 'build', 'x'), path.join(inner, '.git', 'HEAD'), at('build', 'y')];
    assert.deepEqual(await reviewed(filter, files), ['repo/vendor/lib/lib.c', 'repo/vendor/lib/build/x']);
    assert.deepEqual(gitFiles.calls.map((call) => path.relative(top, call.root)).sort(), ['repo', 'repo/vendor/lib']);

    const worktree = path.join(repo, 'wt');
    git(repo, 'worktree', 'add', '-q', '-b', 'side', worktree);
    filter.saw(path.join(worktree, '.git'));
    assert.deepEqual(await reviewed(filter, [path.join(worktree, '.git'), path.join(worktree, 'tracked.txt'), path.join(worktree, 'debug2.log')]), ['repo/wt/tracked.txt']);
  });

  it('a repository made later (a clone into an ignored folder) answers for its files once its HEAD was seen', async () => {
    const file = at('build', 'clone', 'a.txt');
    write(repo, { 'build/clone/a.txt': 'a\n' });
    assert.deepEqual(await reviewed(filter, [file]), [], 'ignored by the outer repository');
    git(at('build', 'clone'), 'init', '-q');
    filter.saw(at('build', 'clone', '.git', 'HEAD'));
    assert.deepEqual(await reviewed(filter, [file]), ['repo/build/clone/a.txt']);
  });

  it('outside any repository files.exclude applies', async () => {
    const plain = path.join(top, 'plain');
    write(plain, { 'a.txt': 'a', 'b.hidden': 'b', 'debug.log': 'not ignored here' });
    const files = ['a.txt', 'b.hidden', 'debug.log'].map((name) => path.join(plain, name));
    assert.deepEqual(await reviewed(filter, files), ['plain/a.txt', 'plain/debug.log']);
    assert.equal(gitFiles.calls.length, 0);
  });

  it('without git, files.exclude applies everywhere and the log says so once', async () => {
    const withoutGit = make(new GitFiles('acp-test-no-such-git'));
    const files = [at('debug.log'), at('x.hidden'), at('.git', 'HEAD')];
    assert.deepEqual(await reviewed(withoutGit, files), ['repo/debug.log']);
    assert.deepEqual(await reviewed(withoutGit, files), ['repo/debug.log']);
    assert.equal(logged.length, 1, logged.join("\n"));
    assert.match(logged[0], /^Git was not found, so the review cannot tell which files git ignores: it leaves out what files\.exclude hides instead/);
  });

  it('a repository git refuses to answer for falls back to files.exclude, said once', async () => {
    fs.writeFileSync(at('.git', 'HEAD'), 'not a ref\n');
    const files = [at('debug.log'), at('x.hidden')];
    assert.deepEqual(await reviewed(filter, files), ['repo/debug.log']);
    assert.deepEqual(await reviewed(filter, files), ['repo/debug.log']);
    assert.equal(logged.length, 1, logged.join("\n"));
    assert.match(logged[0], /^Git could not tell which files .*repo ignores, so the review leaves out what files\.exclude hides there instead: /);
  });
});
