// The cases `npm run bench` runs, in this order. A case is a module (relative to this file) that exports:
//   name   short id, used by --only
//   title  one line saying what it measures
//   run(context) → { figures, notes?, raw? }   context: { rounds, quick, peers, log, scratchDir }
// Figures are built with ../lib/figure.mjs (ratioFigure: subject and floor per round; valueFigure; notMeasured).
export const caseModules = [
  './ingest.mjs',
  './huge.mjs',
  './replay.mjs',
  './bundle.mjs',
  './activation.mjs',
  './workbench.mjs',
  './stream.mjs',
  './tabs.mjs',
  '../files-read.mjs',
  '../terminal-flood.mjs',
  './diff.mjs',
  './baselines.mjs',
  './workspace-memory.mjs',
  './worktree-create.mjs',
  './worktree-apply.mjs',
];
