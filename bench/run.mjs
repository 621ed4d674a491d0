#!/usr/bin/env node
// `npm run bench`: builds what is missing, runs every case (cases/index.mjs) with interleaved rounds, prints which
// figures are over budget, and writes bench/results/latest.md and latest.json (partial.md / partial.json for a run
// with --only or --quick, so a partial run never replaces the last full one). Not pass/fail: exits 0 unless the
// harness itself broke.
//
// usage: node bench/run.mjs [--rounds N] [--quick] [--no-peers] [--only name,name] [--case path/to/case.mjs] [--build]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { caseModules } from './cases/index.mjs';
import { ensureBuilt } from './lib/build.mjs';
import { describeMachine } from './lib/machine.mjs';
import { benchDir, resultsDir } from './lib/paths.mjs';
import { summaryLines, writeResults } from './lib/report.mjs';

function parseArgs(argv) {
  const options = { rounds: 5, quick: false, peers: true, only: undefined, extra: [], build: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--rounds') options.rounds = Number(argv[++i]);
    else if (arg === '--quick') options.quick = true;
    else if (arg === '--no-peers') options.peers = false;
    else if (arg === '--only') options.only = argv[++i].split(',');
    else if (arg === '--case') options.extra.push(path.resolve(argv[++i]));
    else if (arg === '--build') options.build = true;
    else throw new Error(`unknown argument "${arg}" (see the top of bench/run.mjs)`);
  }
  if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error('--rounds needs a whole number >= 1');
  if (options.quick && !argv.includes('--rounds')) options.rounds = 3;
  return options;
}

/** The case modules, or for one that cannot be loaded, a stand-in whose run() reports why. */
async function loadCases(options) {
  const urls = [
    ...caseModules.map((file) => new URL(file, pathToFileURL(path.join(benchDir, 'cases', 'index.mjs')))),
    ...options.extra.map((file) => pathToFileURL(file)),
  ];
  const cases = [];
  for (const url of urls) {
    let module;
    try {
      module = await import(url.href);
      if (typeof module.name !== 'string' || typeof module.run !== 'function') throw new Error('it must export name and run()');
    } catch (error) {
      const name = path.basename(url.pathname, '.mjs');
      const reason = `${path.relative(process.cwd(), url.pathname)} could not be loaded: ${error instanceof Error ? error.message : error}`;
      module = { name, title: '(not loaded)', run: () => Promise.reject(new Error(reason)) };
    }
    if (!options.only || options.only.includes(module.name)) cases.push(module);
  }
  return cases;
}

async function runCase(module, options) {
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), `bench-${module.name}-`));
  const log = (line) => console.log(`  [${module.name}] ${line}`);
  const started = Date.now();
  console.log(`${module.name}: ${module.title ?? ''}`);
  try {
    const result = await module.run({ rounds: options.rounds, quick: options.quick, peers: options.peers, log, scratchDir });
    console.log(`  [${module.name}] done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { name: module.name, title: module.title, ...result };
  } catch (error) {
    console.log(`  [${module.name}] FAILED: ${error instanceof Error ? error.stack : error}`);
    return { name: module.name, title: module.title, error: error instanceof Error ? error.message : String(error), figures: [] };
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  ensureBuilt({ force: options.build, log: (line) => console.log(line) });
  const run = { ...describeMachine(), rounds: options.rounds, quick: options.quick, startedAt: new Date().toISOString(), cases: [] };
  for (const module of await loadCases(options)) run.cases.push(await runCase(module, options));
  run.loadAfter = os.loadavg();
  run.finishedAt = new Date().toISOString();
  // A partial run (some cases, or scaled-down floods) never replaces the last full run's latest.md.
  const base = options.only || options.quick ? 'partial' : 'latest';
  console.log(`\n${writeResults(resultsDir, run, base)}`);
  for (const line of summaryLines(run)) console.log(line);
  console.log(`Written: ${path.relative(process.cwd(), path.join(resultsDir, `${base}.md`))} and ${base}.json`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
