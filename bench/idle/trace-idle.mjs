#!/usr/bin/env node
// What the chat does while nothing happens: opens the workbench with the extension (its demo agent), the chat view
// open and one turn done, then traces 5 s of rest and prints the renderer main thread's tasks per trace event and the
// functions with the most self time. Not a figure of the benchmark: a tool to look with (the `workbench` case measures).
// usage: node bench/idle/trace-idle.mjs [--blank] [--gc] [--rest S] [--flood N] [--reshows K] [--cold-opens K]
//   --blank: the floor's blank webview instead of the extension; --rest S: seconds of rest before the trace (3);
//   --gc: a full garbage collection in the workbench renderer before that rest
//   --flood N: the benchmark agent's N-entry transcript first (the state the workbench case measures idle CPU in),
//   then K re-shows (hide and show the side bar) and K cold opens (close the view, ACP: Open Chat) as that case does
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chatDocument, openChatView, quietProbes, sendPrompt, turnEnded } from '../e2e/chat.mjs';
import { BLANK_WEBVIEW_EXTENSION } from '../e2e/idle.mjs';
import { installProbe } from '../e2e/probe.mjs';
import { probeOptions } from '../e2e/latency.mjs';
import { benchAgentSettings, FLOOD_END, writeScenario } from '../e2e/scenario.mjs';
import { coldOpen, flood, reshow } from '../e2e/steps.mjs';
import { productionExtension } from '../lib/productionBuild.mjs';
import { newWorkbenchPage, openWorkbenchSession, saveFailure } from '../lib/workbench.mjs';

const blank = process.argv.includes('--blank');
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const floodEntries = option('--flood', 0);
const reshows = option('--reshows', 0);
const coldOpens = option('--cold-opens', 0);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-idle-'));
const TIMELINE = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8'];

async function main() {
  const extension = productionExtension(path.join(scratch, 'extension'));
  const scenarioFile = floodEntries > 0 ? writeScenario(path.join(scratch, 'scenario.json'), { entries: floodEntries, chunks: 40, delayMs: 50 }) : undefined;
  const session = await openWorkbenchSession(scratch, scenarioFile ? benchAgentSettings(extension, scenarioFile) : {});
  let shown;
  try {
    const { page, context } = await newWorkbenchPage(session.browser);
    shown = page;
    await context.addInitScript(installProbe, probeOptions);
    if (blank) {
      await page.goto(session.url(BLANK_WEBVIEW_EXTENSION));
      await page.locator('.activitybar a.action-label[aria-label^="Bench Blank"]').click({ timeout: 60_000 });
    } else {
      await page.goto(session.url(extension));
      await openChatView(page);
      let frame = await chatDocument(page);
      if (scenarioFile) {
        await turnEnded(frame);
        const { ms, nodes } = await flood(frame, 'flood', FLOOD_END);
        console.log(`${floodEntries} entries in ${ms} ms, ${nodes} DOM elements`);
        for (let round = 0; round < reshows; round++) await reshow(page, frame, FLOOD_END);
        for (let round = 0; round < coldOpens; round++) frame = (await coldOpen(page, frame, FLOOD_END)).frame;
      } else {
        await sendPrompt(frame, 'hello');
        await turnEnded(frame);
      }
      await quietProbes(page);
    }
    const cdp = await context.newCDPSession(page);
    if (process.argv.includes('--gc')) await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(option('--rest', 3) * 1000);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    // Started before the trace: its own start-up (~0.4 s on the main thread) is not what the chat does at rest.
    await cdp.send('Profiler.start');
    const tracer = await session.browser.newBrowserCDPSession();
    const events = [];
    tracer.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const traced = new Promise((resolve) => tracer.once('Tracing.tracingComplete', resolve));
    await tracer.send('Tracing.start', { traceConfig: { includedCategories: TIMELINE, recordMode: 'recordContinuously' }, transferMode: 'ReportEvents' });
    await page.waitForTimeout(5000);
    const { profile } = await cdp.send('Profiler.stop');
    await tracer.send('Tracing.end');
    await traced;
    const byName = new Map();
    for (const e of events.filter((e) => e.ph === 'X' && e.dur)) {
      const key = `${e.pid}/${e.tid} ${e.name}`;
      const entry = byName.get(key) ?? { ms: 0, count: 0 };
      entry.ms += e.dur / 1000;
      entry.count++;
      byName.set(key, entry);
    }
    console.log([...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30).map(([n, { ms, count }]) => `${ms.toFixed(0).padStart(6)} ms ${String(count).padStart(6)}x ${n}`).join('\n'));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    for (const id of profile.samples) {
      const { functionName, url, lineNumber } = byId.get(id).callFrame;
      const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/').slice(0, 60)}:${lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + 1);
    }
    const interval = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
    console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, n]) => `${(n * interval).toFixed(1).padStart(7)} ms ${k}`).join('\n'));
  } catch (error) {
    await saveFailure(shown, 'trace-idle', scratch);
    throw error;
  } finally {
    await session.close();
  }
}

main().catch((error) => { console.error(error); process.exitCode = 1; }).finally(() => rmSync(scratch, { recursive: true, force: true }));
