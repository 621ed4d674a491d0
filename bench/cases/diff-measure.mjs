#!/usr/bin/env node
// Measures the diff engine in its own process (run by bench/cases/diff.mjs, or alone:
// `node bench/cases/diff-measure.mjs [--rounds N] [--quick]`) on compiled output (out/, `tsc -p tsconfig.test.json`).
// For files of 1k, 10k and 100k lines with 1% and 10% of the lines changed, every line rewritten, and every block
// of 20 lines in reverse order, per round (variants interleaved, order rotating):
//   floor       splitting both texts into lines (`split('\n')`): the least any line diff does
//   sync        diffLines() under MAIN_THREAD_LIMITS, as the webview's cards and any direct caller run it: the call
//               is one synchronous slice
//   background  the host API, BackgroundDiffer.diff() (main thread for small diffs, else the worker thread): total
//               time to the result, and the longest synchronous slice of the main thread meanwhile, seen by a
//               setImmediate probe (it includes posting the texts and receiving the hunks)
//   contention  the same probe while a worker thread only spins for as long as that diff took: on a busy 2-core
//               machine a thread running hot delays the main thread by itself; this is the floor of the slice
// Prints one JSON line (figures per cell) as its last stdout line.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const { MAIN_THREAD_LIMITS, diffLines } = require(path.join(repo, 'out', 'src', 'shared', 'diff', 'index.js'));
const { BackgroundDiffer } = require(path.join(repo, 'out', 'src', 'editor', 'diff', 'backgroundDiff.js'));
const workerScript = path.join(repo, 'out', 'src', 'editor', 'diff', 'diffWorker.js');

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const rounds = argv.includes('--rounds') ? Number(argv[argv.indexOf('--rounds') + 1]) : quick ? 3 : 5;

/** A deterministic source-like line. */
function sourceLine(i, seed) {
  const x = Math.imul(i + 1, 2654435761) ^ Math.imul(seed, 40503);
  return `    const value${i} = compute(${(x >>> 0) % 1_000_000}, "${(x >>> 8).toString(36)}"); // line ${i}\n`;
}

const VARIANTS = {
  '1%': (lines) => lines.map((line, i) => (i % 100 === 7 ? line.replace('compute', 'recompute') : line)),
  '10%': (lines) => lines.map((line, i) => (i % 10 === 7 ? line.replace('compute', 'recompute') : line)),
  rewrite: (lines) => lines.map((_, i) => sourceLine(i, 2)),
  reordered: (lines) => lines.flatMap((_, i) => (i % 20 === 0 ? lines.slice(i, i + 20).reverse() : [])),
};

function cells() {
  const out = [];
  for (const n of [1_000, 10_000, 100_000]) {
    const lines = Array.from({ length: n }, (_, i) => sourceLine(i, 1));
    const oldText = lines.join('');
    for (const [variant, change] of Object.entries(VARIANTS)) out.push({ id: `${n / 1000}k.${variant}`, label: `${n.toLocaleString('en')} lines, ${variant}`, oldText, newText: change(lines).join('') });
  }
  return out;
}

function floor({ oldText, newText }) {
  const started = performance.now();
  const count = oldText.split('\n').length + newText.split('\n').length;
  return { ms: performance.now() - started, count };
}

function sync({ oldText, newText }) {
  const started = performance.now();
  const result = diffLines(oldText, newText, { limits: MAIN_THREAD_LIMITS });
  return { ms: performance.now() - started, outcome: outcomeOf(result) };
}

/** The longest gap between setImmediate turns while `work()` is under way, and how long it took. */
async function probed(work) {
  let longest = 0;
  let done = false;
  let last = performance.now();
  const probe = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (!done) setImmediate(probe);
  };
  setImmediate(probe);
  const started = performance.now();
  const value = await work();
  const total = performance.now() - started;
  longest = Math.max(longest, performance.now() - last);
  done = true;
  return { ms: total, blockMs: longest, value };
}

async function background(differ, { oldText, newText }) {
  const { ms, blockMs, value } = await probed(() => differ.diff(oldText, newText));
  return { ms, blockMs, outcome: outcomeOf(value) };
}

const spinner = new Worker(
  "const { parentPort } = require('node:worker_threads'); parentPort.on('message', (ms) => { const end = performance.now() + ms; while (performance.now() < end); parentPort.postMessage(ms); });",
  { eval: true },
);
spinner.unref();

async function contention(ms) {
  const { blockMs } = await probed(() => new Promise((resolve) => { spinner.once('message', resolve); spinner.postMessage(ms); }));
  return { blockMs };
}

function outcomeOf(result) {
  return result.kind === 'hunks' ? `${result.hunks.length} hunks, +${result.added} −${result.removed}` : `too large (${result.reason})`;
}

const differ = new BackgroundDiffer(workerScript);
const all = cells();
// Warm-up: JIT and the worker's start are not what a diff costs once the extension runs.
for (const cell of all.slice(0, 4)) {
  floor(cell);
  sync(cell);
  await contention((await background(differ, cell)).ms);
}
const samples = Object.fromEntries(all.map((cell) => [cell.id, { floor: [], sync: [], background: [], contention: [] }]));
for (let round = 0; round < rounds; round++) {
  for (const cell of all) {
    const order = ['floor', 'sync', 'background'];
    for (let k = 0; k < order.length; k++) {
      const name = order[(k + round) % order.length];
      samples[cell.id][name][round] = name === 'floor' ? floor(cell) : name === 'sync' ? sync(cell) : await background(differ, cell);
    }
    samples[cell.id].contention[round] = await contention(samples[cell.id].background[round].ms);
  }
  process.stderr.write(`diff: round ${round + 1}/${rounds}\n`);
}
differ.dispose();

const figures = [];
const notes = [];
for (const cell of all) {
  const s = samples[cell.id];
  const floorMs = s.floor.map((x) => x.ms);
  figures.push({ id: `diff.${cell.id}.sync`, label: `${cell.label}: diffLines() on the calling thread (block)`, unit: 'ms', subject: s.sync.map((x) => x.ms), floor: floorMs, budget: 50, budgetOn: 'value' });
  figures.push({ id: `diff.${cell.id}.block`, label: `${cell.label}: BackgroundDiffer.diff() longest main-thread slice`, unit: 'ms', subject: s.background.map((x) => x.blockMs), floor: s.contention.map((x) => x.blockMs), budget: 50, budgetOn: 'value', note: 'floor: the same probe while a worker only spins as long' });
  figures.push({ id: `diff.${cell.id}.total`, label: `${cell.label}: BackgroundDiffer.diff() total`, unit: 'ms', subject: s.background.map((x) => x.ms), floor: floorMs });
  notes.push(`${cell.label}: sync → ${[...new Set(s.sync.map((x) => x.outcome))].join(' / ')}; background → ${[...new Set(s.background.map((x) => x.outcome))].join(' / ')}`);
}
notes.push(`floor = splitting both texts into lines; MAIN_THREAD_LIMITS = ${JSON.stringify(MAIN_THREAD_LIMITS)}`);
console.log(JSON.stringify({ figures, notes }));
