// A production build (`node esbuild.mjs --production`, the project's own build script) into a scratch folder, and
// an extension folder around it (package.json + media + that dist) that a workbench can load.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.mjs';

/** Builds into `<dir>/dist` and returns that path. esbuild.mjs resolves its entry points from the working folder. */
export function buildProduction(dir) {
  mkdirSync(dir, { recursive: true });
  // The sources, and the tsconfigs esbuild reads (tsconfig.host.json extends tsconfig.base.json).
  for (const entry of ['src', 'webview-ui', ...readdirSync(repoRoot).filter((name) => /^tsconfig.*\.json$/.test(name))]) {
    symlinkSync(path.join(repoRoot, entry), path.join(dir, entry));
  }
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'esbuild.mjs'), '--production'], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`production build failed: ${result.stderr.trim().split('\n').slice(-5).join(' ')}`);
  return path.join(dir, 'dist');
}

/** A loadable extension folder with the production bundles; returns its path. */
export function productionExtension(dir) {
  buildProduction(dir);
  copyFileSync(path.join(repoRoot, 'package.json'), path.join(dir, 'package.json'));
  symlinkSync(path.join(repoRoot, 'media'), path.join(dir, 'media'));
  return dir;
}
