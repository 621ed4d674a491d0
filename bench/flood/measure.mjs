#!/usr/bin/env node
// One measured run of one client against a fresh flood generator, in a process of its own (so every client
// starts from the same cold heap). Prints one JSON line with what this process spent while the floods ran:
// CPU (process.cpuUsage: all threads of this process, not the generator's), wall time, updates received, and the
// event-loop delay (monitorEventLoopDelay; the timer's own interval is subtracted, so 0 means "never late").
//
// usage: node measure.mjs --client floor|ours|sdk --mix ingest|replay [--bursts N] [--warmup N] [--<mix option> N]
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { generatorCommand } from './generatorCommand.mjs';

const ELD_RESOLUTION_MS = 2;
const CLIENTS = {
  floor: () => import('./clients/floor.mjs'),
  ours: () => import('./clients/ours.mjs'),
  sdk: () => import('./clients/sdk.mjs'),
};

function parseArgs(argv) {
  const options = { client: 'floor', mix: 'ingest', bursts: 1, warmup: 0, mixOptions: {} };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    const value = argv[i + 1];
    if (key === 'client' || key === 'mix') options[key] = value;
    else if (key === 'bursts' || key === 'warmup') options[key] = Number(value);
    else options.mixOptions[key] = Number(value);
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const load = CLIENTS[options.client];
  if (!load) throw new Error(`unknown client "${options.client}"`);
  const { open } = await load();
  // Where the generator reports the answer time of its mid-flood request (mixes run with --requestAt).
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'bench-measure-'));
  const reportFile = path.join(reportDir, 'report.json');
  process.env.ACP_BENCH_REPORT = reportFile;
  const client = await open(generatorCommand(options.mix, options.mixOptions));
  for (let i = 0; i < options.warmup; i++) {
    await client.prepare();
    await client.burst();
  }
  const delay = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
  let updates = 0;
  let cpuMicros = 0;
  let userMicros = 0;
  let wallMs = 0;
  for (let i = 0; i < options.bursts; i++) {
    await client.prepare();
    delay.enable();
    const startCpu = process.cpuUsage();
    const start = performance.now();
    updates += await client.burst();
    wallMs += performance.now() - start;
    const spent = process.cpuUsage(startCpu);
    delay.disable();
    cpuMicros += spent.user + spent.system;
    userMicros += spent.user;
  }
  const lateness = (value) => Math.max(0, value / 1e6 - ELD_RESOLUTION_MS);
  const result = {
    client: options.client,
    mix: options.mix,
    updates,
    cpuMs: cpuMicros / 1000,
    userMs: userMicros / 1000,
    wallMs,
    eldP99Ms: lateness(delay.percentile(99)),
    eldMaxMs: lateness(delay.max),
    rssMB: process.memoryUsage().rss / 2 ** 20,
    ...(existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : {}),
    ...client.describe(),
  };
  rmSync(reportDir, { recursive: true, force: true });
  await client.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`measure: ${error instanceof Error ? error.stack : error}\n`);
    process.exit(1);
  },
);
