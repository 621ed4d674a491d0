// Starts a private code-server on 127.0.0.1 (a port the OS picks), waits until it serves, and stops it
// with everything it started.
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureCodeServer } from '../../scripts/ensure-code-server.mjs';
import { makeTempDir } from './temp.mjs';
import { userSettings } from './user-settings.mjs';

const READY_LINE = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//;
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

// Process groups of servers still running, killed if this process exits without stopping them.
const liveGroups = new Set();
process.on('exit', () => {
  for (const pid of liveGroups) {
    try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ }
  }
});

/** Makes Ctrl+C and SIGTERM exit this process (and so stop every server it started) instead of orphaning them. */
export function exitOnSignals() {
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
}

/**
 * @param {object} [options]
 * @param {Record<string, unknown>} [options.settings] laid over the defaults in a new User/settings.json
 * @param {Record<string, string>} [options.env] extra environment; the extension host inherits it
 * @param {string} [options.logFile] where code-server's own output goes (default: in its temp dir)
 * @param {number} [options.port] a fixed port (default 0: the OS picks a free one)
 * @param {string} [options.dataDir] keep user data and extensions here instead of a fresh temp dir
 * @param {boolean} [options.gallery] keep the extension marketplace (default false: tests never query it)
 * @param {string[]} [options.installedExtensions] extension folders (each with its package.json) installed before
 *   the start, as ordinary extensions of the user (not under development)
 * @returns {Promise<{ baseUrl: string, port: number, logFile: string, dataDir: string,
 *   exited: Promise<{ code: number | null, signal: string | null }>, stop: () => Promise<void> }>}
 */
export async function startCodeServer(options = {}) {
  const entry = await ensureCodeServer();
  const temp = options.dataDir ? undefined : makeTempDir('acp-code-server');
  const dataDir = options.dataDir ?? temp.dir;
  const userDataDir = path.join(dataDir, 'user-data');
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  const extensionsDir = path.join(dataDir, 'extensions');
  mkdirSync(extensionsDir, { recursive: true });
  for (const folder of options.installedExtensions ?? []) installExtensionFolder(folder, extensionsDir);
  const settingsFile = path.join(userDataDir, 'User', 'settings.json');
  // A kept dataDir keeps the user's own settings; a fresh one gets the test defaults.
  if (!existsSync(settingsFile)) writeFileSync(settingsFile, `${JSON.stringify(userSettings(options.settings), null, 2)}\n`);
  const configFile = path.join(dataDir, 'config.yaml');
  writeFileSync(configFile, 'auth: none\n');
  const logFile = options.logFile ?? path.join(dataDir, 'code-server.log');
  mkdirSync(path.dirname(logFile), { recursive: true });

  const args = [
    entry,
    '--bind-addr', `127.0.0.1:${options.port ?? 0}`,
    '--auth', 'none',
    '--config', configFile,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
  ];
  // detached: its own process group, so stop() reaches the extension host and agents too.
  const child = spawn(process.execPath, args, {
    env: serverEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid !== undefined) liveGroups.add(child.pid);
  const log = createWriteStream(logFile);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  let baseUrl;
  try {
    baseUrl = await waitForReadyLine(child, log, exited);
  } catch (error) {
    await stopGroup(child, exited);
    temp?.remove();
    throw error;
  }

  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      await stopGroup(child, exited);
      await new Promise((resolve) => log.end(resolve));
      temp?.remove();
    })();
    return stopping;
  };
  return { baseUrl, port: Number(new URL(baseUrl).port), logFile, dataDir, exited, stop };
}

/**
 * Copies an extension folder into the extensions folder as `<publisher>.<name>-<version>`, where an installed
 * extension lives: on its first start the server takes every such folder into its list of installed extensions.
 */
function installExtensionFolder(folder, extensionsDir) {
  const { publisher, name, version } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
  cpSync(folder, path.join(extensionsDir, `${publisher}.${name}-${version}`), { recursive: true });
}

function serverEnv(options) {
  const env = { ...process.env };
  delete env.PORT; // code-server lets $PORT override --bind-addr
  // An empty gallery configuration turns the marketplace off (no lookups of open-vsx.org).
  if (!options.gallery) env.EXTENSIONS_GALLERY = '{}';
  return { ...env, ...options.env };
}

function waitForReadyLine(child, log, exited) {
  return new Promise((resolve, reject) => {
    let output = '';
    let settled = false;
    const finish = (error, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk) => {
      log.write(chunk);
      if (settled) return;
      output += chunk.toString('utf8');
      const match = READY_LINE.exec(output);
      if (match) finish(undefined, match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => finish(new Error(`code-server could not be started: ${error.message}`)));
    exited.then(({ code, signal }) =>
      finish(new Error(`code-server exited (${signal ?? `code ${code}`}) before it was ready. Its output:\n${output}`)));
    const timer = setTimeout(
      () => finish(new Error(`code-server printed no "HTTP server listening" line within ${STARTUP_TIMEOUT_MS / 1000} s. Its output:\n${output}`)),
      STARTUP_TIMEOUT_MS,
    );
  });
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    throw error;
  }
}

/** SIGTERM to code-server's process group; SIGKILL to whatever is left after the grace period. */
async function stopGroup(child, exited) {
  if (child.pid === undefined) return;
  if (child.exitCode === null && child.signalCode === null) signalGroup(child, 'SIGTERM');
  let timer;
  const timedOut = new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), STOP_GRACE_MS); });
  await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  // Children (extension host, agents, terminals) that outlived the server go too.
  signalGroup(child, 'SIGKILL');
  await exited;
  liveGroups.delete(child.pid);
}
