#!/usr/bin/env node
// Runs the same integration suite (out/test/integration/index.js) in desktop VS Code through
// @vscode/test-electron, for machines with internet access (it downloads VS Code into .cache/vscode-test)
// and a display (on a headless Linux machine: `xvfb-run -a npm run test:electron`).
// VSCODE_TEST_VERSION picks the VS Code version (default "stable"; engines.vscode is ^1.100.0).
// The suite prints its own `N passed, N failed` line; this script exits with VS Code's exit code.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { extensionEntry, fixtureWorkspace, integrationTestsEntry, repoRoot } from '../harness/paths.mjs';
import { copyFolder, makeTempDir } from '../harness/temp.mjs';
import { userSettings } from '../harness/user-settings.mjs';

function requireBuilt() {
  for (const [file, fix] of [[extensionEntry, 'npm run build'], [integrationTestsEntry, 'npm run compile-tests']]) {
    if (!existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run \`${fix}\``);
  }
}

async function main() {
  requireBuilt();
  const scratch = makeTempDir('acp-electron');
  try {
    const workspace = copyFolder(fixtureWorkspace, path.join(scratch.dir, 'workspace'));
    const userDataDir = path.join(scratch.dir, 'user-data');
    mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    writeFileSync(path.join(userDataDir, 'User', 'settings.json'), `${JSON.stringify(userSettings(), null, 2)}\n`);
    return await runTests({
      version: process.env.VSCODE_TEST_VERSION ?? 'stable',
      cachePath: path.join(repoRoot, '.cache', 'vscode-test'),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: integrationTestsEntry,
      extensionTestsEnv: { ACP_TEST_REPO_ROOT: repoRoot, ACP_TEST_WORKSPACE: workspace },
      launchArgs: [
        workspace,
        '--user-data-dir', userDataDir,
        '--extensions-dir', path.join(scratch.dir, 'extensions'),
        '--disable-workspace-trust',
        '--disable-telemetry',
        '--skip-welcome',
        '--skip-release-notes',
        '--disable-gpu',
      ],
    });
  } finally {
    scratch.remove();
  }
}

try {
  process.exit(await main());
} catch (error) {
  // runTests rejects with TestRunFailedError (carrying VS Code's exit code) when the suite failed.
  const code = typeof error?.code === 'number' && error.code !== 0 ? error.code : 1;
  console.error(`Electron integration run failed: ${error instanceof Error ? error.message : error}`);
  process.exit(code);
}
