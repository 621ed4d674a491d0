// Measured in its own process (see ../cases/baselines.mjs): taking a turn's baseline (the review's captureTree: a
// copy of the index, `git add -A` into it, write-tree; what the prompt waits for) in a repository of N files with a
// few files changed and a few new, against `git status` of the same repository in the same round, alternating which
// goes first; and apart, the time until the ref keeps it (commit-tree on the previous capture, update-ref: after the
// prompt went). Prints one JSON line: { files, rounds, capture: [ms], kept: [ms], status: [ms] }.
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { compiled } from '../lib/paths.mjs';
import { fileAt, git, makeWorkspace } from './fixtures.mjs';

const require = createRequire(import.meta.url);
const { captureTree } = require(compiled('review/git/treeCapture'));

const [scratch, countText, roundsText] = process.argv.slice(2);
const files = Number(countText);
const rounds = Number(roundsText);
const repo = makeWorkspace(path.join(scratch, 'repo'), { count: files, bytes: 400, repository: true });
// Like a workspace in use: git has looked at it once (the index's stat data is fresh).
git(repo, 'status', '--porcelain');

async function time(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const capture = [];
const kept = [];
const status = [];
for (let round = -2; round < rounds; round++) {
  // What changed since the last turn: ten files edited, two new ones.
  for (let edit = 0; edit < 10; edit++) appendFileSync(fileAt(repo, (round + 3) * 997 * (edit + 1) % files), `// round ${round}\n`);
  writeFileSync(path.join(repo, `new-${round + 2}.txt`), `new in round ${round}\n`);
  let keeping;
  const runCapture = () =>
    time(async () => {
      keeping = (await captureTree(repo, 'refs/acp/baselines/bench', true)).kept;
    });
  const runStatus = () => time(async () => git(repo, 'status', '--porcelain'));
  const [first, second] = round % 2 === 0 ? [runCapture, runStatus] : [runStatus, runCapture];
  const a = await first();
  const b = await second();
  const [c, s] = round % 2 === 0 ? [a, b] : [b, a];
  const keptMs = await time(() => keeping);
  // Two warm-up rounds.
  if (round < 0) continue;
  capture.push(c);
  kept.push(keptMs);
  status.push(s);
}
console.log(JSON.stringify({ files, rounds, capture, kept, status }));
