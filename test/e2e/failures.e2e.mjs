// A prompt is never lost; a failure is never silent. With the scripted agent failing at each step (its command
// missing, initialize, session/new like Claude's -32603 "Internal error", the prompt), in the real workbench: the
// typed message shows in the transcript the moment it is sent and the composer empties only then; the failure is
// under it in a plain sentence (which agent, what failed, what to do), with the agent's error data and stderr behind
// "Details"; Retry sends it once the cause is gone, Edit puts it back into the composer. Also: an agent fetched with
// npx says so while its first start takes long, and an agent that never ran is "Not started" (no Restart button).
// Screenshots of each at 600 and 300 px go to .test-artifacts/e2e/failures-*.png.
//
// DOM contract: the start row `.starting[data-starting="starting"|"failed"]`, the message waiting in it
// `[data-pending-prompt]`, a failure `[data-failure]` with `[data-failure-summary]`, its Details toggle
// `.disclosure__toggle` and `[data-failure-details]`; actions `[data-action="retry-start"|"edit-prompt"|
// "show-agent-log"|"retry-prompt"|"restart-agent"|"open-agent-settings"]`; a notice's details `[data-notice-detail]`.
import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/paths.mjs';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { makeTempDir } from '../harness/temp.mjs';
import { waitForInputValue, waitForLocator } from '../harness/waits.mjs';
import { chatFrame, chatWebviewHost, openChatAndSend, openChatView, runFromCommandPalette } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const scenario = (name) => path.join(repoRoot, 'test', 'fixtures', 'scenarios', `${name}.json`);

// An agent "fetched with npx": a script named npx that runs the scripted agent, whose initialize takes a while.
const npxDir = makeTempDir('acp-e2e-npx');
const slowScenario = path.join(npxDir.dir, 'slow-start.json');
writeFileSync(
  slowScenario,
  JSON.stringify({ name: 'slow-start', onInitialize: [{ delayMs: 6000 }], turns: [{ steps: [{ say: 'Started at last: ${prompt}' }] }] }),
);
const npx = path.join(npxDir.dir, 'npx');
writeFileSync(npx, `#!/bin/sh\nexec "${process.execPath}" "${path.join(repoRoot, 'dist', 'demo-agent.js')}" --scenario "${slowScenario}"\n`);
chmodSync(npx, 0o755);

/** Drags the side bar's edge so that it is about `width` px wide. */
async function sideBarWidth(page, width) {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box) return undefined;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 5 });
  await page.mouse.up();
  return (await page.locator('.part.sidebar').boundingBox())?.width;
}

/** Screenshots of the side bar at 600 and at 300 px: failures-<name>-600.png, failures-<name>-300.png. */
async function shoot(page, name, visible) {
  for (const width of [600, 300]) {
    const got = await sideBarWidth(page, width);
    assert.ok(got && Math.abs(got - width) < 40, `side bar ${got} px wide, not about ${width}`);
    await waitForLocator(visible, `${name} still on screen at ${width} px`);
    await page.locator('.part.sidebar').screenshot({ path: path.join(e2eArtifactsDir, `failures-${name}-${width}.png`) });
  }
}

function composerOf(chat) {
  return chat.locator('textarea[aria-label="Message the agent"]');
}

/** Types `text` and sends it with Enter once the panel can send (the agent may still be starting). */
async function send(chat, text) {
  const input = composerOf(chat);
  await waitForLocator(input, 'the message box');
  await input.fill(text);
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
  await input.press('Enter');
}

/** The message waiting in the start row, with the failure under it; checks the composer emptied. */
async function failedUnderMessage(chat, text) {
  const row = chat.locator('.starting[data-starting="failed"]').filter({ has: chat.locator('[data-pending-prompt]') });
  await waitForLocator(row, 'the failure under the message that was sent');
  assert.equal(await row.locator('[data-pending-prompt]').innerText(), text, 'the message as typed');
  // The box empties once the host confirms the message (that may come just after the row is drawn).
  await waitForLocator(chat.locator('textarea[aria-label="Message the agent"]:placeholder-shown'), 'the composer emptied once the message was on screen');
  return row;
}

async function openDetails(failure) {
  await failure.locator('.disclosure__toggle', { hasText: 'Details' }).click();
  const details = failure.locator('[data-failure-details], [data-notice-detail]').first();
  await waitForLocator(details, 'the failure details');
  return details.innerText();
}

export const tests = [
  {
    name: 'failures: session/new answers -32603 "Internal error" (Claude): the message stays with the error in words, Details has data and stderr, Retry sends it',
    settings: scriptedAgentSettings('fault-new-internal', { 'workbench.colorTheme': 'Default Dark Modern' }),
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      // The session the chat opens by itself fails first: said in the chat, not only in a toast.
      const alone = chat.locator('.starting[data-starting="failed"]');
      await waitForLocator(alone, 'the failed session start shown in the chat');
      assert.match(await alone.locator('[data-failure-summary]').innerText(), /^Scripted \(fault-new-internal\) could not open a session: Internal error\. Retry/);
      assert.equal(await chat.locator('.agent-problem').count(), 0, 'the header does not repeat it');
      const status = chat.locator('.chat-header [data-header-state]');
      await waitForLocator(status.and(chat.locator('[data-header-state="failed"]')), 'the header saying Failed (the agent is up, no session is)');
      assert.equal((await status.innerText()).trim(), 'Failed', 'not "Ready" beside the failure');

      await send(chat, 'refactor the parser');
      const row = await failedUnderMessage(chat, 'refactor the parser');
      assert.match(await row.locator('[data-failure-summary]').innerText(), /could not open a session: Internal error\. Retry; if it keeps failing, see Details and the agent’s log\./);
      const details = await openDetails(row);
      assert.match(details, /Error -32603: Internal error\nData: Query closed before response received/);
      assert.match(details, /Last lines of its output \(stderr\):[^]*claude-agent: Query closed before response received/);
      assert.equal(await page.locator('.notifications-toasts .notification-toast').count(), 0, 'no toast: the chat says it');
      await shoot(page, 'session-new', row);

      await row.locator('[data-action="retry-start"]').click();
      const transcript = chat.locator('[role="log"]');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Opened after all: refactor the parser' }), 'the answer after Retry');
      assert.equal(await chat.locator('.starting').count(), 0, 'the start row is gone');
      assert.equal(await transcript.locator('[data-entry-kind="user"]', { hasText: 'refactor the parser' }).count(), 1, 'the message once, in the session');
      await waitForLocator(status.and(chat.locator('[data-header-state="ready"]')), 'the header Ready once the session is up');
    },
  },
  {
    name: 'failures: a prompt answered with an error: the error in words under the message, Details has data and stderr, Retry answers it, Edit refills the composer',
    settings: scriptedAgentSettings('fault-prompt-once', { 'workbench.colorTheme': 'Default Light Modern' }),
    async run({ page }) {
      const chat = await openChatAndSend(page, 'summarize the diff');
      const transcript = chat.locator('[role="log"]');
      const notice = transcript.locator('[data-entry-kind="notice"][data-notice-severity="error"]');
      await waitForLocator(notice, 'the failed turn said under the message');
      assert.equal(await transcript.locator('[data-entry-kind="user"]', { hasText: 'summarize the diff' }).count(), 1, 'the message is in the transcript');
      assert.match(await notice.locator('.notice__text').innerText(), /Scripted \(fault-prompt-once\) could not answer: Internal error\. Retry, or Edit your message/);
      const details = await openDetails(notice);
      assert.match(details, /Error -32603: Internal error\nData: \{\n {2}"reason": "rate limit"/);
      assert.match(details, /upstream: 429 Too Many Requests/);
      await shoot(page, 'prompt', notice);

      await notice.locator('[data-action="edit-prompt"]').click();
      await waitForLocator(chat.locator('textarea[aria-label="Message the agent"]:focus'), 'the composer focused');
      await waitForInputValue(composerOf(chat), 'summarize the diff', 'Edit putting the message back into the composer');
      await composerOf(chat).fill('');

      await notice.locator('[data-action="retry-prompt"]').click();
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Answered: summarize the diff' }), 'the answer after Retry');
    },
  },
  {
    name: 'failures: initialize answers an error: the message stays with the agent’s words and stderr behind Details, Edit puts it back',
    settings: scriptedAgentSettings('fault-init-error', { 'workbench.colorTheme': 'Default High Contrast' }),
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      await waitForLocator(chat.locator('[data-agent-status="failed"]'), 'the agent failed to start');
      await send(chat, 'hello agent');
      const row = await failedUnderMessage(chat, 'hello agent');
      assert.match(await row.locator('[data-failure-summary]').innerText(), /^Scripted \(fault-init-error\) started but refused to initialize: internal: model unavailable\./);
      const details = await openDetails(row);
      assert.match(details, /Error -32603: internal: model unavailable/);
      assert.match(details, /warning: no credentials found/);
      assert.equal(await chat.locator('.agent-problem').count(), 0, 'said once: not again in the header');
      await shoot(page, 'initialize', row);

      await row.locator('[data-action="edit-prompt"]').click();
      await waitForLocator(chat.locator('.starting'), 'the start row gone after Edit', { state: 'detached' });
      await waitForInputValue(composerOf(chat), 'hello agent', 'the message back in the composer');
    },
  },
  {
    name: 'failures: an agent command that is not installed: the message stays, the failure names the command and how to get it, Edit puts it back',
    settings: {
      'acp.agents': [{ id: 'gemini', name: 'Gemini CLI', command: 'gemini', args: ['--acp'], env: { PATH: npxDir.dir } }],
      'acp.defaultAgent': 'gemini',
    },
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      await waitForLocator(chat.locator('[data-agent-status="failed"]'), 'the agent failed to start');
      await send(chat, 'add a test');
      const row = await failedUnderMessage(chat, 'add a test');
      assert.match(await row.locator('[data-failure-summary]').innerText(), /^Gemini CLI could not be started: the command 'gemini' was not found on PATH/);
      assert.match(await row.locator('[data-missing-command="gemini"]').innerText(), /npm install -g @google\/gemini-cli/);
      await waitForLocator(row.locator('[data-action="open-agent-settings"]'), 'Open Settings');
      await shoot(page, 'missing-command', row);

      await row.locator('[data-action="show-agent-log"]').click();
      await waitForLocator(page.locator('.part.panel .monaco-select-box[title*="ACP Agent: Gemini CLI"], .part.panel [aria-label*="ACP Agent: Gemini CLI"]').first(), "the agent's log shown");

      await row.locator('[data-action="edit-prompt"]').click();
      await waitForLocator(chat.locator('.starting'), 'the start row gone after Edit', { state: 'detached' });
      await waitForInputValue(composerOf(chat), 'add a test', 'the message back in the composer');
    },
  },
  {
    name: 'failures: a session from History that cannot be loaded: the failure in the chat under its title (no toast), Retry brings it back',
    settings: (() => {
      const settings = scriptedAgentSettings('sessions-load-fails', { 'workbench.colorTheme': 'Default Light Modern' });
      settings['acp.agents'][0].env = { ACP_DEMO_STORE: path.join(npxDir.dir, 'load-fails-store.json') };
      return settings;
    })(),
    async run({ page }) {
      const chat = await openChatAndSend(page, 'remember this');
      const transcript = chat.locator('[role="log"]');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'You said: remember this' }), 'the answer');
      await chat.locator('[data-action="switch-sessions"]').click();
      let menu = chat.locator('[role="menu"][aria-label="Open sessions"]');
      await menu.locator('[data-session-key]').first().locator('[data-action="close-session"]').click();
      await waitForLocator(transcript.locator('[data-entry-kind="user"]'), 'the closed session off screen', { state: 'detached' });
      await chat.locator('[data-action="switch-sessions"]').click();
      menu = chat.locator('[role="menu"][aria-label="Open sessions"]');
      await menu.locator('[data-action="show-history"]').click();
      const item = chat.locator('[data-history] [data-history-session]').filter({ hasText: 'remember this' });
      await waitForLocator(item, 'the closed session in the history');
      await item.locator('.history-item__main').click();

      const row = chat.locator('.starting[data-starting="failed"]').filter({ has: chat.locator('[data-reopen-failed]') });
      await waitForLocator(row, 'the failure in the chat (the history gave way to it)');
      assert.equal(await chat.locator('[data-history]').count(), 0);
      assert.match(await row.locator('[data-reopen-failed]').innerText(), /Bringing back “remember this”/);
      assert.match(
        await row.locator('[data-failure-summary]').innerText(),
        /^Scripted \(sessions-load-fails\) could not bring the session back: Internal error\. Retry, or start a new session\.$/,
      );
      const details = await openDetails(row);
      assert.match(details, /The session file is locked by another process/);
      assert.equal(await row.locator('[data-action="edit-prompt"]').count(), 0, 'no message to edit');
      assert.equal(await page.locator('.notifications-toasts .notification-toast').count(), 0, 'no toast besides');
      await shoot(page, 'load-from-history', row);

      await row.locator('[data-action="retry-start"]').click();
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'You said: remember this' }), 'Retry loaded the session, its conversation replayed');
      assert.equal(await chat.locator('.starting').count(), 0, 'the failure is gone');
    },
  },
  {
    name: 'failures: after a window reload, the shown session that cannot be loaded says so in the chat under its title; Retry brings it back',
    settings: (() => {
      const settings = scriptedAgentSettings('sessions-load-fails');
      settings['acp.agents'][0].env = { ACP_DEMO_STORE: path.join(npxDir.dir, 'reload-fails-store.json') };
      return settings;
    })(),
    async run({ page }) {
      let chat = await openChatAndSend(page, 'before the reload');
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]', { hasText: 'You said: before the reload' }), 'the answer');
      await page.reload();
      await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
      // The chat view comes back by itself (it was open) once the extension is active (see sessions.e2e.mjs).
      await chatWebviewHost(page).waitFor({ timeout: 60_000 });
      await runFromCommandPalette(page, 'ACP: Open Chat');
      chat = chatFrame(page);
      const row = chat.locator('.starting[data-starting="failed"]').filter({ has: chat.locator('[data-reopen-failed]') });
      await waitForLocator(row, 'the failure to bring the shown session back, in the chat');
      assert.match(await row.locator('[data-reopen-failed]').innerText(), /“before the reload”/);
      assert.match(await row.locator('[data-failure-summary]').innerText(), /could not bring the session back: Internal error/);
      await shoot(page, 'load-after-reload', row);
      await row.locator('[data-action="retry-start"]').click();
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]', { hasText: 'You said: before the reload' }), 'Retry brought the conversation back');
    },
  },
  {
    name: 'failures: an agent fetched with npx says so while its first start takes long; the message shows at once with "Starting…"; a switched-to agent is "Not started"',
    settings: {
      'acp.agents': [
        { id: 'slow', name: 'Slow Agent', command: npx, args: [] },
        { id: 'other', name: 'Other Agent', command: process.execPath, args: [path.join(repoRoot, 'dist', 'demo-agent.js'), '--scenario', scenario('hello')] },
      ],
      'acp.defaultAgent': 'slow',
    },
    async run({ page }) {
      try {
        await openChatView(page);
        const chat = chatFrame(page);
        await waitForLocator(chat.locator('[data-agent-status="starting"]'), 'the agent starting');
        await send(chat, 'are you there?');
        const row = chat.locator('.starting[data-starting="starting"]');
        await waitForLocator(row.locator('[data-pending-prompt]', { hasText: 'are you there?' }), 'the message on screen while the agent starts');
        await waitForLocator(chat.locator('textarea[aria-label="Message the agent"]:placeholder-shown'), 'the composer emptied: the message is in the transcript');
        assert.match(await row.locator('[role="status"]').innerText(), /Starting Slow Agent…/);
        const note = row.locator('[data-download-note]');
        await waitForLocator(note, 'the note that npx may be downloading the agent');
        assert.match(await note.innerText(), /Slow Agent is downloaded with npx on its first start: this can take a minute\./);
        await shoot(page, 'npx-starting', note);
        const transcript = chat.locator('[role="log"]');
        await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Started at last: are you there?' }), 'the answer once started', { timeout: 60_000 });
        assert.equal(await chat.locator('.starting').count(), 0);

        await runFromCommandPalette(page, 'ACP: Switch Agent');
        const other = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Other Agent' });
        await waitForLocator(other, 'Other Agent in the picker');
        await other.click();
        const status = chat.locator('[data-agent-status="notStarted"]');
        await waitForLocator(status, 'the agent picked shown as not started');
        assert.equal(await status.innerText(), 'Not started');
        assert.equal(await chat.locator('[data-action="restart-agent"]').count(), 0, 'no lone Restart before it ever ran');
        await shoot(page, 'not-started', status);
      } finally {
        npxDir.remove();
      }
    },
  },
];
