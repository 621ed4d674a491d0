// The measured steps of the workbench case, each on an open chat panel (`frame`: the chat document's Frame).
import { chatDocument, domNodeCount, markSeen, newMarkSeen, probeData, sendPrompt, turnEnded } from './chat.mjs';
import { latenciesSince } from './latency.mjs';
import { CALIBRATION_MS, traceLongTasks } from './longTasks.mjs';
import { HOLD_MS } from './scenario.mjs';

const FLOOD_TIMEOUT_MS = 10 * 60_000;
const STREAM_TIMEOUT_MS = 120_000;

/** Sends `prompt`, waits for `mark` and the end of the turn; returns ms from sending to the mark in the DOM. */
export async function flood(frame, prompt, mark) {
  const sent = Date.now();
  await sendPrompt(frame, prompt);
  const seenAt = await markSeen(frame, mark, FLOOD_TIMEOUT_MS);
  await turnEnded(frame, FLOOD_TIMEOUT_MS);
  return { ms: seenAt - sent, nodes: await domNodeCount(frame) };
}

/** One stream turn: latencies of its chunks, and of the held first line of its second message. */
export async function streamRound(frame, knownMarks) {
  const since = Date.now();
  await sendPrompt(frame, 'stream');
  const [mark] = await newMarkSeen(frame, 'STREAM-END-', knownMarks, STREAM_TIMEOUT_MS);
  knownMarks.add(mark);
  await turnEnded(frame, STREAM_TIMEOUT_MS + HOLD_MS);
  const probe = await probeData(frame);
  return { chunks: latenciesSince(probe, since), firstLine: latenciesSince(probe, since, { firstLine: true }) };
}

/**
 * One burst turn, traced (longTasks.mjs): ms from sending to its last chunk in the DOM, and the long tasks of the
 * chat document's main thread from sending until the turn ended. As a cross-check, the same from the top page's
 * PerformanceObserver('longtask') (`observer`: null when it did not see the calibration task).
 */
export async function burstRound(browser, page, frame, knownMarks) {
  const before = Date.now();
  const traced = await traceLongTasks(browser, frame, async () => {
    const since = Date.now();
    await sendPrompt(frame, 'burst');
    const [mark, until] = await newMarkSeen(frame, 'BURST-END-', knownMarks, STREAM_TIMEOUT_MS);
    knownMarks.add(mark);
    await turnEnded(frame, STREAM_TIMEOUT_MS);
    return { since, until, ended: Date.now() };
  });
  const { since, until, ended } = traced.result;
  const observed = (await page.evaluate(() => window.__benchLongTasks)) ?? [];
  const observerCalibrated = observed.some(([start, duration]) => start >= before - 5 && start < since && duration >= CALIBRATION_MS * 0.95);
  return {
    ms: until - since,
    calibrated: traced.calibrated,
    calibrationMs: traced.calibrationMs,
    longTasks: traced.tasks,
    longTaskCpuMs: traced.taskCpuMs,
    longestMs: traced.longestMs,
    taskCount: traced.taskCount,
    observer: observerCalibrated ? observed.filter(([start]) => start >= since && start <= ended).map(([, duration]) => duration) : null,
  };
}

/**
 * How long the navigation of the chat's frame (the workbench's placeholder page, before our HTML is written into it)
 * waited for the webview's service worker to start: PerformanceNavigationTiming.workerStart - startTime; 0 when no
 * service worker handled it. The entry outlives the document.write() that replaces the placeholder.
 */
function serviceWorkerWait(frame) {
  return frame.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation');
    return navigation && navigation.workerStart > 0 ? Math.round(navigation.workerStart - navigation.startTime) : 0;
  });
}

/**
 * Hides the side bar with the chat view and shows it again (the view's webview document is dropped when hidden and
 * built anew). Returns ms from the key press that shows it to `mark` (the transcript's last entry) in the new
 * document, split into: until the frame exists, until our HTML is written into it (of which: waiting for the
 * webview's service worker), and after that.
 */
export async function reopen(page, frame, mark) {
  // Ctrl+B (View: Toggle Primary Side Bar Visibility): a second click on the activity bar item too soon after the
  // first is not taken as "show" by the workbench.
  const sideBar = page.locator('.part.sidebar');
  const detached = page.waitForEvent('framedetached', { predicate: (gone) => gone === frame, timeout: 30_000 });
  await page.locator('.part.statusbar').click();
  await page.keyboard.press('Control+b');
  await detached;
  await sideBar.waitFor({ state: 'hidden', timeout: 30_000 });
  const pressed = Date.now();
  await page.keyboard.press('Control+b');
  const next = await chatDocument(page);
  const shownAt = await markSeen(next, mark, 60_000);
  const { createdAt, rootAt } = await probeData(next);
  return {
    frame: next,
    firstPaintMs: shownAt - pressed,
    documentMs: createdAt - pressed,
    htmlMs: rootAt - createdAt,
    serviceWorkerMs: await serviceWorkerWait(next),
    afterHtmlMs: shownAt - rootAt,
  };
}
