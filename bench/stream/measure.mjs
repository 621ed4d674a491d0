// One scenario in one open window (product or floor), measured the same way for both: what the probe saw in the
// chat document (stamps, marks, characters posted to it), the extension host's CPU time and resident memory from
// /proc, and a Chromium trace of the chat document's main thread (busy time, long tasks; see e2e/longTasks.mjs).
import { analyseTrace, mark, runCalibrationTask, startTrace } from '../e2e/longTasks.mjs';
import { cpuSeconds, residentBytes } from '../e2e/processes.mjs';
import { within } from '../lib/workbench.mjs';
import { MARK } from './scenario.mjs';

/** Stamp prefixes (the probe's keys start with them) whose latencies a scenario reports. */
const STAMPED = { stream: /^c\d+:/, tools: /^[tu]\d+:/, long: /^l\d+:/, flood: /^e0:/, load: null };
const SHOWN_GRACE_MS = 10_000;

const counters = (frame) => frame.evaluate(() => ({ posted: window.__benchProbe.posted, messages: window.__benchProbe.messages }));

/** The highest n of the flood's " f<n>" chunks in the chat document, + 1: how many are shown when the chunks came in order. */
function floodChunksInDom(frame) {
  return frame.evaluate(() => {
    let highest = -1;
    for (const match of document.body.textContent.matchAll(/ f(\d+)/g)) highest = Math.max(highest, Number(match[1]));
    return highest + 1;
  });
}

/** Latencies (ms) of the scenario's stamps, in write order, and the number of the last written one's. */
function latencies(probe, kind, since) {
  const pattern = STAMPED[kind];
  if (!pattern) return { all: [], last: undefined };
  const seen = Object.entries(probe.stamps)
    .filter(([key, seenAt]) => pattern.test(key) && seenAt >= since)
    .map(([key, seenAt]) => {
      const colon = key.indexOf(':');
      return { index: Number(key.slice(1, colon)), writtenAt: Date.parse(key.slice(colon + 1)), seenAt };
    })
    .sort((a, b) => a.writtenAt - b.writtenAt || a.index - b.index);
  return { all: seen.map((s) => s.seenAt - s.writtenAt), last: seen.at(-1) && seen.at(-1).seenAt - seen.at(-1).writtenAt, writtenFirst: seen[0]?.writtenAt, writtenLast: seen.at(-1)?.writtenAt };
}

/**
 * Runs `kind` (stream | tools | load | flood) through `client` in `frame` and measures it. Resolves with a sample;
 * `timedOut` when the scenario's last entry was not in the DOM after `timeoutMs` (then `floodShown` says how many
 * of the flood's chunks were).
 */
export async function measureScenario({ browser, frame, client, hostPid, kind, timeoutMs }) {
  const endMark = MARK[kind];
  const before = { cpu: cpuSeconds([hostPid]), ...(await counters(frame)) };
  const trace = await startTrace(browser);
  let traceError;
  let action;
  let seenAt;
  let timedOut = false;
  let finishedAt;
  let floodShown;
  try {
    await runCalibrationTask(frame);
    await mark(frame, 'bench:window-start');
    action = kind === 'load' ? await client.load(frame) : await client.send(frame, kind);
    try {
      const handle = await frame.waitForFunction((name) => window.__benchProbe?.marks[name], endMark, { timeout: timeoutMs, polling: 100 });
      seenAt = await handle.jsonValue();
      await action.finished(timeoutMs);
    } catch (error) {
      if (!/Timeout/i.test(String(error))) throw error;
      timedOut = true;
      // Counted at the timeout, before anything else is asked of the page.
      if (kind === 'flood') floodShown = await within(floodChunksInDom(frame), 60_000, 'the chat document did not answer').catch(() => undefined);
    }
    finishedAt = Date.now();
    await within(mark(frame, 'bench:window-end'), 60_000, 'the chat document did not answer within 60 s');
  } finally {
    let events = [];
    try {
      events = await within(trace.stop(), 120_000, 'the trace did not end within 120 s');
    } catch (error) {
      traceError = error.message;
    }
    if (!traceError) {
      try {
        Object.assign(trace, { analysed: analyseTrace(events) });
      } catch (error) {
        traceError = error.message;
      }
    }
  }
  const hostCpuS = cpuSeconds([hostPid]) - before.cpu;
  const hostRss = residentBytes(hostPid);
  const probe = await within(frame.evaluate(() => window.__benchProbe), 60_000, 'the probe did not answer within 60 s');
  let shownAt;
  if (seenAt !== undefined && kind === 'load') {
    // On screen: the element showing the mark inside the viewport (the IntersectionObserver the probe put on it).
    shownAt = probe.onScreen[endMark]?.find(([time, visible]) => visible && time >= action.sentAt)?.[0];
    if (shownAt === undefined) {
      const handle = await frame
        .waitForFunction(([name, after]) => window.__benchProbe?.onScreen[name]?.find(([time, visible]) => visible && time >= after)?.[0], [endMark, action.sentAt], { timeout: SHOWN_GRACE_MS, polling: 100 })
        .catch(() => undefined);
      shownAt = await handle?.jsonValue();
    }
  }
  const lat = latencies(probe, kind, action.sentAt);
  return {
    kind,
    sentAt: action.sentAt,
    timedOut,
    timeoutMs,
    inDomMs: seenAt === undefined ? undefined : seenAt - action.sentAt,
    onScreenMs: shownAt === undefined ? undefined : shownAt - action.sentAt,
    ranMs: finishedAt - action.sentAt,
    latencies: lat.all,
    lastLagMs: lat.last,
    writeSpanMs: lat.writtenLast - lat.writtenFirst,
    floodShown,
    posted: probe.posted - before.posted,
    messages: probe.messages - before.messages,
    hostCpuS,
    hostRss,
    trace: traceError ? { error: traceError } : trace.analysed,
  };
}
