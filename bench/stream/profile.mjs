#!/usr/bin/env node
// Where a stream scenario's time goes, for one client: opens one window as the stream case does (bench/stream/window.mjs),
// plays one scenario with a V8 CPU profile of the chat document's renderer (the workbench's too: in code-server they
// share it) and a Chromium timeline trace, and prints the renderer main thread's time per trace event (script,
// style, layout, paint...), the functions with the most self time, and what was posted to the chat document.
// Not a figure of the benchmark: a tool to look with. Writes the profile and the trace under .test-artifacts/bench/.
//
// usage: node bench/stream/profile.mjs [ours|floor] [tools|stream|long|load|flood] [--quick] [--dev] [--stacks] [--css <rules>] [--before <kind>]
// (runs on a production build made into a scratch folder, as the stream case does; --dev: on the repository's own
// dist/ from `npm run build`, not minified, so the profile names functions; --stacks: prints where the chat's
// requestAnimationFrame calls come from)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExtensionHost } from '../e2e/idle.mjs';
import { installProbe } from '../e2e/probe.mjs';
import { productionExtension } from '../lib/productionBuild.mjs';
import { repoRoot } from '../lib/paths.mjs';
import { artifactsDir, newWorkbenchPage, openWorkbenchSession } from '../lib/workbench.mjs';
import { FLOOR_EXTENSION, floor, product } from './clients.mjs';
import { LOAD_SESSION_ID, MARK, probeOptions, sizes as sizesFor, writeStreamScenario } from './scenario.mjs';

const TIMELINE = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing', 'v8', '__metadata'];

const args = process.argv.slice(2);
const client = args[0] === 'floor' ? floor : product;
const kind = args[1] ?? 'tools';
const quick = args.includes('--quick');
const dev = args.includes('--dev');
const stacks = args.includes('--stacks');
/** --css "<rules>": a style sheet added to the chat document before the scenario (to try a CSS change). */
const css = args.includes('--css') ? args[args.indexOf('--css') + 1] : undefined;
/** --before <kind>: plays that scenario first, unprofiled (as the stream case plays the scenarios one after another). */
const beforeKind = args.includes('--before') ? args[args.indexOf('--before') + 1] : undefined;
const sizes = sizesFor(quick);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));

function summariseTrace(events) {
  const mark = (name) => events.find((e) => e.cat === 'blink.user_timing' && e.name === name);
  const start = mark('bench:profile-start');
  const end = mark('bench:profile-end');
  if (!start || !end) return 'the trace lacks the marks';
  const own = events.filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X' && e.ts >= start.ts && e.ts <= end.ts);
  const byName = new Map();
  for (const e of own) {
    const entry = byName.get(e.name) ?? { ms: 0, count: 0 };
    entry.ms += e.dur / 1000;
    entry.count++;
    byName.set(e.name, entry);
  }
  const rows = [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
  return rows.map(([name, { ms, count }]) => `${ms.toFixed(0).padStart(7)} ms ${String(count).padStart(6)}×  ${name}`).join('\n');
}

function summariseProfile(profile) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  for (const id of profile.samples) {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + interval / 1000);
  }
  const byFile = new Map();
  for (const [key, ms] of self) {
    const file = key.split(' ').at(-1).replace(/:\d+$/, '') || '(native)';
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
  const files = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return [
    'self time per file:',
    ...files.map(([file, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${file}`),
    'self time per function:',
    ...top.map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`),
  ].join('\n');
}

async function main() {
  const productExtension = dev ? repoRoot : client === product ? productionExtension(path.join(scratch, 'extension')) : undefined;
  const dir = path.join(scratch, 'window');
  mkdirSync(dir, { recursive: true });
  const scenarioFile = path.join(dir, 'scenario.json');
  const agentScript = path.join(productExtension ?? productionExtension(path.join(scratch, 'extension')), 'dist', 'demo-agent.js');
  writeStreamScenario({ scenarioFile, storeFile: path.join(dir, 'store.json'), cwd: path.join(dir, 'workspace'), sizes });
  const session = await openWorkbenchSession(dir, client.settings({ command: process.execPath, args: [agentScript, '--scenario', scenarioFile] }, LOAD_SESSION_ID));
  try {
    const { page, context } = await newWorkbenchPage(session.browser);
    await context.addInitScript(installProbe, probeOptions);
    if (stacks) await context.addInitScript(recordAnimationFrameCallers);
    await page.goto(session.url(client === floor ? FLOOR_EXTENSION : productExtension));
    const frame = await client.open(page);
    for (let i = 0; i < 50 && !findHost(scenarioFile); i++) await new Promise((resolve) => setTimeout(resolve, 200));
    if (beforeKind) {
      const first = beforeKind === 'load' ? await client.load(frame) : await client.send(frame, beforeKind);
      await frame.waitForFunction((name) => window.__benchProbe?.marks[name], MARK[beforeKind], { timeout: 180_000, polling: 100 });
      await first.finished(60_000);
    }
    if (css) await frame.evaluate((rules) => document.head.appendChild(Object.assign(document.createElement('style'), { textContent: rules })), css);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const tracer = await session.browser.newBrowserCDPSession();
    const events = [];
    tracer.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const traced = new Promise((resolve) => tracer.once('Tracing.tracingComplete', resolve));
    await tracer.send('Tracing.start', { traceConfig: { includedCategories: TIMELINE, recordMode: 'recordContinuously' }, transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    const before = await frame.evaluate(() => ({ posted: window.__benchProbe.posted, messages: window.__benchProbe.messages }));
    await frame.evaluate(() => performance.mark('bench:profile-start'));
    const startedAt = Date.now();
    const action = kind === 'load' ? await client.load(frame) : await client.send(frame, kind);
    await frame.waitForFunction((name) => window.__benchProbe?.marks[name], MARK[kind], { timeout: 180_000, polling: 100 });
    await action.finished(60_000);
    await frame.evaluate(() => performance.mark('bench:profile-end'));
    const { profile } = await cdp.send('Profiler.stop');
    await tracer.send('Tracing.end');
    await traced;
    const after = await frame.evaluate(() => ({ posted: window.__benchProbe.posted, messages: window.__benchProbe.messages }));
    const probe = await frame.evaluate(() => ({ stamps: window.__benchProbe.stamps, received: window.__benchProbe.received }));
    mkdirSync(artifactsDir, { recursive: true });
    const base = path.join(artifactsDir, `profile-${client.name}-${kind}`);
    writeFileSync(`${base}.cpuprofile`, JSON.stringify(profile));
    writeFileSync(`${base}.trace.json`, JSON.stringify({ traceEvents: events }));
    console.log(`${client.name} ${kind}: posted ${after.posted - before.posted} chars in ${after.messages - before.messages} messages`);
    console.log(latencySplit(probe, startedAt));
    if (stacks) console.log(await frame.evaluate(() => Object.entries(window.__rafCallers ?? {}).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([stack, n]) => `${n}x\n${stack}`).join('\n\n')));
    console.log('renderer main thread, per trace event (nested events counted in their parents too):');
    console.log(summariseTrace(events));
    console.log(summariseProfile(profile));
    console.log(`written: ${base}.cpuprofile, ${base}.trace.json`);
  } finally {
    await session.close();
  }
}

/** Each stamp's latency split at the message that carried it: agent write → message in the page → stamp in the DOM. */
function latencySplit({ stamps, received }, since) {
  const parts = { total: [], toPage: [], inPage: [] };
  for (const [key, seenAt] of Object.entries(stamps)) {
    if (seenAt < since) continue;
    const writtenAt = Date.parse(key.slice(key.indexOf(':') + 1));
    parts.total.push(seenAt - writtenAt);
    if (received[key] === undefined) continue;
    parts.toPage.push(received[key] - writtenAt);
    parts.inPage.push(seenAt - received[key]);
  }
  const at = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
  return Object.entries(parts)
    .map(([name, values]) => `${name.padEnd(7)} n=${values.length} p50 ${at(values, 50)} p90 ${at(values, 90)} p99 ${at(values, 99)} max ${Math.max(...values)} ms`)
    .join('\n');
}

/** In each child frame: counts requestAnimationFrame calls by the stack that made them. */
function recordAnimationFrameCallers() {
  if (window.top === window) return;
  const callers = {};
  window.__rafCallers = callers;
  const original = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    const stack = (new Error().stack ?? '').split('\n').slice(2, 14).map((line) => line.trim().replace(/\(.*\/([^/]+)\)$/, '($1)')).join('\n');
    callers[stack] = (callers[stack] ?? 0) + 1;
    return original(callback);
  };
}

function findHost(scenarioFile) {
  try {
    return findExtensionHost(scenarioFile);
  } catch {
    return undefined;
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(scratch, { recursive: true, force: true }));
