// Where things are: the repository, the compiled sources (tsc → out/), the bundles (esbuild → dist/), results.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');
export const outDir = path.join(repoRoot, 'out');
export const distDir = path.join(repoRoot, 'dist');
export const resultsDir = path.join(benchDir, 'results');

/** A compiled source module, e.g. `compiled('acp/agentRuntime')` → out/src/acp/agentRuntime.js. */
export function compiled(modulePath) {
  return path.join(outDir, 'src', `${modulePath}.js`);
}
