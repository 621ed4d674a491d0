// The measured steps of the workbench case, each on an open chat panel (`frame`: the chat document's Frame).
import { chatDocument, domNodeCount, markSeen, newMarkSeen, probeData, sendPrompt, turnEnded } from './chat.mjs';
import { latenciesSince } from './latency.mjs';
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

/** One burst turn: ms from sending to its last chunk in the DOM, and the renderer's long tasks meanwhile. */
export async function burstRound(page, frame, knownMarks) {
  const since = Date.now();
  await sendPrompt(frame, 'burst');
  const [mark, until] = await newMarkSeen(frame, 'BURST-END-', knownMarks, STREAM_TIMEOUT_MS);
  knownMarks.add(mark);
  await turnEnded(frame, STREAM_TIMEOUT_MS);
  const longTasks = await page.evaluate(() => window.__benchLongTasks);
  if (longTasks === null) return { ms: until - since, longTasks: null };
  const during = longTasks.filter(([start]) => start >= since && start <= until).map(([, duration]) => duration);
  return { ms: until - since, longTasks: during };
}

/** Whether the probe sees the chat document's long tasks at all: blocks it for 80 ms and looks for that task. */
export async function longTasksVisible(page, frame) {
  const since = Date.now();
  await frame.evaluate(() => {
    const start = Date.now();
    while (Date.now() - start < 80) {
      // a deliberate long task
    }
  });
  const seen = await page
    .waitForFunction((from) => (window.__benchLongTasks ?? []).some(([start, duration]) => start >= from - 5 && duration >= 75), since, { timeout: 5_000, polling: 100 })
    .then(() => true, () => false);
  return seen;
}

/**
 * Hides the side bar with the chat view and shows it again (the view's webview document is dropped when hidden and
 * built anew). Returns ms from the key press that shows it to `mark` (the transcript's last entry) in the new
 * document, split into: until the frame exists, until our HTML is written into it, and after that.
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
    afterHtmlMs: shownAt - rootAt,
  };
}
