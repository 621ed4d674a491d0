#!/usr/bin/env node
// fs/read_text_file benchmark in the real extension host (code-server 4.100 = VS Code 1.100, Node 20): a 10 MB
// open document read whole through the files service's handler, against the floor "getText() + JSON.stringify"
// in the same rounds (budget: ratio <= 2), a 100-line window of it (budget: <= 5 ms), the same for a CRLF
// document, and a 10 MB file no editor has open (no budget). Prints a table; not pass/fail.
//
// usage: npm run build && node bench/files-read.mjs [--rounds N]
// Also a case module for bench/run.mjs: exports name, title and run({ rounds, scratchDir, log }).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium, newWorkbenchPage } from '../test/harness/chromium.mjs';
import { exitOnSignals, startCodeServer } from '../test/harness/code-server.mjs';
import { extensionEntry, repoRoot } from '../test/harness/paths.mjs';
import { makeTempDir } from '../test/harness/temp.mjs';
import { workbenchUrl } from '../test/harness/workbench-url.mjs';

export const name = 'files-read';
export const title = 'fs/read_text_file of a 10 MB document in the real extension host';

const here = path.dirname(fileURLToPath(import.meta.url));
const hostEntry = path.join(here, 'files-read.host.cjs');
const TAG = '[acp-bench files-read]';
const TIMEOUT_MS = 180_000;
const TEN_MB = 10 * 1024 * 1024;

/** ~10 MB of 100 000 lines of code-like text. */
function bigText(eol) {
  const lines = [];
  const lineLength = Math.floor(TEN_MB / 100_000) - eol.length;
  for (let i = 0; i < 100_000; i++) {
    const head = `const value${i} = compute(${i}, "item-${i}");`;
    lines.push(head.padEnd(lineLength, ' /* padding */').slice(0, lineLength));
  }
  return lines.join(eol) + eol;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function toFigures(results) {
  return results.cases.map((entry) => {
    const value = median(entry.subject);
    if (!entry.floor) {
      const budget = entry.label.startsWith('line/limit') ? { max: 5, on: 'value' } : undefined;
      return { id: `files-read.${entry.label}`, label: entry.label, unit: 'ms', value, budget, rounds: entry.subject.length, samples: { subject: entry.subject } };
    }
    const ratio = median(entry.subject.map((ms, round) => ms / entry.floor[round]));
    return {
      id: `files-read.${entry.label}`, label: `${entry.label} (${(entry.chars / 1e6).toFixed(1)} M chars, ${entry.lines} lines)`, unit: 'ms',
      value, floor: median(entry.floor), ratio, budget: { max: 2, on: 'ratio' }, rounds: entry.subject.length,
      samples: { subject: entry.subject, floor: entry.floor },
      note: 'floor = document.getText() + JSON.stringify({ content }) in the same round, alternating order',
    };
  });
}

async function measure(scratchDir, rounds) {
  if (!existsSync(extensionEntry)) throw new Error(`${extensionEntry} is missing: run \`npm run build\``);
  const workspace = path.join(scratchDir, 'workspace');
  mkdirSync(workspace, { recursive: true });
  writeFileSync(path.join(workspace, 'big-lf.txt'), bigText('\n'));
  writeFileSync(path.join(workspace, 'big-crlf.txt'), bigText('\r\n'));
  writeFileSync(path.join(workspace, 'big-disk.txt'), bigText('\n'));
  const server = await startCodeServer({ logFile: path.join(scratchDir, 'code-server.log'), env: { ACP_BENCH_ROUNDS: String(rounds) } });
  const browser = await launchChromium();
  try {
    const { page } = await newWorkbenchPage(browser);
    let result;
    let exit;
    const exited = new Promise((resolve) => (exit = resolve));
    await page.exposeFunction('codeAutomationLog', (_level, message) => {
      const text = String(message);
      const at = text.indexOf(TAG);
      if (at !== -1) result = JSON.parse(text.slice(at + TAG.length));
      else if (_level === 'error') console.error(`[workbench] ${text}`);
    });
    await page.exposeFunction('codeAutomationExit', (code) => exit(Number(code)));
    await page.goto(workbenchUrl({ baseUrl: server.baseUrl, folder: workspace, extensionDevelopmentPath: repoRoot, extensionTestsPath: hostEntry }));
    let timer;
    const code = await Promise.race([
      exited,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no result within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS))),
    ]).finally(() => clearTimeout(timer));
    if (code !== 0 || !result) throw new Error(`the benchmark entry failed (exit code ${code}); see ${path.join(scratchDir, 'code-server.log')}`);
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function run({ rounds, scratchDir }) {
  return { figures: toFigures(await measure(scratchDir, rounds)) };
}

function printTable(figures) {
  const rows = [['case', 'ours ms', 'floor ms', 'ratio', 'budget', 'verdict']];
  for (const f of figures) {
    const budget = f.budget ? (f.budget.on === 'ratio' ? `<= ${f.budget.max}x` : `<= ${f.budget.max} ms`) : '-';
    const measured = f.budget?.on === 'ratio' ? f.ratio : f.value;
    const verdict = f.budget ? (measured <= f.budget.max ? 'ok' : 'OVER') : '';
    rows.push([f.label, f.value.toFixed(2), f.floor === undefined ? '-' : f.floor.toFixed(2), f.ratio === undefined ? '-' : `${f.ratio.toFixed(2)}x`, budget, verdict]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  exitOnSignals();
  const at = process.argv.indexOf('--rounds');
  const rounds = at === -1 ? 15 : Number(process.argv[at + 1]);
  const scratch = makeTempDir('acp-bench-files-read');
  try {
    const { figures } = await run({ rounds, scratchDir: scratch.dir });
    console.log(`${title}: median of ${rounds} rounds (after 3 warm-up rounds)`);
    printTable(figures);
  } finally {
    scratch.remove();
  }
}
