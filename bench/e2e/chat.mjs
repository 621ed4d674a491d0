// The chat panel in the workbench page, for the benchmark: the chat document's Frame (to evaluate in it), sending
// a prompt, and waiting for what the probe (probe.mjs) recorded.
import { closeChatView, EXTENSION_ID, openChatView, runFromCommandPalette } from '../../test/harness/workbench.mjs';

export { closeChatView, openChatView, runFromCommandPalette };

const HOST_IFRAME = `iframe.webview.ready[src*="extensionId=${EXTENSION_ID}"]`;

/** The Frame of the chat's own document (`iframe.webview.ready` > `iframe#active-frame`). */
export async function chatDocument(page, timeout = 60_000) {
  const host = await page.waitForSelector(HOST_IFRAME, { state: 'attached', timeout });
  const outer = await host.contentFrame();
  const inner = await outer.waitForSelector('iframe#active-frame', { state: 'attached', timeout });
  const frame = await inner.contentFrame();
  await frame.waitForFunction(() => window.__benchProbe !== undefined, undefined, { timeout });
  return frame;
}

/** The probes in every frame of `page` stop polling (a window at rest must not be kept busy by the bench itself). */
export async function quietProbes(page) {
  await Promise.all(page.frames().map((frame) => frame.evaluate(() => window.__benchProbe?.stopPolling?.()).catch(() => undefined)));
}

export async function sendPrompt(frame, text) {
  const input = frame.locator('textarea[aria-label="Message the agent"]');
  await input.waitFor({ timeout: 60_000 });
  await input.fill(text);
  // Enter does nothing while the chat cannot send yet (the agent list still loading): the button says when it can.
  await frame.locator('[data-action="send"]:not([disabled])').waitFor({ timeout: 60_000 });
  await input.press('Enter');
}

/** Resolves with the page time at which `mark` first appeared in the chat document. */
export async function markSeen(frame, mark, timeout) {
  const handle = await frame.waitForFunction((name) => window.__benchProbe?.marks[name], mark, { timeout, polling: 250 });
  return handle.jsonValue();
}

/** Resolves with the page time at which the element showing `mark` came into the viewport, the first time at or after `since`. */
export async function onScreenSince(frame, mark, since, timeout) {
  const handle = await frame.waitForFunction(
    ([name, after]) => window.__benchProbe?.onScreen[name]?.find(([time, shown]) => shown && time >= after)?.[0],
    [mark, since],
    { timeout, polling: 100 },
  );
  return handle.jsonValue();
}

/** Resolves once the element showing `mark` has left the viewport (the view was hidden). */
export async function offScreen(frame, mark, timeout) {
  await frame.waitForFunction((name) => window.__benchProbe?.onScreen[name]?.at(-1)?.[1] === false, mark, { timeout, polling: 100 });
}

/** Resolves with `[mark, page time]` of the first mark starting with `prefix` that is not in `known`. */
export async function newMarkSeen(frame, prefix, known, timeout) {
  const handle = await frame.waitForFunction(
    ([start, old]) => Object.entries(window.__benchProbe?.marks ?? {}).find(([mark]) => mark.startsWith(start) && !old.includes(mark)),
    [prefix, [...known]],
    { timeout, polling: 250 },
  );
  return handle.jsonValue();
}

/** Waits until the turn is over: the Send button is back. */
export async function turnEnded(frame, timeout = 60_000) {
  await frame.locator('[data-action="send"]').waitFor({ timeout });
}

export function probeData(frame) {
  return frame.evaluate(() => window.__benchProbe);
}

export function domNodeCount(frame) {
  return frame.evaluate(() => document.getElementsByTagName('*').length);
}
