// Four sessions streaming at once in the real workbench (code-server + Chromium, production build), each in its own
// chat tab ("ACP: Open Chat in Editor Tab"): two editor groups, each with one tab in front (shown) and one behind it
// (hidden). Per round, in an order that rotates: one shown session streams alone (the floor), the two shown stream,
// all four stream; each 2,000 chunks at 200/s, started at the same moment. Figures: each shown tab's agent → DOM
// latency against the session alone, the renderer time the hidden sessions add (four against the two shown), what
// the hidden documents received, long tasks in the workbench renderer, and the extension host's heap per idle
// open session (read once, while the tabs are opened).
import path from 'node:path';
import { notMeasured, ratioFigure, valueFigure } from '../lib/figure.mjs';
import { productionExtension } from '../lib/productionBuild.mjs';
import { interleave } from '../lib/rounds.mjs';
import { percentile } from '../lib/stats.mjs';
import { artifactsDir, newWorkbenchPage, openWorkbenchSession, saveFailure } from '../lib/workbench.mjs';
import { installProbe } from '../e2e/probe.mjs';
import { descendants } from '../e2e/processes.mjs';
import { CALIBRATION_MS, LONG_TASK_MS } from '../e2e/longTasks.mjs';
import { connectHeap } from '../tabs/heap.mjs';
import { openFourTabs } from '../tabs/layout.mjs';
import { measureStreams } from '../tabs/measure.mjs';
import { probeOptions, streamSize, tabsAgentSettings, writeTabsScenario } from '../tabs/scenario.mjs';
import { mkdirSync } from 'node:fs';

export const name = 'tabs';
export const title = 'Four sessions streaming at once in chat tabs (two shown, two hidden), 2,000 chunks each at 200/s, against one alone; heap per idle session';

const KiB = 1024;

function extensionHostPid() {
  const hosts = descendants(process.pid, '--type=extensionHost');
  if (hosts.length !== 1) throw new Error(`expected one extension host under this bench, found ${hosts.length}`);
  return hosts[0];
}

/** Heap used after a full GC, in the extension host, at each step of opening the tabs: [none, 1, 2, 3, 4 sessions]. */
async function heapSteps(page, log) {
  let heap;
  const steps = [];
  let error;
  const layout = await openFourTabs(page, async (count) => {
    if (error) return;
    try {
      heap ??= await connectHeap(extensionHostPid());
      steps[count] = await heap.used();
      log(`extension host heap with ${count} idle session(s): ${(steps[count] / 2 ** 20).toFixed(2)} MiB`);
    } catch (caught) {
      error = caught;
    }
  });
  await heap?.close();
  return { layout, steps, error };
}

function latencyFigures(samples, shownNames, floorName) {
  const figures = [];
  for (const shownName of shownNames) {
    for (const [p, budget] of [[50, 1.5], [99, 2]]) {
      figures.push(
        ratioFigure({
          id: `tabs.latency.${shownName}.p${p}`,
          label: `agent write → DOM p${p}, shown tab ${shownName} while four sessions stream (floor: one session streaming alone in shown tab ${floorName}, same round)`,
          unit: 'ms', budget,
          subject: samples.four.map((s) => percentile(s.latencies[shownName], p)),
          floor: samples.alone.map((s) => percentile(s.latencies[floorName], p)),
          note: `two shown streaming (no hidden): ${samples.shown.map((s) => percentile(s.latencies[shownName], p).toFixed(0)).join(', ')} ms; stamps per round (four): ${samples.four.map((s) => s.latencies[shownName].length).join(', ')}`,
        }),
      );
    }
  }
  return figures;
}

function hiddenFigures(samples, hiddenNames, shownNames) {
  const list = (values) => values.map((v) => v.toFixed(0)).join(', ');
  const received = samples.four.map((s) => hiddenNames.reduce((sum, n) => sum + s.hiddenReceived[n].messages + s.hiddenReceived[n].stamps, 0));
  return [
    {
      ...valueFigure({
        id: 'tabs.hidden.received', label: `messages and stamps that reached the hidden tabs' documents while their sessions streamed (${hiddenNames.join(', ')}), most in a round`, unit: 'items', budget: 0,
        samples: received,
        note: `per round, per hidden tab: ${samples.four.map((s) => hiddenNames.map((n) => `${n} ${s.hiddenReceived[n].messages} messages (${s.hiddenReceived[n].posted} chars), ${s.hiddenReceived[n].stamps} stamps`).join(' / ')).join('; ')}; in the same windows the shown tabs received ${samples.four.map((s) => shownNames.map((n) => `${n} ${s.shownReceived[n].messages} messages, ${s.shownReceived[n].stamps} stamps`).join(' / ')).join('; ')}`,
      }),
      value: Math.max(...received),
    },
    ratioFigure({
      id: 'tabs.hidden.busy', label: 'workbench renderer main thread busy time while four sessions stream (floor: the two shown alone streaming, same round)', unit: 'ms',
      subject: samples.four.map((s) => s.busyMs), floor: samples.shown.map((s) => s.busyMs),
      note: `what the hidden sessions add, per round: ${list(samples.four.map((s, i) => s.busyMs - samples.shown[i].busyMs))} ms; windows ${list(samples.four.map((s) => s.windowMs))} ms (four) and ${list(samples.shown.map((s) => s.windowMs))} ms (two); thread CPU ${list(samples.four.map((s) => s.busyCpuMs))} ms (four), ${list(samples.shown.map((s) => s.busyCpuMs))} ms (two); one alone: ${list(samples.alone.map((s) => s.busyMs))} ms`,
    }),
    valueFigure({
      id: 'tabs.hidden.busy.added', label: 'renderer busy time the two hidden streaming sessions add (four streaming minus the two shown streaming, per round)', unit: 'ms',
      samples: samples.four.map((s, i) => s.busyMs - samples.shown[i].busyMs),
    }),
  ];
}

function longTaskFigures(samples) {
  const four = samples.four;
  const uncalibrated = four.filter((s) => !s.calibrated);
  const label = 'long tasks (> 50 ms) on the workbench renderer main thread (every chat webview runs there) while four sessions stream, most in a round';
  if (uncalibrated.length > 0) {
    return [notMeasured({ id: 'tabs.longtasks', label, reason: `the trace did not show the deliberate ${CALIBRATION_MS} ms task (longest seen: ${uncalibrated.map((s) => s.calibrationMs.toFixed(0)).join(', ')} ms)` })];
  }
  const list = (tasks) => `[${tasks.map((d) => (d ?? NaN).toFixed(0)).join(', ')}]`;
  return [
    {
      ...valueFigure({
        id: 'tabs.longtasks', label: label.replace('50', String(LONG_TASK_MS)), unit: 'tasks', budget: 0,
        samples: four.map((s) => s.longTasks.length),
        note: `per round: ${four.map((s) => `${s.taskCount} tasks, long ${list(s.longTasks)} ms (thread CPU ${list(s.longTaskCpuMs)} ms)`).join('; ')}; one alone: ${samples.alone.map((s) => s.longTasks.length).join(', ')} long tasks; calibration seen as ${four.map((s) => s.calibrationMs.toFixed(0)).join(', ')} ms`,
      }),
      value: Math.max(...four.map((s) => s.longTasks.length)),
    },
    { ...valueFigure({ id: 'tabs.longest', label: 'longest task on that thread while four sessions stream, longest round', unit: 'ms', samples: four.map((s) => s.longestMs) }), value: Math.max(...four.map((s) => s.longestMs)) },
  ];
}

function heapFigures({ steps, error }) {
  const label = 'extension host heap per idle open session (each in its own chat tab; used heap after a full GC, sessions 1 → 4, divided by 3)';
  if (error || steps.length < 5) return [notMeasured({ id: 'tabs.heap.perSession', label, reason: error ? error.message : 'not every step was read' })];
  const perStep = steps.slice(1).map((bytes, i) => (bytes - steps[i]) / KiB);
  return [
    valueFigure({
      id: 'tabs.heap.perSession', label, unit: 'KiB',
      samples: [(steps[4] - steps[1]) / 3 / KiB],
      note: `heap with 0-4 sessions: ${steps.map((b) => (b / 2 ** 20).toFixed(2)).join(', ')} MiB; each step: ${perStep.map((k) => k.toFixed(0)).join(', ')} KiB (the first session's step also holds the agent's connection, the first tab was open before it); read once, not per round`,
    }),
  ];
}

export async function run({ rounds, quick, scratchDir, log }) {
  const size = streamSize(quick);
  const extension = productionExtension(path.join(scratchDir, 'extension'));
  const scenarioFile = writeTabsScenario(path.join(scratchDir, 'scenario.json'), size);
  const session = await openWorkbenchSession(scratchDir, tabsAgentSettings(extension, scenarioFile));
  let page;
  try {
    const opened = await newWorkbenchPage(session.browser);
    page = opened.page;
    await opened.context.addInitScript(installProbe, probeOptions);
    await page.goto(session.url(extension));
    const heap = await heapSteps(page, log);
    const { layout } = heap;
    mkdirSync(artifactsDir, { recursive: true });
    await page.screenshot({ path: path.join(artifactsDir, 'tabs-layout.png') }).catch(() => {});
    const marks = Object.fromEntries(Object.keys(layout.frames).map((n) => [n, new Set()]));
    const [floorName] = layout.shown;
    const variant = (streaming) => async () => {
      const sample = await measureStreams(page, session.browser, layout, streaming, marks);
      log(`${streaming.join('+')}: busy ${sample.busyMs.toFixed(0)} ms in ${sample.windowMs} ms, ${sample.longTasks.length} long tasks (longest ${sample.longestMs.toFixed(0)} ms), ` +
        `${Object.entries(sample.latencies).map(([n, l]) => `${n} p50 ${percentile(l, 50)} p99 ${percentile(l, 99)} (${l.length})`).join(', ')}; ` +
        `hidden received ${JSON.stringify(sample.hiddenReceived)}${sample.lateMs ? `; prompts sent ${sample.lateMs} ms after the start` : ''}`);
      return sample;
    };
    const samples = await interleave({ alone: variant([floorName]), shown: variant(layout.shown), four: variant([...layout.hidden, ...layout.shown]) }, rounds, log);
    await page.screenshot({ path: path.join(artifactsDir, 'tabs-end.png') }).catch(() => {});
    const late = Object.values(samples).flat().filter((s) => s.lateMs > 0);
    return {
      figures: [...latencyFigures(samples, layout.shown, floorName), ...hiddenFigures(samples, layout.hidden, layout.shown), ...longTaskFigures(samples), ...heapFigures(heap)],
      notes: [
        `each session streams ${size.chunks} chunks ${size.delayMs} ms apart; shown tabs ${layout.shown.join(', ')} (in front of their groups), hidden ${layout.hidden.join(', ')} (behind them); all of a run start at the same moment`,
        late.length > 0 ? `${late.length} runs had their prompts sent after the common start (by ${late.map((s) => s.lateMs).join(', ')} ms)` : 'every run\'s prompts were sent and the shown tabs in front before the common start',
      ],
      raw: { heapSteps: heap.steps, samples },
    };
  } catch (error) {
    await saveFailure(page, 'tabs', scratchDir);
    throw error;
  } finally {
    await session.close();
  }
}
