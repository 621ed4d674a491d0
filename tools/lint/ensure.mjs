#!/usr/bin/env node
// Installs the lint tools (tools/lint/package-lock.json) when they are missing or the lock changed; a fast
// no-op otherwise. They are not in the root package: see tools/lint/package.json's description.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const toolDir = path.dirname(fileURLToPath(import.meta.url));
const stampFile = path.join(toolDir, 'node_modules', '.acp-lint-stamp');
const lockHash = createHash('sha256').update(readFileSync(path.join(toolDir, 'package-lock.json'))).digest('hex');

if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== lockHash) {
  console.log('Installing the lint tools (tools/lint)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: toolDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm ci in ${toolDir} failed (${result.status ?? result.signal})`);
    process.exit(1);
  }
  writeFileSync(stampFile, lockHash);
}
