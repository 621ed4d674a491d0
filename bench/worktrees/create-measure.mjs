// Measured in its own process (see ../cases/worktree-create.mjs): making a worktree thread's worktree with the
// product's createWorktree (out/src/worktrees/worktreeGit.js: HEAD looked up, the branch checked for, `git worktree
// add -q -b <branch> <folder> <HEAD>`) against `git worktree add -b <branch> <folder> HEAD` itself, in the same
// repository, interleaved (the order rotates from round to round); and, as a third variant, createWorktree carrying
// the user's uncommitted changes (ten files edited and two added before each round). Each worktree is removed with
// its branch after it was timed (not timed). Two warm-up rounds. Prints one JSON line:
// { files, bytes, rounds, floor: [ms], create: [ms], carry: [ms] }.
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { compiled } from '../lib/paths.mjs';
import { fileAt, git, makeWorkspace } from '../baselines/fixtures.mjs';

const require = createRequire(import.meta.url);
const { createWorktree } = require(compiled('worktrees/worktreeGit'));

const [scratch, countText, bytesText, roundsText] = process.argv.slice(2);
const files = Number(countText);
const bytes = Number(bytesText);
const rounds = Number(roundsText);
const repo = makeWorkspace(path.join(scratch, 'repo'), { count: files, bytes, repository: true });
// Like a workspace in use: git has looked at it once (the index's stat data is fresh).
git(repo, 'status', '--porcelain');

async function time(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const variants = {
  floor: (folder, branch) => time(async () => git(repo, 'worktree', 'add', '-q', '-b', branch, folder, 'HEAD')),
  create: (folder, branch) => time(() => createWorktree({ repository: repo, folder, branch, carry: false })),
  carry: (folder, branch) => time(() => createWorktree({ repository: repo, folder, branch, carry: true })),
};
const names = Object.keys(variants);
const samples = Object.fromEntries(names.map((name) => [name, []]));
for (let round = -2; round < rounds; round++) {
  // The user's uncommitted changes (what carry brings along): ten files edited, two new ones.
  for (let edit = 0; edit < 10; edit++) appendFileSync(fileAt(repo, ((round + 3) * 997 * (edit + 1)) % files), `// round ${round}\n`);
  for (let added = 0; added < 2; added++) writeFileSync(path.join(repo, `new-${round + 2}-${added}.txt`), `new in round ${round}\n`);
  const order = names.map((_, index) => names[(index + round + 2) % names.length]);
  for (const name of order) {
    const folder = path.join(scratch, 'worktrees', `${name}-${round + 2}`);
    const branch = `bench/${name}-${round + 2}`;
    const ms = await variants[name](folder, branch);
    git(repo, 'worktree', 'remove', '--force', '--force', folder);
    git(repo, 'branch', '-D', '-q', branch);
    if (round >= 0) samples[name].push(ms);
  }
}
console.log(JSON.stringify({ files, bytes, rounds, ...samples }));
