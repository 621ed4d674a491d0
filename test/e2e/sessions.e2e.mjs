// Several sessions, history and restore, in a real workbench with the scripted agent playing
// test/fixtures/scenarios/sessions-full.json (load, list in pages of 2, resume, close, delete; its sessions kept in a
// store file, so a new agent process still knows them).
//
// DOM contract: the header's switcher button [data-action="switch-sessions"] (a badge [data-waiting] when a session
// behind the shown one waits), its menu rows [data-session-key][data-activity] with a close button
// [data-action="close-session"], menu items [data-action="new-session-menu"] and [data-action="show-history"]; the
// history view [data-history] with rows [data-history-session] ([data-opening] while one is brought back),
// [data-action="more-history"], [data-action="delete-history-session"] and [data-action="close-history"].
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, chatWebviewHost, newSessionFromMenu, openChatView, runFromCommandPalette } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

function settingsWithStore(name) {
  const settings = scriptedAgentSettings('sessions-full');
  const store = path.join(os.tmpdir(), `acp-e2e-${name}-${process.pid}-${Date.now()}.json`);
  settings['acp.agents'][0].env = { ACP_DEMO_STORE: store };
  return settings;
}

async function send(chat, text) {
  const input = chat.locator('textarea[aria-label="Message the agent"]');
  await waitForLocator(input, 'the message box');
  await input.fill(text);
  // Enter sends once the panel can send (the agent and its session are up).
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
  await input.press('Enter');
  await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: `You said: ${text}` }), `the answer to "${text}"`);
}

async function openSwitcher(chat) {
  await chat.locator('[data-action="switch-sessions"]').click();
  const menu = chat.locator('[role="menu"][aria-label="Open sessions"]');
  await waitForLocator(menu, 'the open sessions menu');
  return menu;
}

export const tests = [
  {
    name: 'sessions: a second session beside the first, switching between them, closing one; the history brings it back',
    settings: settingsWithStore('switch'),
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      await send(chat, 'first message');
      await newSessionFromMenu(chat);
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="user"]').first(), 'the first session\'s messages (a new session is shown)', { state: 'detached' });
      await send(chat, 'second message');

      let menu = await openSwitcher(chat);
      const rows = menu.locator('[data-session-key]');
      assert.equal(await rows.count(), 2);
      assert.deepEqual(await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-activity'))), ['idle', 'idle']);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'sessions-switcher.png') });
      await rows.first().locator('[role="menuitem"]').click();
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: 'You said: first message' }), 'the first session shown again');
      assert.equal(await chat.locator('[role="log"]').getByText('second message').count(), 0);

      menu = await openSwitcher(chat);
      await menu.locator('[data-session-key]').first().locator('[data-action="close-session"]').click();
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: 'You said: second message' }), 'the other session shown after closing');

      menu = await openSwitcher(chat);
      assert.equal(await menu.locator('[data-session-key]').count(), 1);
      await menu.locator('[data-action="show-history"]').click();
      const history = chat.locator('[data-history]');
      await waitForLocator(history, 'the history view');
      const first = history.locator('[data-history-session]').filter({ hasText: 'first message' });
      await waitForLocator(first, 'the closed session in the history (the agent lists it)');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'sessions-history.png') });
      // The row says "Opening…" from the click until the session is shown: record every change of its mark.
      await first.evaluate((row) => {
        const marks = [];
        window.acpOpeningMarks = marks;
        new MutationObserver((records) => {
          for (const record of records) marks.push({ opening: record.target.getAttribute('data-opening'), text: record.target.textContent });
        }).observe(row, { attributes: true, attributeFilter: ['data-opening'] });
      });
      await first.locator('.history-item__main').click();
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: 'You said: first message' }), 'the first session loaded from the history, its conversation replayed');
      await waitForLocator(history, 'the history view closed', { state: 'detached' });
      const marks = await chat.locator('body').evaluate(() => window.acpOpeningMarks);
      assert.ok(marks.some((mark) => mark.opening === 'true' && mark.text.includes('Opening…')), `the row showed "Opening…" while the session came back: ${JSON.stringify(marks)}`);
      await send(chat, 'after loading');
    },
  },
  {
    name: 'sessions: after a window reload, the open sessions come back with their conversation',
    settings: settingsWithStore('reload'),
    async run({ page }) {
      await openChatView(page);
      let chat = chatFrame(page);
      await send(chat, 'before the reload');
      await newSessionFromMenu(chat);
      await send(chat, 'shown at the reload');
      await page.reload();
      await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
      // The workbench brings the chat view back by itself (it was open), and its webview comes once the extension
      // is registered and active. Only then does the palette list the extension's commands: the "ACP Agents"
      // activity bar item is drawn from the workbench's cache right after a reload, before that (a palette opened
      // then offered only "Chat: Reset Tool Confirmations"). The command shows the view either way (a click on the
      // activity bar item would hide an open side bar).
      await chatWebviewHost(page).waitFor({ timeout: 60_000 });
      await runFromCommandPalette(page, 'ACP: Open Chat');
      chat = chatFrame(page);
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: 'You said: shown at the reload' }), 'the shown session back after the reload');
      const menu = await openSwitcher(chat);
      const titles = await menu.locator('[data-session-key] .session-row__title').allInnerTexts();
      assert.deepEqual([...titles].sort(), ['before the reload', 'shown at the reload']);
    },
  },
  {
    name: 'sessions: choosing the shown session in the history goes back to the chat, the focus on the switcher',
    settings: settingsWithStore('shown'),
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      await send(chat, 'only message');
      const menu = await openSwitcher(chat);
      await menu.locator('[data-action="show-history"]').click();
      const history = chat.locator('[data-history]');
      const row = history.locator('[data-history-session]').filter({ hasText: 'only message' });
      await waitForLocator(row, 'the shown session in the history');
      await row.locator('.history-item__main').click();
      await waitForLocator(history, 'the history closed', { state: 'detached' });
      await waitForLocator(chat.locator('[data-action="switch-sessions"]:focus'), 'the focus back on the switcher');
    },
  },
];
