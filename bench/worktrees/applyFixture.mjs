// The Apply case's repositories, generated at bench time (never committed): a main repository of `files` files, a
// thread's worktree on its own branch (made with the product's createWorktree) in which `changed` files were changed
// as an agent would leave them (uncommitted: most edited, some added, some deleted), an identical fresh copy of the
// main tree for the floor (a detached worktree of the same commit), and the thread's diff against its base as
// `git apply` takes it. Writes `apply-bench.json` beside the main repository, which the host entry reads.
import { mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { compiled } from '../lib/paths.mjs';
import { fileAt, git, makeWorkspace } from '../baselines/fixtures.mjs';

const require = createRequire(import.meta.url);
const { createWorktree } = require(compiled('worktrees/worktreeGit'));
const { writeWorkingTree } = require(compiled('git/workingTree'));

/** How the thread's `changed` files split: 5% added, 3% deleted, the rest edited. */
export function changeMix(changed) {
  const added = Math.round(changed * 0.05);
  const deleted = Math.round(changed * 0.03);
  return { edited: changed - added - deleted, added, deleted };
}

/** Edits, adds and deletes files in the worktree at `folder` as an agent would, spread over the repository. */
function changeThread(folder, files, changed) {
  const mix = changeMix(changed);
  const stride = Math.floor(files / (mix.edited + mix.deleted));
  let index = 0;
  for (let edit = 0; edit < mix.edited; edit++, index += stride) {
    const file = fileAt(folder, index);
    const lines = readFileSync(file, 'utf8').split('\n');
    // One line replaced in the middle and two added at the end: two hunks per file.
    lines[Math.floor(lines.length / 2)] = `export const changed${index} = "the thread's ${index}";`;
    writeFileSync(file, `${lines.join('\n')}\n// added by the thread\nexport const more${index} = ${index};\n`);
  }
  for (let drop = 0; drop < mix.deleted; drop++, index += stride) rmSync(fileAt(folder, index));
  mkdirSync(path.join(folder, 'thread-new'), { recursive: true });
  for (let add = 0; add < mix.added; add++) {
    const file = add % 2 === 0 ? path.join(folder, 'thread-new', `n${add}.ts`) : fileAt(folder, add * 37).replace(/\.txt$/, `-new${add}.ts`);
    writeFileSync(file, `// made by the thread\nexport const made${add} = ${add};\n`.repeat(20));
  }
  return mix;
}

export async function makeApplyFixture(scratch, { files, bytes, changed, rounds }) {
  const repository = makeWorkspace(path.join(scratch, 'repo'), { count: files, bytes, repository: true });
  // Like a workspace in use: git has looked at it once (the index's stat data is fresh).
  git(repository, 'status', '--porcelain');
  const thread = await createWorktree({ repository, folder: path.join(scratch, 'repo.worktrees', 'bench-thread'), branch: 'acp/bench-thread', carry: false });
  const mix = changeThread(thread.path, files, changed);
  const floorCopy = path.join(scratch, 'floor-copy');
  git(repository, 'worktree', 'add', '-q', '--detach', floorCopy, thread.base);
  const threadTree = (await writeWorkingTree(thread.path)).tree;
  const patch = path.join(scratch, 'thread.patch');
  writeFileSync(patch, git(repository, 'diff', '--binary', '--no-renames', thread.base, threadTree));
  const config = { thread, floorCopy, patch, threadTree, files, changed, mix, rounds };
  writeFileSync(path.join(scratch, 'apply-bench.json'), JSON.stringify(config));
  return config;
}
