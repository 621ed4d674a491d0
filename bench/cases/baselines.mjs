// Taking a turn's baseline in a 100,000-file git repository (a tree written with a temporary index, kept by a ref),
// against `git status` of the same repository in the same rounds (budget: 1.5x). The repository is generated in
// the scratch folder; measured in a child process (baselines/capture-measure.mjs) on the compiled sources (out/).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ratioFigure, valueFigure } from '../lib/figure.mjs';
import { benchDir } from '../lib/paths.mjs';

export const name = 'baselines';
export const title = "A turn's git baseline in a 100,000-file repository vs git status";

export async function run({ rounds, quick, scratchDir, log }) {
  const files = quick ? 10_000 : 100_000;
  log(`generating a ${files}-file repository and timing ${rounds} rounds`);
  const output = execFileSync(process.execPath, [path.join(benchDir, 'baselines', 'capture-measure.mjs'), scratchDir, String(files), String(rounds)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(output.trim().split('\n').at(-1));
  return {
    figures: [
      ratioFigure({
        id: 'baselines.capture',
        label: `a turn's baseline (git tree with a temporary index, ref) in a ${files.toLocaleString('en')}-file repository`,
        unit: 'ms',
        subject: result.capture,
        floor: result.status,
        budget: 1.5,
        note: 'what the prompt waits for: a copy of the index, git add -A into it, write-tree; floor = git status --porcelain of the same repository in the same round (ten files edited and one added before each round, order alternating)',
      }),
      valueFigure({
        id: 'baselines.kept',
        label: 'then until the ref keeps it (commit-tree on the previous capture, update-ref; after the prompt went)',
        unit: 'ms',
        samples: result.kept,
        note: 'measured after the round (the wait left once the capture is done)',
      }),
    ],
    raw: result,
  };
}
