// Four sessions in four chat tabs ("ACP: Open Chat in Editor Tab"), laid out as two editor groups of two tabs each:
// in each group one tab in front (shown) and one behind it (hidden; its webview is retained, so its document lives
// on, but the extension posts nothing to a view that is not visible). Driven as a person would: the command palette,
// the chat's own session menu ("New session"), the composer, clicks on the tabs' labels.
import { EXTENSION_ID, runFromCommandPalette } from '../../test/harness/workbench.mjs';
import { HELLO_ANSWER } from './scenario.mjs';

const TIMEOUT_MS = 60_000;
export const OPEN_TAB = 'ACP: Open Chat in Editor Tab';
const MOVE_TO_PREVIOUS_GROUP = 'View: Move Editor into Previous Group';

/** The chat documents (inner `iframe#active-frame` of our extension's webviews) that the probe runs in. */
async function chatDocuments(page) {
  const found = [];
  for (const frame of page.frames()) {
    const parent = frame.parentFrame();
    if (!parent || !parent.url().includes(`extensionId=${EXTENSION_ID}`)) continue;
    if (await frame.evaluate(() => window.__benchProbe !== undefined).catch(() => false)) found.push(frame);
  }
  return found;
}

/** The chat document that is not in `known`, once there is exactly one. */
async function newChatDocument(page, known) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const fresh = (await chatDocuments(page)).filter((frame) => !known.has(frame));
    if (fresh.length === 1) return fresh[0];
    if (Date.now() > deadline) throw new Error(`expected one new chat tab document, found ${fresh.length}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The label of the tab titled `title` in the editor tab bars. */
export function tabLabel(page, title) {
  return page.locator('.tabs-container .tab', { hasText: title });
}

/** Brings the tab titled `title` to the front of its group (and makes it the active editor). */
export async function bringToFront(page, title) {
  const tab = tabLabel(page, title);
  await tab.click({ timeout: TIMEOUT_MS });
  await page.locator('.tabs-container .tab.active', { hasText: title }).waitFor({ timeout: TIMEOUT_MS });
}

async function typeAndSend(frame, text) {
  const input = frame.locator('textarea[aria-label="Message the agent"]');
  await input.waitFor({ timeout: TIMEOUT_MS });
  await input.fill(text);
  await frame.locator('[data-action="send"]:not([disabled])').waitFor({ timeout: TIMEOUT_MS });
  const sentAt = Date.now();
  await input.press('Enter');
  return sentAt;
}

/** "hello <name>" in the tab's composer, until the answer is shown and the turn is over; the tab is then titled so. */
async function greet(page, frame, name) {
  await typeAndSend(frame, `hello ${name}`);
  await frame.getByText(HELLO_ANSWER).last().waitFor({ timeout: TIMEOUT_MS });
  await frame.locator('[data-action="send"]').waitFor({ timeout: TIMEOUT_MS });
  await tabLabel(page, `hello ${name}`).waitFor({ timeout: TIMEOUT_MS });
}

/**
 * A new session in the tab (the chat's session menu → "New session"), once it is shown: the tab opened on another
 * session, whose answer leaves the transcript then.
 */
async function newSessionIn(frame) {
  await frame.getByText(HELLO_ANSWER).first().waitFor({ timeout: TIMEOUT_MS });
  await frame.locator('[data-action="switch-sessions"]').click({ timeout: TIMEOUT_MS });
  await frame.locator('[data-action="new-session-menu"]').click({ timeout: TIMEOUT_MS });
  await frame.getByText(HELLO_ANSWER).first().waitFor({ state: 'detached', timeout: TIMEOUT_MS });
}

/**
 * Opens the four tabs. `afterEach(count)` runs once the first tab is open with no session yet (count 0) and after
 * each session is started and idle (1..4): the bench reads the extension host's heap there.
 * Resolves with `{ frames: { A, B, C, D }, shown: ['C', 'D'], hidden: ['A', 'B'] }`: groups [A, C] and [B, D].
 */
export async function openFourTabs(page, afterEach = async () => {}) {
  const frames = {};
  const known = new Set(await chatDocuments(page));
  const open = async () => {
    await runFromCommandPalette(page, OPEN_TAB);
    const frame = await newChatDocument(page, known);
    known.add(frame);
    return frame;
  };
  // A: the first tab, opened while no tab is active (the side bar's surface, which shows no session): it opens empty
  // and its first prompt starts its session.
  frames.A = await open();
  await afterEach(0);
  await greet(page, frames.A, 'A');
  await afterEach(1);
  // B: from A's tab the command opens a tab beside it (a new group) on A's session; a new session there.
  frames.B = await open();
  await newSessionIn(frames.B);
  await greet(page, frames.B, 'B');
  await afterEach(2);
  // C: beside A again (B's group), then moved into A's group, in front of A.
  await bringToFront(page, 'hello A');
  frames.C = await open();
  await runFromCommandPalette(page, MOVE_TO_PREVIOUS_GROUP);
  await newSessionIn(frames.C);
  await greet(page, frames.C, 'C');
  await afterEach(3);
  // D: beside A's group, that is in B's group, in front of B.
  await bringToFront(page, 'hello A');
  frames.D = await open();
  await newSessionIn(frames.D);
  await greet(page, frames.D, 'D');
  await afterEach(4);
  const layout = { frames, shown: ['C', 'D'], hidden: ['A', 'B'] };
  await showLayout(page, layout);
  return layout;
}

/** The shown tabs in front of their groups; checks that exactly those two chat webviews are visible. */
export async function showLayout(page, layout) {
  for (const name of layout.shown) await bringToFront(page, `hello ${name}`);
  const visible = await visibleSessions(page, layout);
  if (visible.join() !== layout.shown.join()) throw new Error(`expected the tabs of ${layout.shown.join(' and ')} on screen, found ${visible.join(', ') || 'none'}`);
}

/** The sessions whose chat document is on screen (its webview element has a size and is not hidden). */
export async function visibleSessions(page, layout) {
  const names = [];
  for (const [name, frame] of Object.entries(layout.frames)) {
    const element = await frame.parentFrame().frameElement();
    if (await element.isVisible()) names.push(name);
  }
  return names.sort();
}

/**
 * Sends "go <startAt>" to each session of `names`, in that order, each from its own tab brought to the front;
 * resolves with the page time each prompt was sent. The caller shows the layout again after.
 */
export async function startStreams(page, layout, names, startAt) {
  const sent = {};
  for (const name of names) {
    await bringToFront(page, `hello ${name}`);
    sent[name] = await typeAndSend(layout.frames[name], `go ${startAt}`);
  }
  return sent;
}
