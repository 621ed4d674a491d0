#!/usr/bin/env node
// `npm start`: try the extension in a browser on a fresh clone (after `npm ci`). Installs code-server if
// needed, builds the extension, opens a demo workspace (.cache/demo-workspace, copied once from
// test/fixtures/workspace and then yours to change) in VS Code served by code-server on 127.0.0.1, and
// prints the URL to open. Ctrl+C stops everything. PORT=<n> picks the port (default: any free one).
// Your VS Code settings and state for this live in .cache/code-server-data.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCodeServer } from './ensure-code-server.mjs';
import { startCodeServer } from '../test/harness/code-server.mjs';
import { copyFolder } from '../test/harness/temp.mjs';
import { workbenchUrl } from '../test/harness/workbench-url.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demoSource = path.join(repoRoot, 'test', 'fixtures', 'workspace');
const demoWorkspace = path.join(repoRoot, '.cache', 'demo-workspace');
const dataDir = path.join(repoRoot, '.cache', 'code-server-data');

function build() {
  console.log('Building the extension (node esbuild.mjs)...');
  const result = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The build failed (exit ${result.status ?? result.signal}).`);
}

function prepareWorkspace() {
  if (existsSync(demoWorkspace)) {
    console.log(`Using your demo workspace: ${path.relative(repoRoot, demoWorkspace)}`);
  } else {
    copyFolder(demoSource, demoWorkspace);
    console.log(`Created the demo workspace ${path.relative(repoRoot, demoWorkspace)} from ${path.relative(repoRoot, demoSource)}`);
  }
}

function port() {
  if (process.env.PORT === undefined || process.env.PORT === '') return 0;
  const value = Number(process.env.PORT);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}".`);
  return value;
}

function banner(url) {
  const rule = '='.repeat(78);
  return [
    '',
    rule,
    '',
    '   ACP Client is running in VS Code (code-server).',
    '',
    '   OPEN THIS URL IN YOUR BROWSER:',
    '',
    `   ${url}`,
    '',
    '   The chat is in the "ACP Agents" icon of the activity bar (left).',
    '   After a rebuild (`npm run watch` in another terminal), run "Developer: Reload Window".',
    '   Press Ctrl+C here to stop.',
    '',
    rule,
    '',
  ].join('\n');
}

async function main() {
  await ensureCodeServer();
  build();
  prepareWorkspace();
  const server = await startCodeServer({
    port: port(),
    dataDir,
    gallery: true,
    logFile: path.join(repoRoot, '.cache', 'code-server.log'),
  });
  const url = workbenchUrl({ baseUrl: server.baseUrl, folder: demoWorkspace, extensionDevelopmentPath: repoRoot });
  console.log(banner(url));

  const stopRequested = new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  const reason = await Promise.race([stopRequested, server.exited.then(() => 'exited')]);
  if (reason === 'exited') {
    console.error(`code-server stopped by itself; its log: ${path.relative(repoRoot, server.logFile)}`);
    await server.stop();
    return 1;
  }
  console.log('\nStopping code-server...');
  await server.stop();
  console.log('Stopped.');
  return 0;
}

try {
  process.exit(await main());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
