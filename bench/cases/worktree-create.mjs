// Making a worktree thread's worktree (issue 27: "costs at most 1.2x `git worktree add` itself"): the product's
// createWorktree on the compiled sources (out/) against `git worktree add -b <branch> <folder> HEAD` in the same
// generated repository, interleaved; with the user's uncommitted changes carried as a row of its own (no budget).
// Measured in a child process (worktrees/create-measure.mjs).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ratioFigure } from '../lib/figure.mjs';
import { benchDir } from '../lib/paths.mjs';

export const name = 'worktree-create';
export const title = "A worktree thread's worktree vs git worktree add, 5,000-file repository";

export async function run({ rounds, quick, scratchDir, log }) {
  const files = quick ? 1_000 : 5_000;
  const bytes = 2_000;
  log(`generating a ${files}-file repository and timing ${rounds} rounds (and two warm-up rounds)`);
  const output = execFileSync(process.execPath, [path.join(benchDir, 'worktrees', 'create-measure.mjs'), scratchDir, String(files), String(bytes), String(rounds)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(output.trim().split('\n').at(-1));
  const size = `${files.toLocaleString('en')} files / ${((files * bytes) / 1e6).toFixed(0)} MB`;
  return {
    figures: [
      ratioFigure({
        id: 'worktrees.create',
        label: `New Thread in Worktree: createWorktree, ${size}`,
        unit: 'ms',
        subject: result.create,
        floor: result.floor,
        budget: 1.2,
        note: 'HEAD looked up, the branch checked for, git worktree add; floor = git worktree add -q -b <branch> <folder> HEAD in the same repository, same round, order rotating',
      }),
      ratioFigure({
        id: 'worktrees.create.carry',
        label: `the same carrying the uncommitted changes (10 files edited, 2 new), ${size}`,
        unit: 'ms',
        subject: result.carry,
        floor: result.floor,
        note: 'a tree of the working tree (a copy of the index, git add -A, write-tree), then git worktree add, read-tree -u --reset of that tree and reset in the worktree; same floor',
      }),
    ],
    raw: result,
  };
}
