#!/usr/bin/env node
// Installs the pinned code-server (tools/code-server) when it is not installed yet; a fast no-op otherwise.
//
// Why its own folder and this script: code-server's install scripts build native modules and run nested
// `npm install`s, which cannot run from the root package's `npm ci` (see DESIGN.md, "Testing ladder").
// Obstacles handled here, all offline but for the npm registry:
// - @vscode/ripgrep's postinstall downloads rg from GitHub; it first looks for a cached tarball in
//   `os.tmpdir()/vscode-ripgrep-cache-<its version>/`, so we put a tarball of Debian's rg there.
// - code-server's postinstall refuses to run as root under npm unless npm_config_unsafe_perm=true.
// - node-pty's postinstall runs `npx node-gyp`; with `yes=false` in a user npmrc npx refuses to fetch it.
// - node-gyp must build against local Node headers (no header download): nodedir = the running Node's prefix.
// - npm 11 install-script approvals: recorded by name in tools/code-server/package.json (`allowScripts`).
//   Pinned `name@version` entries cannot match when the lockfile omits `resolved` URLs
//   (omit-lockfile-registry-resolved), so the entries are name-only; the lockfile's integrity pins versions.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolDir = path.join(repoRoot, 'tools', 'code-server');
const modulesDir = path.join(toolDir, 'node_modules');
const stampFile = path.join(modulesDir, '.acp-code-server-stamp.json');
const logFile = path.join(repoRoot, '.cache', 'code-server-install.log');
const codeServerDir = path.join(modulesDir, 'code-server');
const vscodeModules = path.join(codeServerDir, 'lib', 'vscode', 'node_modules');

/** The code-server entry point, to run with `node`. */
export const codeServerEntry = path.join(codeServerDir, 'out', 'node', 'entry.js');

// Pinned by code-server 4.100.3's lib/vscode/npm-shrinkwrap.json (@vscode/ripgrep 1.15.11, whose
// lib/postinstall.js asks for release v13.0.0-10). Update both when the code-server pin changes.
const RIPGREP_PACKAGE_VERSION = '1.15.11';
const RIPGREP_RELEASE = 'v13.0.0-10';
const RIPGREP_TARGETS = { x64: 'x86_64-unknown-linux-musl', arm64: 'aarch64-unknown-linux-musl' };

// Files that only exist when every install script did its job.
const requiredFiles = [
  codeServerEntry,
  path.join(modulesDir, 'argon2', 'lib', 'binding', 'napi-v3', 'argon2.node'),
  path.join(vscodeModules, '@vscode', 'ripgrep', 'bin', 'rg'),
  path.join(vscodeModules, 'node-pty', 'build', 'Release', 'pty.node'),
  path.join(vscodeModules, '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'),
  path.join(vscodeModules, 'kerberos', 'build', 'Release', 'kerberos.node'),
  path.join(vscodeModules, 'native-watchdog', 'build', 'Release', 'watchdog.node'),
  path.join(codeServerDir, 'lib', 'vscode', 'node_modules.asar'),
  path.join(codeServerDir, 'lib', 'vscode', 'extensions', 'node_modules', 'typescript', 'package.json'),
];

function expectedStamp() {
  const lock = readFileSync(path.join(toolDir, 'package-lock.json'));
  return {
    lockSha256: createHash('sha256').update(lock).digest('hex'),
    nodeMajor: process.versions.node.split('.')[0],
    platform: `${process.platform}-${process.arch}`,
  };
}

/** True when the pinned code-server is installed, built for this Node, and complete. */
export function isCodeServerInstalled() {
  if (!existsSync(stampFile)) return false;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  const expected = expectedStamp();
  const same = Object.keys(expected).every((key) => stamp[key] === expected[key]);
  return same && requiredFiles.every((file) => existsSync(file));
}

function which(command) {
  const result = spawnSync('sh', ['-c', `command -v "$1"`, 'sh', command], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function checkPrerequisites() {
  const problems = [];
  const nodeMajor = process.versions.node.split('.')[0];
  if (nodeMajor !== '20') {
    problems.push(`code-server 4.100.3 needs Node 20; this is Node ${process.versions.node}.`);
  }
  if (process.platform !== 'linux' || !RIPGREP_TARGETS[process.arch]) {
    problems.push(`this installer supports Linux x64/arm64 only (found ${process.platform}-${process.arch}).`);
  }
  if (!which('rg')) problems.push('ripgrep is missing: apt-get install ripgrep');
  if (!existsSync('/usr/include/gssapi/gssapi.h') && !which('krb5-config')) {
    problems.push('Kerberos headers are missing (needed to build the `kerberos` module): apt-get install libkrb5-dev');
  }
  const buildTools = ['python3', 'make', 'g++'].filter((tool) => !which(tool));
  if (buildTools.length > 0) {
    problems.push(
      `${buildTools.join(', ')} ${buildTools.length === 1 ? 'is' : 'are'} missing: node-gyp needs python3, make and g++ to build code-server's native modules (node-pty, kerberos, ...): apt-get install build-essential python3`,
    );
  }
  if (problems.length > 0) {
    throw new Error(`Cannot install code-server:\n  - ${problems.join('\n  - ')}`);
  }
}

/** Puts a tarball of the system's rg where @vscode/ripgrep's postinstall looks before downloading. */
function seedRipgrepCache() {
  const cacheDir = path.join(os.tmpdir(), `vscode-ripgrep-cache-${RIPGREP_PACKAGE_VERSION}`);
  const tarball = path.join(cacheDir, `ripgrep-${RIPGREP_RELEASE}-${RIPGREP_TARGETS[process.arch]}.tar.gz`);
  if (existsSync(tarball)) return tarball;
  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(path.join(os.tmpdir(), 'acp-rg-'));
  try {
    copyFileSync(which('rg'), path.join(staging, 'rg'));
    const tar = spawnSync('tar', ['czf', `${tarball}.partial`, '-C', staging, 'rg'], { encoding: 'utf8' });
    if (tar.status !== 0) throw new Error(`tar failed while seeding the ripgrep cache: ${tar.stderr}`);
    spawnSync('mv', [`${tarball}.partial`, tarball]);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return tarball;
}

function installEnv() {
  const env = { ...process.env, npm_config_unsafe_perm: 'true', npm_config_yes: 'true' };
  const nodePrefix = path.resolve(path.dirname(process.execPath), '..');
  if (!env.npm_config_nodedir && existsSync(path.join(nodePrefix, 'include', 'node', 'node.h'))) {
    env.npm_config_nodedir = nodePrefix;
  }
  return env;
}

function runNpmCi(log) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['ci', '--foreground-scripts', '--no-audit', '--no-fund'], {
      cwd: toolDir,
      env: installEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
}

function tail(file, lines) {
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/** Installs code-server into tools/code-server unless it is already there. Returns its entry point. */
export async function ensureCodeServer({ quiet = false } = {}) {
  if (isCodeServerInstalled()) return codeServerEntry;
  checkPrerequisites();
  const say = (text) => { if (!quiet) console.log(`[ensure-code-server] ${text}`); };
  const started = Date.now();
  say(`installing code-server 4.100.3 into ${path.relative(repoRoot, toolDir)} (a minute or more; log: ${path.relative(repoRoot, logFile)})`);
  const tarball = seedRipgrepCache();
  say(`ripgrep for @vscode/ripgrep: ${tarball}`);
  rmSync(stampFile, { force: true });
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const result = await runNpmCi(log);
  await new Promise((resolve) => log.end(resolve));
  const missing = requiredFiles.filter((file) => !existsSync(file));
  if (result !== 0 || missing.length > 0) {
    const why = result !== 0 ? `npm ci exited with ${result}` : `install scripts did not produce:\n  ${missing.join('\n  ')}`;
    throw new Error(`code-server install failed: ${why}\n--- last lines of ${logFile} ---\n${tail(logFile, 40)}`);
  }
  writeFileSync(stampFile, `${JSON.stringify(expectedStamp(), null, 2)}\n`);
  say(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return codeServerEntry;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const entry = await ensureCodeServer();
    console.log(`[ensure-code-server] ready: ${path.relative(repoRoot, entry)}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
