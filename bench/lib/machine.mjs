// What the results were measured on: commit, Node, CPU, load.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { repoRoot } from './paths.mjs';

function git(args) {
  const result = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}

export function describeMachine() {
  return {
    commit: git(['rev-parse', '--short', 'HEAD']) || 'unknown',
    dirty: git(['status', '--porcelain']) !== '',
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    loadBefore: os.loadavg(),
  };
}
