#!/usr/bin/env node
// Not a figure: where the workbench renderer's main thread spends its time while the tabs case's streams run. The
// same window and layout as the `tabs` case (cases/tabs.mjs), one run of each of: one session streaming alone (C),
// the two shown (C+D), all four; each traced as the case does, with the timeline's events too. Prints, per run, the
// renderer's busy time and thread CPU, each shown tab's latency, the CPU time of each process of the window
// (renderer, browser, extension host, agents...) and of the whole machine over the run (the cores the renderer
// competes for), and the timeline's events on the renderer thread that runs the chats (the workbench's main thread)
// by self time: script (FunctionCall), style, layout, paint, the IPC that brings the posts (mojo messages)...
//
// usage (under the shared lock, after `npm run build`): node bench/tabs/profile.mjs [--top N]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installProbe } from '../e2e/probe.mjs';
import { chromiumType, cpuSeconds, descendants } from '../e2e/processes.mjs';
import { productionExtension } from '../lib/productionBuild.mjs';
import { percentile } from '../lib/stats.mjs';
import { newWorkbenchPage, openWorkbenchSession } from '../lib/workbench.mjs';
import { openFourTabs } from './layout.mjs';
import { measureStreams } from './measure.mjs';
import { probeOptions, streamSize, tabsAgentSettings, writeTabsScenario } from './scenario.mjs';

const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 15;

/** Self time (ms) of the trace's complete events on the chat documents' thread, between the window's marks, by name. */
function timeline(events) {
  const start = events.find((e) => e.name === 'bench:window-start');
  const end = events.find((e) => e.name === 'bench:window-end');
  if (!start || !end) return [];
  const slices = events
    .filter((e) => e.ph === 'X' && e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts && e.ts + e.dur <= end.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  for (const slice of slices) {
    while (stack.length > 0 && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= slice.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - slice.dur / 1000);
    self.set(slice.name, (self.get(slice.name) ?? 0) + slice.dur / 1000);
    stack.push(slice);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]);
}

/** This bench's processes by kind. */
function processGroups() {
  const groups = {};
  const add = (kind, pid) => (groups[kind] ??= []).push(pid);
  for (const pid of descendants(process.pid, '')) {
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    if (line.includes('chromium')) add(`chromium ${chromiumType(pid)}`, pid);
    else if (line.includes('--type=extensionHost')) add('extension host', pid);
    else if (line.includes('demo-agent.js')) add('agents', pid);
    else if (line.includes('node')) add('code-server and other node', pid);
  }
  return groups;
}

/** CPU seconds of the whole machine (every core), from /proc/stat. */
function machineCpuSeconds() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields;
  return (user + nice + system + irq + softirq + steal) / 100;
}

async function measured(page, run) {
  const groups = processGroups();
  const cpuBefore = Object.fromEntries(Object.entries(groups).map(([kind, pids]) => [kind, cpuSeconds(pids)]));
  const machineBefore = machineCpuSeconds();
  const startedAt = Date.now();
  const result = await profiledPage(page, run);
  const cpu = Object.entries(groups).map(([kind, pids]) => [kind, cpuSeconds(pids) - cpuBefore[kind]]);
  return { ...result, cpu, machineCpu: machineCpuSeconds() - machineBefore, wallSeconds: (Date.now() - startedAt) / 1000 };
}

/** Layout events on the chats' thread by the document they laid out: count, time, objects laid out (dirty of total) per layout. */
function layoutsByDocument(events) {
  const start = events.find((e) => e.name === 'bench:window-start');
  const end = events.find((e) => e.name === 'bench:window-end');
  if (!start || !end) return [];
  const urls = new Map();
  for (const e of events) {
    for (const frame of e.args?.data?.frames ?? []) if (frame.frame) urls.set(frame.frame, frame.url);
    if (e.args?.data?.frame && e.args.data.url) urls.set(e.args.data.frame, e.args.data.url);
  }
  const by = new Map();
  for (const e of events) {
    if (e.name !== 'Layout' || e.ph !== 'X' || e.pid !== start.pid || e.tid !== start.tid || e.ts < start.ts || e.ts > end.ts) continue;
    const frame = e.args?.beginData?.frame ?? '?';
    const entry = by.get(frame) ?? { count: 0, ms: 0, dirty: 0, total: 0 };
    entry.count++;
    entry.ms += e.dur / 1000;
    entry.dirty += e.args?.beginData?.dirtyObjects ?? 0;
    entry.total += e.args?.beginData?.totalObjects ?? 0;
    by.set(frame, entry);
  }
  return [...by.entries()].sort((a, b) => b[1].ms - a[1].ms).map(([frame, entry]) => ({ url: (urls.get(frame) ?? frame).slice(0, 90), ...entry }));
}

/** The long tasks (> 50 ms) on the chats' thread in the window: duration, thread CPU, and what in them took longest. */
function longTasksIn(events) {
  const start = events.find((e) => e.name === 'bench:window-start');
  const end = events.find((e) => e.name === 'bench:window-end');
  if (!start || !end) return [];
  const onThread = events.filter((e) => e.ph === 'X' && e.pid === start.pid && e.tid === start.tid && e.ts + e.dur > start.ts && e.ts < end.ts);
  return onThread
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur > (Number(process.env.LONG_MS) || 50) * 1000)
    .map((task) => {
      const inside = onThread.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > 2_000);
      const parts = inside.sort((a, b) => b.dur - a.dur).slice(0, 5).map((e) => `${e.name} ${(e.dur / 1000).toFixed(0)} ms${e.args?.data?.functionName ? ` (${e.args.data.functionName} ${e.args.data.url?.split('/').pop() ?? ''})` : ''}${e.args?.data?.type ? ` [${e.args.data.type}]` : ''}`);
      return { ms: task.dur / 1000, cpuMs: (task.tdur ?? 0) / 1000, atMs: (task.ts - start.ts) / 1000, parts };
    });
}

async function profiledPage(page, run) {
  let events = [];
  const sample = await run({ categories: ['devtools.timeline'], events: (all) => (events = all) });
  return { sample, timeline: timeline(events), layouts: layoutsByDocument(events), longTasks: longTasksIn(events) };
}

function print(label, { sample, timeline, layouts, longTasks, cpu, machineCpu, wallSeconds }) {
  const ms = (v) => `${v.toFixed(0)} ms`;
  console.log(`\n${label}: busy ${ms(sample.busyMs)} (thread CPU ${ms(sample.busyCpuMs)}) in a ${ms(sample.windowMs)} window, ${sample.taskCount} tasks`);
  for (const [name, l] of Object.entries(sample.latencies)) console.log(`  ${name}: agent → DOM p50 ${percentile(l, 50)} ms, p99 ${percentile(l, 99)} ms; ${sample.shownReceived[name].messages} messages received`);
  const ours = cpu.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`  CPU over the whole run (${wallSeconds.toFixed(1)} s, prompts and the hidden tabs' catch-up included): machine ${machineCpu.toFixed(1)} s of ${(2 * wallSeconds).toFixed(1)} s (2 cores), this bench's processes ${ours.toFixed(1)} s:`);
  for (const [kind, seconds] of cpu.sort((a, b) => b[1] - a[1])) if (seconds >= 0.1) console.log(`    ${seconds.toFixed(1).padStart(6)} s  ${kind}`);
  console.log(`  trace events on that thread by self time (heaviest ${top}):`);
  for (const [name, t] of timeline.slice(0, top)) console.log(`    ${ms(t).padStart(8)}  ${name}`);
  console.log('  layouts on that thread by document (count, time, objects laid out of the document\'s per layout):');
  console.log(`  long tasks (> 50 ms) on that thread: ${longTasks.length}`);
  for (const t of longTasks) console.log(`    ${t.ms.toFixed(0)} ms (thread CPU ${t.cpuMs.toFixed(0)} ms) at ${t.atMs.toFixed(0)} ms: ${t.parts.join('; ')}`);
  for (const l of layouts.slice(0, 6)) console.log(`    ${String(l.count).padStart(6)} ${ms(l.ms).padStart(8)}  ${(l.dirty / l.count).toFixed(0)} of ${(l.total / l.count).toFixed(0)}  ${l.url}`);
}

const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'bench-tabs-profile-'));
const extension = productionExtension(path.join(scratchDir, 'extension'));
const session = await openWorkbenchSession(scratchDir, tabsAgentSettings(extension, writeTabsScenario(path.join(scratchDir, 'scenario.json'), streamSize(false))));
try {
  const { page, context } = await newWorkbenchPage(session.browser);
  await context.addInitScript(installProbe, probeOptions);
  await page.goto(session.url(extension));
  const layout = await openFourTabs(page);
  const marks = Object.fromEntries(Object.keys(layout.frames).map((n) => [n, new Set()]));
  const [floorName] = layout.shown;
  for (const [label, streaming] of [
    [`${floorName} alone`, [floorName]],
    [`${layout.shown.join('+')} (the two shown)`, layout.shown],
    ['all four', [...layout.hidden, ...layout.shown]],
  ]) {
    print(label, await measured(page, (trace) => measureStreams(page, session.browser, layout, streaming, marks, trace)));
  }
} finally {
  await session.close();
  rmSync(scratchDir, { recursive: true, force: true });
}
