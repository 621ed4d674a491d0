// The bench runs on compiled output: tsc → out/ (the host modules the flood clients load) and esbuild → dist/
// (the bundles the workbench loads). Builds what is missing, or everything when asked.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { compiled, distDir, repoRoot } from './paths.mjs';

function run(command, args, log) {
  log(`building: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

export function ensureBuilt({ force = false, log }) {
  const compiledMissing = ['extension', 'chat/sessionParts', 'chat/view/patchCoalescer'].some((m) => !existsSync(compiled(m)));
  if (force || compiledMissing) run(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.test.json'], log);
  const bundlesMissing = ['extension.js', 'demo-agent.js', 'webview.js', 'webview.css'].some((f) => !existsSync(path.join(distDir, f)));
  if (force || bundlesMissing) run(process.execPath, ['esbuild.mjs'], log);
}
