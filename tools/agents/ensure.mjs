#!/usr/bin/env node
// Installs the maintained agents the real-agent tests run (tools/agents/package-lock.json) when they are missing or
// the lock changed; a fast no-op otherwise. Not in the root package: see tools/agents/package.json's description.
// ACP_TEST_AGENT_MODULES set: the tests take the agents from there, nothing is installed here.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const toolDir = path.dirname(fileURLToPath(import.meta.url));
const stampFile = path.join(toolDir, 'node_modules', '.acp-agents-stamp');
const lockHash = createHash('sha256').update(readFileSync(path.join(toolDir, 'package-lock.json'))).digest('hex');

if (!process.env.ACP_TEST_AGENT_MODULES && (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== lockHash)) {
  console.log('Installing the maintained agents for the real-agent tests (tools/agents)...');
  const started = Date.now();
  // --engine-strict=false: the agents ask for Node 22 (they run on the Node 22 installed beside them), npm may not.
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--engine-strict=false'], { cwd: toolDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm ci in ${toolDir} failed (${result.status ?? result.signal})`);
    process.exit(1);
  }
  writeFileSync(stampFile, lockHash);
  console.log(`Installed in ${Math.round((Date.now() - started) / 1000)} s.`);
}
