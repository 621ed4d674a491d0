// Driving the code-server workbench page: wait for it, open the ACP chat view, reach the chat webview.
import { waitForLocator } from './waits.mjs';

export const EXTENSION_ID = 'acp-client-dev.acp-client';
const WORKBENCH_TIMEOUT_MS = 60_000;

/** Opens `url` and waits until the workbench has drawn its activity bar. */
export async function openWorkbench(page, url) {
  await page.goto(url);
  await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
}

/**
 * Waits until the extension host has registered the extension's contributions, in a fresh window: the "ACP Agents"
 * activity bar item appears then. Until then the command palette does not list the extension's commands (it reads
 * them when it opens, not again as they arrive). After a reload this is not enough: the workbench draws the item from
 * its cache at once; wait for something the extension itself does there (its restored chat webview).
 */
export async function waitForExtension(page) {
  const item = page.locator('.activitybar a.action-label[aria-label^="ACP Agents"]');
  try {
    await item.waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
  } catch {
    throw new Error('No "ACP Agents" item in the activity bar: the extension was not loaded (check extensionDevelopmentPath and engines.vscode).');
  }
  return item;
}

/**
 * Clicks the "ACP Agents" activity bar item, as a person would, once the extension is loaded; then the pointer moves
 * on (left there, the item's hover label comes up a little later and takes the next click meant for the chat).
 */
export async function openChatView(page) {
  const item = await waitForExtension(page);
  await item.click();
  const box = await item.boundingBox();
  if (box) await page.mouse.move(box.x + box.width + 400, box.y + box.height + 300);
}

// The workbench draws every webview's iframe in one layer over the parts, outside the view or editor it belongs to;
// the side bar's chat is a webview view (its iframe's address says `purpose=webviewView`), a chat tab a webview panel
// (no purpose).
const OUR_WEBVIEW = `iframe.webview.ready[src*="extensionId=${EXTENSION_ID}"]`;
const SIDE_BAR_CHAT = `${OUR_WEBVIEW}[src*="purpose=webviewView"]`;
const TAB_CHAT = `${OUR_WEBVIEW}:not([src*="purpose="])`;

/** The outer webview iframe of the side bar's chat (the workbench marks it `ready` once its host page loaded). */
export function chatWebviewHost(page) {
  return page.locator(SIDE_BAR_CHAT);
}

/** A frame locator for the side bar chat's own document: `iframe.webview.ready` > `iframe#active-frame`. */
export function chatFrame(page) {
  return page.frameLocator(SIDE_BAR_CHAT).frameLocator('iframe#active-frame');
}

/**
 * The chat tab titled `title` (the tab's label: the session's title) and the frame of its chat's own document: of the
 * chat tabs' iframes, the one drawn over the editor group whose active tab that is. Resolves once both are on screen.
 */
export async function chatTabFrame(page, title, { timeout = WORKBENCH_TIMEOUT_MS } = {}) {
  const found = await page.waitForFunction(
    ({ title, frames }) => {
      const groups = [...document.querySelectorAll('.editor-group-container')];
      const group = groups.find((element) => element.querySelector('.tab.active .label-name')?.textContent?.trim() === title);
      if (!group) return false;
      const area = group.getBoundingClientRect();
      const index = [...document.querySelectorAll(frames)].findIndex((frame) => {
        const box = frame.getBoundingClientRect();
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        return box.width > 0 && x > area.left && x < area.right && y > area.top && y < area.bottom;
      });
      return index < 0 ? false : { index, group: groups.indexOf(group) };
    },
    { title, frames: TAB_CHAT },
    { timeout },
  ).catch((error) => {
    throw new Error(`No chat tab titled "${title}" with its webview on screen`, { cause: error });
  });
  const { index, group } = await found.jsonValue();
  return {
    tab: page.locator('.editor-group-container').nth(group).locator('.tab.active'),
    frame: page.frameLocator(TAB_CHAT).nth(index).frameLocator('iframe#active-frame'),
  };
}

/**
 * Runs a command from the command palette (F1) by its title as the palette lists it ("ACP: Open Chat"), as a
 * person would, once the extension is loaded (the palette lists its commands only then). The palette closes when
 * something else takes the focus (a view the workbench restores after a reload, say); a person would open it
 * again, and so does this, up to three times. `beforeEnter` runs just before the Enter key that runs it (a
 * benchmark takes its start time there).
 */
export async function runFromCommandPalette(page, title, { beforeEnter } = {}) {
  await waitForExtension(page);
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input.input');
  const row = widget.locator('.quick-input-list .monaco-list-row.focused', { hasText: title });
  const closed = page.locator('.quick-input-widget[style*="display: none"]');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    await input.waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
    await input.fill(`>${title}`);
    try {
      await row.or(closed).waitFor({ state: 'attached', timeout: WORKBENCH_TIMEOUT_MS });
    } catch (error) {
      const shown = await widget.innerText({ timeout: 1_000 }).catch(() => '(nothing)');
      throw new Error(`The command palette did not offer "${title}" as its first row; it showed: ${JSON.stringify(shown)}`, { cause: error });
    }
    if ((await row.count()) > 0) break;
    if (attempt === 3) throw new Error(`The command palette closed by itself ${attempt} times before it offered "${title}"`);
  }
  beforeEnter?.();
  await input.press('Enter');
}

/**
 * Closes the Chat view as a person would: "Hide 'Chat'" from its title's context menu. The workbench then disposes
 * the view and its webview (unlike hiding the side bar or switching to another container, which keep the
 * document alive since the view retains its context when hidden). Resolves once the webview's frame is gone.
 * "ACP: Open Chat" (runFromCommandPalette) brings the view back with a new webview.
 */
export async function closeChatView(page) {
  const header = page.locator('.part.sidebar .pane-header', { has: page.locator('h3.title', { hasText: /^Chat$/ }) });
  await header.click({ button: 'right' });
  // With the keyboard: the menu ignores mouse clicks in its first 100 ms (so that the release of the right button
  // that opened it does not choose an item), which a prompt click can fall into.
  const hide = page.locator('.context-view .action-item', { hasText: "Hide 'Chat'" });
  await hide.waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
  await page.keyboard.press('Home');
  await page.locator('.context-view .action-item.focused', { hasText: "Hide 'Chat'" }).waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
  await page.keyboard.press('Enter');
  await chatWebviewHost(page).waitFor({ state: 'detached', timeout: WORKBENCH_TIMEOUT_MS });
}

/** Opens the chat and waits until its agent is ready; returns the chat frame, its message box and its transcript. */
export async function openComposer(page) {
  await openChatView(page);
  const chat = chatFrame(page);
  const input = chat.locator('textarea[aria-label="Message the agent"]');
  await waitForLocator(input, 'the message box');
  await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the agent ready (header status)');
  return { chat, input, transcript: chat.locator('[role="log"]') };
}

/**
 * Opens the chat, waits until its agent is ready and the panel can send, and sends `text` with Enter, as a person
 * would. Returns the chat frame.
 */
export async function openChatAndSend(page, text) {
  const { chat, input } = await openComposer(page);
  await input.fill(text);
  // Enter sends once the panel can send (its session is up).
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
  await input.press('Enter');
  return chat;
}

/**
 * The demo agent's scripted turn, as a person plays it: opens the chat, sends "Show me what you can do", allows its
 * edit once, and waits until the turn ended (its Summary shown, Send back). Returns the chat frame.
 */
export async function playDemoTurn(page) {
  const chat = await openChatAndSend(page, 'Show me what you can do');
  const transcript = chat.locator('[role="log"]');
  const allow = transcript.locator('[data-permission-request] button[data-option-kind="allow_once"]');
  await waitForLocator(allow, 'the "allow once" button of the permission prompt in the edit tool call card');
  await allow.click();
  await waitForLocator(transcript.getByText('Summary'), 'the summary at the end of the demo script');
  await waitForLocator(chat.locator('[data-action="send"]'), 'the Send button back (the turn ended)');
  return chat;
}

/** Types `text` in this chat's composer (the side bar's or a tab's) and sends it with Enter once the chat can send. */
export async function typeMessage(chat, text) {
  const input = chat.locator('textarea[aria-label="Message the agent"]');
  await waitForLocator(input, 'the message box');
  await input.fill(text);
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
  await input.press('Enter');
}

/** Sends `text` in this chat and waits for `answer` in its transcript. */
export async function sendMessage(chat, text, answer) {
  await typeMessage(chat, text);
  await waitForLocator(chat.locator('[role="log"]').getByText(answer).first(), `"${answer}" after "${text}"`);
}

/** "New session" from the chat's sessions menu (the header's switcher), as a person would. */
export async function newSessionFromMenu(chat) {
  await chat.locator('[data-action="switch-sessions"]').click();
  await chat.locator('[data-action="new-session-menu"]').click();
}

/** Drags the side bar's edge until it is `width` px wide, as a person would; returns its box. */
export async function setSideBarWidth(page, width) {
  const sidebar = page.locator('.part.sidebar');
  const box = await sidebar.boundingBox();
  if (!box) throw new Error('the side bar is not shown');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 8 });
  await page.mouse.up();
  const now = await sidebar.boundingBox();
  if (!now || Math.abs(now.width - width) > 2) throw new Error(`the side bar is ${now?.width} px wide, not ${width}`);
  return now;
}
