#!/usr/bin/env node
// `npm run lint`: installs the lint tools when needed, runs their self test, then ESLint and the folder-cycle check.
// Both checks run even when the first fails, so one run lists every problem; the exit code is non-zero if any did.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const toolDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(toolDir, '..', '..');
const bin = (name) => path.join(toolDir, 'node_modules', '.bin', name);

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

if (run(process.execPath, [path.join(toolDir, 'ensure.mjs')]) !== 0) process.exit(1);
if (run(process.execPath, [path.join(toolDir, 'selftest.mjs')]) !== 0) process.exit(1);
const eslint = run(bin('eslint'), ['--max-warnings', '0', '.']);
const cycles = run(bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'src', 'webview-ui/src']);
process.exit(eslint !== 0 || cycles !== 0 ? 1 : 0);
