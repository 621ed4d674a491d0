// The measured steps of the workbench case, each on an open chat panel (`frame`: the chat document's Frame).
import { chatDocument, closeChatView, domNodeCount, markSeen, newMarkSeen, offScreen, onScreenSince, probeData, runFromCommandPalette, sendPrompt, turnEnded } from './chat.mjs';
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
 * RE-SHOW: hides the side bar with the chat view (Ctrl+B) and shows it again. The view retains its context when
 * hidden, so the same chat document comes back. Returns ms from the key press that shows it until the element
 * showing `mark` (the transcript's last entry) is in the viewport again, split into: until the workbench gives the
 * webview its size back (the document's resize event), and after that.
 */
export async function reshow(page, frame, mark) {
  await frame.waitForFunction((name) => window.__benchProbe?.onScreen[name]?.at(-1)?.[1] === true, mark, { timeout: 30_000 });
  const before = await probeData(frame);
  // Ctrl+B (View: Toggle Primary Side Bar Visibility): a second click on the activity bar item too soon after the
  // first is not taken as "show" by the workbench.
  const sideBar = page.locator('.part.sidebar');
  await page.locator('.part.statusbar').click();
  await page.keyboard.press('Control+b');
  await sideBar.waitFor({ state: 'hidden', timeout: 30_000 });
  await offScreen(frame, mark, 30_000);
  const pressed = Date.now();
  await page.keyboard.press('Control+b');
  const shownAt = await onScreenSince(frame, mark, pressed, 60_000);
  const after = await probeData(frame);
  if (frame.isDetached() || after.createdAt !== before.createdAt || after.rootAt !== before.rootAt) {
    throw new Error('the chat document was rebuilt when the view was shown again: it was expected to be retained while hidden');
  }
  const [resizedAt] = after.resizes.find(([time, width]) => time >= pressed && width > 0) ?? [shownAt];
  return { reshowMs: shownAt - pressed, layoutMs: resizedAt - pressed, afterLayoutMs: shownAt - resizedAt };
}

/**
 * COLD OPEN: closes the Chat view ("Hide 'Chat'": the workbench disposes it and its webview) and opens it again
 * with "ACP: Open Chat" from the command palette: a new webview, which gets the host's snapshot of the transcript.
 * Returns ms from the Enter key that runs the command until the element showing `mark` (the transcript's last
 * entry) is in the viewport of the new document, split into: until the webview frame exists, until our HTML is
 * written into it (of which: its navigation waiting for the webview's service worker), and after that (ours:
 * script, ready, snapshot, render).
 */
export async function coldOpen(page, frame, mark) {
  await closeChatView(page);
  if (!frame.isDetached()) throw new Error('closing the Chat view left its document alive');
  let pressed;
  await runFromCommandPalette(page, 'ACP: Open Chat', { beforeEnter: () => (pressed = Date.now()) });
  const next = await chatDocument(page);
  const shownAt = await onScreenSince(next, mark, pressed, 60_000);
  const { createdAt, rootAt, marks } = await probeData(next);
  return {
    frame: next,
    firstPaintMs: shownAt - pressed,
    documentMs: createdAt - pressed,
    htmlMs: rootAt - createdAt,
    serviceWorkerMs: await serviceWorkerWait(next),
    afterHtmlMs: shownAt - rootAt,
    inDomMs: marks[mark] - pressed,
  };
}
