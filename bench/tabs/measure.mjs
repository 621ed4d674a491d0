// One measured run of some of the four sessions streaming at once (see layout.mjs for the tabs): all of them are
// told to start at the same moment, the two shown tabs are in front while they stream, and a Chromium trace of the
// workbench renderer's main thread (which runs every chat webview: in code-server they are same-origin with the
// workbench) covers the stream. Returns the shown tabs' agent → DOM latencies, the renderer's busy time and long
// tasks, and what the hidden tabs' documents received while the others streamed.
import { analyseTrace, mark, runCalibrationTask, startTrace } from '../e2e/longTasks.mjs';
import { within } from '../lib/workbench.mjs';
import { showLayout, startStreams, bringToFront, visibleSessions } from './layout.mjs';

/** How long before the common start each prompt may take to send (a tab brought to front, typed, Enter). */
const LEAD_PER_SESSION_MS = 3_000;
const LEAD_MS = 3_000;
const STREAM_TIMEOUT_MS = 180_000;

const probeCounters = (frame) =>
  frame.evaluate(() => ({ posted: window.__benchProbe.posted, messages: window.__benchProbe.messages, stamps: Object.keys(window.__benchProbe.stamps).length }));

/** Waits for a mark in `frame` that is not in `known` (each session's turn ends with S4-END-<turn>); adds it. */
async function newEndMark(frame, known, timeout) {
  const handle = await frame.waitForFunction((old) => Object.entries(window.__benchProbe.marks).find(([mark]) => !old.includes(mark)), [...known], { timeout, polling: 100 });
  const [name, seenAt] = await handle.jsonValue();
  known.add(name);
  return seenAt;
}

/** Latencies (ms) of the stamps written at or after `since` (agent clock), in write order. */
function latencies(probe, since) {
  return Object.entries(probe.stamps)
    .map(([key, seenAt]) => ({ writtenAt: Date.parse(key.slice(key.indexOf(':') + 1)), seenAt }))
    .filter(({ writtenAt }) => writtenAt >= since)
    .sort((a, b) => a.writtenAt - b.writtenAt)
    .map(({ writtenAt, seenAt }) => seenAt - writtenAt);
}

/**
 * `streaming`: the sessions that stream (a subset of A-D); `marks`: per session, the end marks already seen.
 * The calibration task and the trace marks run in the first shown tab's document. `trace`: more trace categories,
 * and a function given the trace's events (profile.mjs).
 */
export async function measureStreams(page, browser, layout, streaming, marks, trace = { categories: [], events: () => {} }) {
  const { frames, shown, hidden } = layout;
  const anchor = frames[shown[0]];
  // Hidden sessions are sent their prompt first, the shown ones last (so they end up in front of their groups).
  const order = [...hidden.filter((name) => streaming.includes(name)), ...shown.filter((name) => streaming.includes(name))];
  const startAt = Date.now() + LEAD_MS + LEAD_PER_SESSION_MS * order.length;
  const tracing = await startTrace(browser, trace.categories);
  let result;
  try {
    await runCalibrationTask(anchor);
    const sent = await startStreams(page, layout, order, startAt);
    await showLayout(page, layout);
    const readyAt = Date.now();
    const visible = await visibleSessions(page, layout);
    if (readyAt < startAt) await new Promise((resolve) => setTimeout(resolve, startAt - readyAt));
    const before = Object.fromEntries(await Promise.all(Object.entries(frames).map(async ([name, frame]) => [name, await probeCounters(frame)])));
    await mark(anchor, 'bench:window-start');
    const windowStart = Date.now();
    const ends = {};
    for (const name of shown.filter((n) => streaming.includes(n))) ends[name] = await newEndMark(frames[name], marks[name], STREAM_TIMEOUT_MS);
    await mark(anchor, 'bench:window-end');
    const windowEnd = Date.now();
    const after = Object.fromEntries(await Promise.all(Object.entries(frames).map(async ([name, frame]) => [name, await probeCounters(frame)])));
    result = { startAt, sent, readyAt, lateMs: Math.max(0, readyAt - startAt), visible, windowMs: windowEnd - windowStart, ends, before, after };
  } catch (error) {
    await tracing.stop().catch(() => {});
    throw error;
  }
  const events = await within(tracing.stop(), 120_000, 'the trace did not end within 120 s');
  const analysed = analyseTrace(events);
  trace.events(events);
  const shownLatencies = {};
  for (const name of shown.filter((n) => streaming.includes(n))) {
    shownLatencies[name] = latencies(await frames[name].evaluate(() => window.__benchProbe), result.startAt);
  }
  const received = (names) =>
    Object.fromEntries(
      names.map((name) => [name, { messages: result.after[name].messages - result.before[name].messages, posted: result.after[name].posted - result.before[name].posted, stamps: result.after[name].stamps - result.before[name].stamps }]),
    );
  // The shown tabs' counts over the same window say that the counting works (they are not 0).
  const hiddenReceived = received(hidden);
  const shownReceived = received(shown);
  // The hidden sessions' turns end too before the next run: their tab in front until its end mark is shown.
  for (const name of hidden.filter((n) => streaming.includes(n))) {
    await bringToFront(page, `hello ${name}`);
    await newEndMark(frames[name], marks[name], STREAM_TIMEOUT_MS);
  }
  for (const name of streaming) await frames[name].locator('[data-action="send"]').waitFor({ timeout: STREAM_TIMEOUT_MS });
  await showLayout(page, layout);
  return {
    streaming,
    ...result,
    latencies: shownLatencies,
    hiddenReceived,
    shownReceived,
    busyMs: analysed.busyMs,
    busyCpuMs: analysed.busyCpuMs,
    taskCount: analysed.taskCount,
    longTasks: analysed.tasks,
    longTaskCpuMs: analysed.taskCpuMs,
    longestMs: analysed.longestMs,
    calibrated: analysed.calibrated,
    calibrationMs: analysed.calibrationMs,
  };
}
