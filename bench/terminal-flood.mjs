#!/usr/bin/env node
// Terminal flood benchmark: 50 MiB of command output with outputByteLimit 1 MiB.
// 1. In process: the terminal output ring (TerminalOutput) against a plain byte ring (one fixed Buffer, set() with
//    wrap-around: the floor) in the same rounds, for pipe-sized (64 KiB), 4 KiB and 256 B chunks. Budget: CPU <= 3x
//    the floor. Also the whole host path per chunk (ring + change events + the chat view's output poster, flushed
//    every MiB, more often than the real ~60/s) and the memory the flood leaves allocated.
// 2. A real child process flooding stdout through TerminalProcess (the spawn path terminal/create uses) with the
//    chat poster on real timers and terminal/output read every 100 ms: event-loop delay p99 (budget <= 16 ms), and
//    host CPU against a plain spawn + 'data' → byte ring floor with the same child.
//
// usage: npx tsc -p tsconfig.test.json && node bench/terminal-flood.mjs [--rounds N] [--quick]
// Also a case module for bench/run.mjs: exports name, title and run({ rounds, quick, log }).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ratioFigure, valueFigure } from './lib/figure.mjs';
import { compiled } from './lib/paths.mjs';
import { interleave } from './lib/rounds.mjs';

export const name = 'terminal-flood';
export const title = 'Terminal flood: 50 MiB of output, outputByteLimit 1 MiB';

const require = createRequire(import.meta.url);
const { TerminalOutput } = require(compiled('services/terminals/terminalOutput'));
const { TerminalProcess } = require(compiled('services/terminals/terminalProcess'));
const { TerminalBook } = require(compiled('services/terminals/terminalBook'));
const { TerminalOutputPoster } = require(compiled('services/terminals/terminalPosts'));
const { secretRules } = require(compiled('shared/text/secretText'));
const { Emitter } = require('vscode-jsonrpc/node');

const MiB = 1024 * 1024;
const LIMIT = MiB;
const RETAIN = 64 * 1024;
/** The chat masks what it shows of a terminal: two configured secrets that the flood never shows, as in the chat. */
const SECRETS = secretRules(['bench-secret-value-1', 'bench-secret-value-2']);

/** The floor: the newest `capacity` bytes in one preallocated Buffer, nothing else. */
class PlainRing {
  constructor(capacity) {
    this.buffer = Buffer.alloc(capacity);
    this.end = 0;
    this.total = 0;
  }
  write(chunk) {
    const size = this.buffer.length;
    this.total += chunk.length;
    if (chunk.length >= size) {
      this.buffer.set(chunk.subarray(chunk.length - size));
      this.end = 0;
      return;
    }
    const first = Math.min(chunk.length, size - this.end);
    this.buffer.set(first === chunk.length ? chunk : chunk.subarray(0, first), this.end);
    if (first < chunk.length) this.buffer.set(chunk.subarray(first), 0);
    this.end = (this.end + chunk.length) % size;
  }
}

/** A command for the book whose output the bench writes itself (the live path without a process). */
class BenchCommand {
  constructor() {
    this.output = new TerminalOutput(LIMIT, RETAIN);
    this.exitStatus = undefined;
    this.running = true;
    this.dataEmitter = new Emitter();
    this.exitEmitter = new Emitter();
    this.onData = this.dataEmitter.event;
    this.onExit = this.exitEmitter.event;
  }
  write(chunk) {
    this.output.write(chunk);
    this.dataEmitter.fire();
  }
  waitForExit() {
    return new Promise(() => {});
  }
  kill() {
    return this.waitForExit();
  }
}

/** Mixed text (ASCII and multi-byte characters), so the UTF-8 paths are exercised. */
function chunkOf(size) {
  const text = 'build step ✓ — compiling module 😀 ok\n'.repeat(Math.ceil(size / 40));
  return Buffer.from(text).subarray(0, size);
}

function cpuMs(work) {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

function inProcessVariants(totalBytes, chunkSize) {
  const chunk = chunkOf(chunkSize);
  const count = Math.ceil(totalBytes / chunkSize);
  return {
    floor: async () => {
      const ring = new PlainRing(LIMIT);
      return { cpuMs: cpuMs(() => { for (let i = 0; i < count; i++) ring.write(chunk); }) };
    },
    ring: async () => {
      const output = new TerminalOutput(LIMIT, RETAIN);
      const baseline = process.memoryUsage().arrayBuffers;
      const ms = cpuMs(() => {
        for (let i = 0; i < count; i++) output.write(chunk);
      });
      // Everything the flood allocated, garbage included (no GC in between): an upper bound of what the ring holds.
      const heldBytes = process.memoryUsage().arrayBuffers - baseline;
      const text = output.forAgent();
      return { cpuMs: ms, heldBytes, agentBytes: Buffer.byteLength(text.output), truncated: text.truncated };
    },
    hostPath: async () => {
      const book = new TerminalBook(RETAIN);
      let posted = 0;
      const scheduler = { schedule: () => () => {}, now: () => 0 };
      const poster = new TerminalOutputPoster(book, (message) => { posted += JSON.stringify(message).length; }, () => SECRETS, scheduler);
      poster.follow('bench');
      const command = new BenchCommand();
      book.add('bench', 'term-1', 'flood', command);
      // A flush per MiB written: far more often than the real ~60 per second at pipe speed (~200 MiB/s here).
      const flushEvery = Math.max(1, Math.floor(MiB / chunkSize));
      const ms = cpuMs(() => {
        for (let i = 0; i < count; i++) {
          command.write(chunk);
          if (i % flushEvery === flushEvery - 1) poster.flush();
        }
      });
      poster.dispose();
      book.dispose();
      return { cpuMs: ms, posted };
    },
  };
}

const FLOOD_CHILD = `
  const total = Number(process.argv[1]);
  const chunk = Buffer.from('build step ✓ — compiling module 😀 ok\\n'.repeat(1700));
  let sent = 0;
  function pump() {
    while (sent < total) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += piece.length;
      if (!process.stdout.write(piece)) return process.stdout.once('drain', pump);
    }
  }
  pump();
`;

function floodArgs(totalBytes) {
  return ['-e', FLOOD_CHILD, String(totalBytes)];
}

async function measureFlood(run) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  delay.enable();
  const bytes = await run();
  delay.disable();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, bytes, eldP99Ms: delay.percentile(99) / 1e6, eldMaxMs: delay.max / 1e6 };
}

function spawnVariants(totalBytes) {
  return {
    floor: () =>
      measureFlood(
        () =>
          new Promise((resolve, reject) => {
            const ring = new PlainRing(LIMIT);
            const child = spawn(process.execPath, floodArgs(totalBytes), { stdio: ['ignore', 'pipe', 'pipe'] });
            child.stdout.on('data', (chunk) => ring.write(chunk));
            child.stderr.on('data', (chunk) => ring.write(chunk));
            child.on('error', reject);
            child.on('close', () => resolve(ring.total));
          }),
      ),
    ours: () =>
      measureFlood(async () => {
        const book = new TerminalBook(RETAIN);
        const poster = new TerminalOutputPoster(book, (message) => JSON.stringify(message), () => SECRETS);
        poster.follow('bench');
        const launch = { file: process.execPath, args: floodArgs(totalBytes), cwd: process.cwd(), env: process.env, windowsVerbatimArguments: false, label: 'flood' };
        const terminal = new TerminalProcess(launch, LIMIT, RETAIN);
        book.add('bench', 'term-1', 'flood', terminal);
        const poll = setInterval(() => terminal.output.forAgent(), 100);
        await terminal.waitForExit();
        clearInterval(poll);
        const last = terminal.output.forAgent();
        poster.flush();
        poster.dispose();
        book.dispose();
        if (Buffer.byteLength(last.output) > LIMIT || !last.truncated) throw new Error('the agent output is not limited');
        return terminal.output.written;
      }),
  };
}

export async function run({ rounds = 9, quick = false, log = () => {} } = {}) {
  const total = (quick ? 10 : 50) * MiB;
  const figures = [];
  for (const chunkSize of [64 * 1024, 4 * 1024, 256]) {
    const samples = await interleave(inProcessVariants(total, chunkSize), rounds, log);
    const label = `${chunkSize >= 1024 ? `${chunkSize / 1024} KiB` : `${chunkSize} B`} chunks`;
    const floor = samples.floor.map((s) => s.cpuMs);
    figures.push(ratioFigure({ id: `terminal-flood.ring.${chunkSize}`, label: `ring CPU, ${label}`, unit: 'ms', subject: samples.ring.map((s) => s.cpuMs), floor, budget: 3 }));
    figures.push(ratioFigure({ id: `terminal-flood.host.${chunkSize}`, label: `ring + events + chat poster CPU, ${label}`, unit: 'ms', subject: samples.hostPath.map((s) => s.cpuMs), floor }));
    if (chunkSize === 64 * 1024) {
      figures.push(valueFigure({ id: 'terminal-flood.memory', label: 'memory after the flood (arrayBuffers, no GC)', unit: 'MiB', samples: samples.ring.map((s) => s.heldBytes / MiB), budget: 2 * LIMIT / MiB }));
    }
  }
  const flood = await interleave(spawnVariants(total), Math.max(5, Math.ceil(rounds / 2)), log);
  figures.push(ratioFigure({ id: 'terminal-flood.spawn.cpu', label: 'child flood: host CPU, TerminalProcess + poster', unit: 'ms', subject: flood.ours.map((s) => s.cpuMs), floor: flood.floor.map((s) => s.cpuMs) }));
  figures.push(valueFigure({ id: 'terminal-flood.spawn.eld', label: 'child flood: event-loop delay p99', unit: 'ms', samples: flood.ours.map((s) => s.eldP99Ms), budget: 16, note: `floor p99: ${flood.floor.map((s) => s.eldP99Ms.toFixed(1)).join(', ')} ms` }));
  figures.push(valueFigure({ id: 'terminal-flood.spawn.eldmax', label: 'child flood: event-loop delay max', unit: 'ms', samples: flood.ours.map((s) => s.eldMaxMs) }));
  figures.push(ratioFigure({ id: 'terminal-flood.spawn.wall', label: 'child flood: wall time', unit: 'ms', subject: flood.ours.map((s) => s.wallMs), floor: flood.floor.map((s) => s.wallMs) }));
  return { figures, raw: { flood } };
}

function printTable(figures) {
  const rows = [['measure', 'ours', 'floor', 'ratio', 'budget', 'verdict']];
  for (const f of figures) {
    const budget = f.budget ? (f.budget.on === 'ratio' ? `<= ${f.budget.max}x` : `<= ${f.budget.max} ${f.unit}`) : '-';
    const measured = f.budget?.on === 'ratio' ? f.ratio : f.value;
    const verdict = f.budget ? (measured <= f.budget.max ? 'ok' : 'OVER') : '';
    rows.push([
      f.label,
      `${f.value.toFixed(2)} ${f.unit}`,
      f.floor === undefined ? '-' : `${f.floor.toFixed(2)} ${f.unit}`,
      f.ratio === undefined ? '-' : `${f.ratio.toFixed(2)}x`,
      budget,
      verdict,
    ]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
  for (const f of figures) if (f.note) console.log(`${f.label}: ${f.note}`);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const at = process.argv.indexOf('--rounds');
  const rounds = at === -1 ? 9 : Number(process.argv[at + 1]);
  const quick = process.argv.includes('--quick');
  const { figures } = await run({ rounds, quick });
  console.log(`${title}${quick ? ' (quick: 10 MiB)' : ''}: medians of ${rounds} rounds (child flood: ${Math.max(5, Math.ceil(rounds / 2))} rounds)`);
  printTable(figures);
}
