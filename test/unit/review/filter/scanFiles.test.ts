import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ChangeFilter } from '../../../../src/review/filter/changeFilter';
import { GitFiles } from '../../../../src/review/filter/gitFiles';
import { Repositories } from '../../../../src/review/filter/repositories';
import { filesToScan, type ScanDeps } from '../../../../src/review/filter/scanFiles';
import { git, repository, tempFolder, write } from '../../helpers/gitRepository';

describe('review filter: the files the first scan reads', () => {
  let top: string;
  let searched: string[];
  let logged: string[];
  let deps: ScanDeps;

  beforeEach(() => {
    top = tempFolder('acp-scan-');
    searched = [];
    logged = [];
    const repositories = new Repositories();
    const gitFiles = new GitFiles();
    const filter = new ChangeFilter({ repositories, git: gitFiles, excluded: (file) => file.endsWith('.hidden'), keyOf: (file) => file, log: (line) => logged.push(line) });
    deps = {
      repositories,
      git: gitFiles,
      filter,
      search: (folder) => {
        searched.push(folder);
        return Promise.resolve(fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)));
      },
      log: (line) => logged.push(line),
    };
  });

  afterEach(() => fs.rmSync(top, { recursive: true, force: true }));

  const relative = (files: string[]): string[] => files.map((file) => path.relative(top, file)).sort();

  it('in a repository: what git lists (tracked, untracked not ignored), with the files of nested repositories', async () => {
    const repo = repository(path.join(top, 'repo'), { '.gitignore': 'build/\n*.log\n', 'tracked.txt': 'one\n', 'kept.log': 'tracked\n' });
    write(repo, { 'build/out.js': 'built\n', 'debug.log': 'log\n', 'src/new.ts': 'new\n' });
    const lib = repository(path.join(repo, 'vendor', 'lib'), { 'lib.c': 'int x;\n' });
    write(lib, { 'debug.log': 'not ignored in there\n' });
    git(repo, 'submodule', '--quiet', 'add', './vendor/lib', 'vendor/lib');
    const cloned = repository(path.join(repo, 'cloned'), { 'c.txt': 'c\n' });
    assert.ok(fs.existsSync(cloned));
    const found = await filesToScan(path.join(top, 'repo'), 100, deps);
    assert.deepEqual(relative(found), [
      'repo/.gitignore',
      'repo/.gitmodules',
      'repo/cloned/c.txt',
      'repo/kept.log',
      'repo/src/new.ts',
      'repo/tracked.txt',
      'repo/vendor/lib/debug.log',
      'repo/vendor/lib/lib.c',
    ]);
    assert.deepEqual(searched, [], 'git listed the files');
    assert.deepEqual(logged, []);
  });

  it('at most the limit', async () => {
    const repo = repository(path.join(top, 'repo'), { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    write(repo, { 'd.txt': 'd' });
    assert.equal((await filesToScan(repo, 2, deps)).length, 2);
    assert.equal((await filesToScan(repo, 4, deps)).length, 4);
  });

  it('outside git: the search, through files.exclude, and the log says so', async () => {
    const plain = path.join(top, 'plain');
    write(plain, { 'a.txt': 'a', 'b.hidden': 'b' });
    assert.deepEqual(relative(await filesToScan(plain, 100, deps)), ['plain/a.txt']);
    assert.deepEqual(searched, [plain]);
    assert.deepEqual(logged, [`${plain} is not in a git repository: the review leaves out the files that files.exclude hides.`]);
  });
});
