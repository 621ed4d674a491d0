// The acpx peer (npm `acpx`, a headless ACP client CLI): `acpx --agent <generator> --format quiet exec flood`,
// one process per run, installed on first use into bench/peers/acpx (its own lockfile). acpx is timed as a
// whole process (CPU reported by a preload at exit), so each measurement is a flood run minus an empty run of the
// same mix (start-up, handshake and exit cost cancel out).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatorCommand } from '../flood/generatorCommand.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const installDir = path.join(here, 'acpx');
const cli = path.join(installDir, 'node_modules', 'acpx', 'dist', 'cli.js');
const preload = path.join(here, 'cpu-report.cjs');

/** The acpx CLI path, installing it first when needed; throws with the reason when that fails. */
export function ensureAcpx() {
  if (existsSync(cli)) return cli;
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: installDir, encoding: 'utf8' });
  if (result.status !== 0 || !existsSync(cli)) {
    throw new Error(`could not install acpx into ${path.relative(process.cwd(), installDir)}: ${(result.stderr || result.error?.message || '').trim().split('\n').pop()}`);
  }
  return cli;
}

/** One acpx process against a generator of `mix`: its CPU (ms) and wall time (ms, spawn to exit). */
export async function runAcpxOnce(mix, mixOptions) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-acpx-'));
  const report = path.join(scratch, 'cpu.json');
  const { command, args } = generatorCommand(mix, mixOptions);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--require', preload, ensureAcpx(), '--agent', [command, ...args].join(' '), '--format', 'quiet', '--approve-all', '--cwd', scratch, 'exec', 'flood'],
    { cwd: scratch, env: { ...process.env, HOME: scratch, BENCH_CPU_REPORT: report }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  let stdoutTail = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  child.stdout.on('data', (chunk) => (stdoutTail = (stdoutTail + chunk).slice(-4000)));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const wallMs = performance.now() - started;
  try {
    if (code !== 0) throw new Error(`acpx exited with code ${code}: ${stderr.trim()}`);
    return { ...JSON.parse(readFileSync(report, 'utf8')), wallMs, stdoutTail };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A measurement comparable to measure.mjs: flood run minus empty run. acpx does not say how many updates it
 * handled; `lastText` (text the last agent chunk ends with) checks that the flood went all the way through.
 */
export async function measureAcpx(mix, mixOptions, updates, lastText) {
  const baseline = await runAcpxOnce('empty', {});
  const flood = await runAcpxOnce(mix, mixOptions);
  if (lastText && !flood.stdoutTail.includes(lastText)) {
    throw new Error(`acpx's output does not end with the flood's last chunk ("${lastText}"): ...${flood.stdoutTail.slice(-200)}`);
  }
  return { client: 'acpx', mix, updates, cpuMs: flood.cpuMs - baseline.cpuMs, wallMs: flood.wallMs - baseline.wallMs };
}
