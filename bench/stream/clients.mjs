// The two clients the stream case drives in the real workbench, the same way: the product (this extension's
// production build, its chat view) and the floor (floor-extension/). Each opens its view, types a prompt into its
// composer and presses Enter, and asks its agent for session/load; `sentAt` is the page clock's Date.now() taken
// just before the key press or click that does it. Only the DOM is used, never the messages between host and page.
import { fileURLToPath } from 'node:url';
import { EXTENSION_ID, openChatView } from '../../test/harness/workbench.mjs';
import { LOAD_TITLE } from './scenario.mjs';

const TIMEOUT_MS = 60_000;
export const FLOOR_EXTENSION = fileURLToPath(new URL('./floor-extension', import.meta.url));
const FLOOR_EXTENSION_ID = 'acp-bench.bench-stream-floor';

/** The Frame of a webview view's own document (`iframe.webview.ready` > `iframe#active-frame`) once the probe runs in it. */
async function webviewDocument(page, extensionId) {
  const host = await page.waitForSelector(`iframe.webview.ready[src*="extensionId=${extensionId}"]`, { state: 'attached', timeout: TIMEOUT_MS });
  const outer = await host.contentFrame();
  const inner = await outer.waitForSelector('iframe#active-frame', { state: 'attached', timeout: TIMEOUT_MS });
  const frame = await inner.contentFrame();
  await frame.waitForFunction(() => window.__benchProbe !== undefined, undefined, { timeout: TIMEOUT_MS });
  return frame;
}

async function typeAndEnter(frame, text, ready) {
  const input = frame.locator('textarea[aria-label="Message the agent"]');
  await input.fill(text);
  await ready.waitFor({ timeout: TIMEOUT_MS });
  const sentAt = Date.now();
  await input.press('Enter');
  return sentAt;
}

export const product = {
  name: 'ours',
  extensionId: EXTENSION_ID,
  settings: (agent) => ({ 'acp.agents': [{ id: 'bench', name: 'Benchmark agent', ...agent }], 'acp.defaultAgent': 'bench' }),
  async open(page) {
    await openChatView(page);
    const frame = await webviewDocument(page, EXTENSION_ID);
    await frame.locator('textarea[aria-label="Message the agent"]').waitFor({ timeout: TIMEOUT_MS });
    return frame;
  },
  /** `finished()` resolves once the turn is over (the Send button is back); call it after the turn's last mark was seen. */
  async send(frame, text) {
    const sentAt = await typeAndEnter(frame, text, frame.locator('[data-action="send"]:not([disabled])'));
    return { sentAt, finished: (timeout) => frame.locator('[data-action="send"]').waitFor({ timeout }) };
  },
  /** The history (header switcher → "history"), then the stored session's row. */
  async load(frame) {
    await frame.locator('[data-action="switch-sessions"]').click({ timeout: TIMEOUT_MS });
    await frame.locator('[data-action="show-history"]').click({ timeout: TIMEOUT_MS });
    const row = frame.locator('[data-history] [data-history-session]').filter({ hasText: LOAD_TITLE }).locator('.history-item__main');
    await row.waitFor({ timeout: TIMEOUT_MS });
    const sentAt = Date.now();
    await row.click();
    return { sentAt, finished: () => Promise.resolve() };
  },
};

const doneCount = (frame) => frame.evaluate(() => Number(document.body.dataset.done ?? 0));
const doneAfter = (frame, count) => (timeout) =>
  frame.waitForFunction((before) => Number(document.body.dataset.done ?? 0) > before, count, { timeout, polling: 100 });

export const floor = {
  name: 'floor',
  extensionId: FLOOR_EXTENSION_ID,
  settings: (agent, loadSessionId) => ({ 'acpBenchFloor.agent': agent, 'acpBenchFloor.loadSessionId': loadSessionId }),
  async open(page) {
    const item = page.locator('.activitybar a.action-label[aria-label^="Bench Floor"]');
    await item.waitFor({ timeout: TIMEOUT_MS });
    await item.click();
    const frame = await webviewDocument(page, FLOOR_EXTENSION_ID);
    await frame.locator('body[data-ready]').waitFor({ timeout: TIMEOUT_MS });
    return frame;
  },
  async send(frame, text) {
    const before = await doneCount(frame);
    const sentAt = await typeAndEnter(frame, text, frame.locator('body[data-ready]'));
    return { sentAt, finished: doneAfter(frame, before) };
  },
  async load(frame) {
    const before = await doneCount(frame);
    const sentAt = Date.now();
    await frame.locator('[data-action="load"]').click();
    return { sentAt, finished: doneAfter(frame, before) };
  },
};
