// The first minutes in the chat, in the real workbench: the empty chat explains the Demo agent, offers "Connect a
// real agent" (the agent picker, with what each preset needs) and prompts a click sends; the header says what the
// turn is doing (working with its elapsed time, waiting for you with a badge on the view, stopping, failed); the
// agent picker uses an agent without making it the default until asked; the keyboard and screen reader paths
// (Open Chat puts the caret in the composer, speaker labels, a live region in plain words that is cleared once its
// prompt is answered, the accessible view of the conversation); the install hint of a missing command.
// Screenshots of the side bar at 300 and 600 px (light, dark and high contrast for the header and empty state) go to
// .test-artifacts/e2e/onboarding-*.png.
//
// DOM contract: the empty state [data-onboarding] with [data-action="suggested-prompt"] and
// [data-action="connect-agent"]; the header's [data-action="pick-agent"] and its status [data-agent-status]
// [data-turn-phase]; [data-speaker] labels; [data-live-region]; the install hint [data-install-command],
// [data-action="copy-install"], [data-action="run-install"].
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { makeTempDir } from '../harness/temp.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, openChatAndSend, openChatView, openComposer, runFromCommandPalette } from '../harness/workbench.mjs';
import { repoRoot } from '../harness/paths.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const THEMES = { light: 'Default Light Modern', dark: 'Default Dark Modern', hc: 'Default High Contrast' };
const THEME_CLASS = { light: 'vs', dark: 'vs-dark', hc: 'hc-black' };

/** Drags the side bar's edge so that it is about `width` px wide; returns its width. */
async function sideBarWidth(page, width) {
  const box = await page.locator('.part.sidebar').boundingBox();
  assert.ok(box, 'the side bar is on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 5 });
  await page.mouse.up();
  const now = (await page.locator('.part.sidebar').boundingBox())?.width;
  assert.ok(now && Math.abs(now - width) < 40, `side bar ${now} px wide, wanted ${width}`);
  return now;
}

/** A screenshot of the side bar only (the chat), named onboarding-<name>.png. */
async function shootSideBar(page, name) {
  await page.mouse.move(900, 600);
  const box = await page.locator('.part.sidebar').boundingBox();
  await page.screenshot({ path: path.join(e2eArtifactsDir, `onboarding-${name}.png`), clip: box ?? undefined });
}

function settingsFile(server) {
  return path.join(server.dataDir, 'user-data', 'User', 'settings.json');
}

function readSettings(server) {
  return JSON.parse(readFileSync(settingsFile(server), 'utf8'));
}

/** Resolves once the user settings file satisfies `check` (watching the file, not polling on a timer). */
function settingsWhere(server, check, description, timeout = 30_000) {
  const file = settingsFile(server);
  return new Promise((resolve, reject) => {
    const test = () => {
      try {
        const settings = readSettings(server);
        if (check(settings)) {
          done();
          resolve(settings);
        }
      } catch {
        // Being written: the next change event reads it again.
      }
    };
    const watcher = watch(path.dirname(file), test);
    const timer = setTimeout(() => {
      done();
      reject(new Error(`Waited ${timeout / 1000} s for the user settings to have ${description}: ${readFileSync(file, 'utf8')}`));
    }, timeout);
    const done = () => {
      watcher.close();
      clearTimeout(timer);
    };
    test();
  });
}

/** Picks a color theme with "Preferences: Color Theme", as a person would; waits until it is applied. */
async function useTheme(page, theme) {
  if ((await page.locator(`.monaco-workbench.${THEME_CLASS[theme]}`).count()) > 0) return;
  // Ctrl+K Ctrl+T: "Preferences: Color Theme" (the palette lists "Browse Color Themes in Marketplace" first).
  await page.locator('.part.statusbar').click();
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+T');
  const widget = page.locator('.quick-input-widget');
  await waitForLocator(widget.locator('input.input'), 'the color theme picker');
  await widget.locator('input.input').fill(THEMES[theme]);
  await waitForLocator(widget.locator('.monaco-list-row.focused', { hasText: THEMES[theme] }), `the ${THEMES[theme]} row`);
  await page.keyboard.press('Enter');
  await waitForLocator(page.locator(`.monaco-workbench.${THEME_CLASS[theme]}`), `the ${theme} theme applied`);
}

/** The chat's status in the header. */
function status(chat) {
  return chat.locator('.chat-header [data-agent-status]');
}

/** The badge on the "ACP Agents" activity bar item. */
function viewBadge(page) {
  return page.locator('.activitybar .action-item', { has: page.locator('a.action-label[aria-label^="ACP Agents"]') }).locator('.badge .badge-content');
}

export const tests = [
  {
    name: 'onboarding: a message sent the moment the chat opens, while a slow login shell is asked for its PATH, goes to the agent once it is up',
    settings: scriptedAgentSettings('composer'),
    env: { SHELL: path.join(repoRoot, 'test', 'fixtures', 'bin', 'slow-login-shell') },
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await waitForLocator(input, 'the message box');
      await input.fill('hello from the first second');
      await waitForLocator(chat.locator('[data-agent-status="starting"]'), 'the agent starting (its PATH still asked of the login shell)');
      assert.notEqual((await chat.locator('.composer__hint').innerText()).trim(), 'No agent', 'the chat knows its agent while the shell is asked');
      await input.press('Enter');
      const transcript = chat.locator('[role="log"]');
      await waitForLocator(transcript.locator('[data-entry-kind="user"]', { hasText: 'hello from the first second' }), 'the message in the transcript');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Received: hello from the first second' }), "the agent's answer once it is up");
      await waitForLocator(chat.locator('textarea[aria-label="Message the agent"]:placeholder-shown'), 'the box emptied');
    },
  },
  {
    name: 'onboarding: the empty chat explains the Demo agent, offers a real agent and prompts, in light, dark and high contrast at 300 and 600 px',
    timeoutMs: 240_000,
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      const empty = chat.locator('[data-onboarding="demo"]');
      await waitForLocator(empty, 'the empty chat of the Demo agent');
      assert.match(await empty.innerText(), /The Demo agent is built in and needs no account/);
      const suggestions = empty.locator('[data-action="suggested-prompt"]');
      const count = await suggestions.count();
      assert.ok(count >= 2 && count <= 3, `${count} suggested prompts`);
      await waitForLocator(status(chat).and(chat.locator('[data-agent-status="ready"]')), 'the Demo agent ready');
      const placeholder = await chat.locator('textarea[aria-label="Message the agent"]').getAttribute('placeholder');
      assert.match(placeholder ?? '', /^Message Demo agent \(scripted\) \(@ for files/);

      for (const theme of ['light', 'dark', 'hc']) {
        await useTheme(page, theme);
        for (const width of [300, 600]) {
          await sideBarWidth(page, width);
          await shootSideBar(page, `empty-${theme}-${width}`);
          // At 300 px nothing important is cut: the agent's name, the status and the connect button are whole.
          const name = chat.locator('.chat-header__name-text');
          assert.equal(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), true, `the agent's name fits at ${width} px (${theme})`);
          const connect = chat.locator('[data-action="connect-agent"]');
          assert.equal(await connect.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), true, `"Connect a real agent" fits at ${width} px (${theme})`);
        }
      }

      // "Connect a real agent": the agent picker with the presets and what each needs.
      await sideBarWidth(page, 600);
      await chat.locator('[data-action="connect-agent"]').click();
      const pick = page.locator('.quick-input-widget');
      await waitForLocator(pick.locator('.quick-input-title', { hasText: 'Choose the Agent' }), 'the agent picker');
      await waitForLocator(pick.locator('.monaco-list-row', { hasText: 'Claude Code' }), 'the Claude Code preset');
      assert.match(await pick.locator('.monaco-list-row', { hasText: 'Claude Code' }).innerText(), /Needs: Node\.js 22\+/);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'onboarding-agent-picker.png') });
      await page.keyboard.press('Escape');

      // A suggested prompt is sent as the user's message.
      const first = (await suggestions.first().innerText()).trim();
      await suggestions.first().click();
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="user"]', { hasText: first }), 'the suggested prompt as the user message');
    },
  },
  {
    name: 'header: working with elapsed time, waiting for you (badge on the view), stopping, failed',
    settings: scriptedAgentSettings('turn-states'),
    async run({ page }) {
      const chat = await openChatAndSend(page, 'ask for permission');
      await waitForLocator(chat.locator('[data-turn-phase="working"]', { hasText: /Working · \d+ s/ }), 'the header saying Working with the elapsed time');
      await sideBarWidth(page, 300);
      await shootSideBar(page, 'working-300');
      const waiting = chat.locator('[data-turn-phase="waiting"]');
      await waitForLocator(waiting, 'the header saying Waiting for you');
      assert.equal((await waiting.innerText()).trim(), 'Waiting for you');
      await waitForLocator(viewBadge(page).filter({ hasText: /^1$/ }), 'a badge "1" on the view');
      await shootSideBar(page, 'waiting-300');
      await sideBarWidth(page, 600);
      await shootSideBar(page, 'waiting-600');
      const assertive = chat.locator('[data-live-region="assertive"]');
      assert.match(await assertive.innerText(), /Permission requested: Edit notes\.md/);
      const prompt = chat.locator('[data-permission-request]');
      await waitForLocator(prompt.locator('xpath=self::*[@data-armed="true"]'), 'the prompt accepting answers');
      await prompt.locator('button[data-option-kind="allow_once"]').click();
      await waitForLocator(chat.locator('[data-entry-kind="agent"]', { hasText: 'Allowed and done.' }), 'the answer after allowing');
      await waitForLocator(chat.locator('[data-agent-status="ready"]:not([data-turn-phase])'), 'the header back to Ready');
      await waitForLocator(viewBadge(page), 'the badge gone', { state: 'hidden' });
      assert.equal((await assertive.innerText()).trim(), '', 'the announced permission request is cleared once answered');

      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await input.fill('stop me');
      await input.press('Enter');
      await waitForLocator(chat.locator('[data-entry-kind="agent"]', { hasText: 'A long task.' }), 'the long task');
      await input.press('Escape');
      await waitForLocator(chat.locator('[data-turn-phase="stopping"]', { hasText: 'Stopping…' }), 'the header saying Stopping…');
      await shootSideBar(page, 'stopping-600');
      await waitForLocator(chat.locator('[data-agent-status="ready"]:not([data-turn-phase])'), 'the header back to Ready after the stop');

      await input.fill('fail now');
      await input.press('Enter');
      await waitForLocator(chat.locator('[data-turn-phase="failed"]', { hasText: 'Last message failed' }), 'the header saying the last message failed');
      await shootSideBar(page, 'failed-600');
      await sideBarWidth(page, 300);
      await shootSideBar(page, 'failed-300');
    },
  },
  {
    name: 'agent picker: the header opens it; a picked agent is used without becoming the default until asked',
    settings: scriptedAgentSettings('turn-states'),
    async run({ page, server }) {
      const { chat } = await openComposer(page);
      await chat.locator('[data-action="pick-agent"]').click();
      const pick = page.locator('.quick-input-widget');
      const input = pick.locator('input.input');
      await waitForLocator(pick.locator('.quick-input-title', { hasText: 'Choose the Agent' }), 'the agent picker');
      await input.fill('Demo agent');
      await waitForLocator(pick.locator('.monaco-list-row.focused', { hasText: 'Demo agent (scripted)' }), 'the Demo agent row');
      await input.press('Enter');
      await waitForLocator(chat.locator('.chat-header__name-text', { hasText: 'Demo agent (scripted)' }), 'the Demo agent in the header');
      assert.equal(readSettings(server)['acp.defaultAgent'], 'scripted', 'switching did not change the default agent');

      await chat.locator('[data-action="pick-agent"]').click();
      await waitForLocator(pick.locator('.quick-input-title', { hasText: 'Choose the Agent' }), 'the agent picker again');
      await input.fill('Make Demo');
      await waitForLocator(pick.locator('.monaco-list-row.focused', { hasText: 'Make Demo agent (scripted) the default agent' }), 'the Make default row');
      await input.press('Enter');
      await settingsWhere(server, (settings) => settings['acp.defaultAgent'] === 'demo', 'acp.defaultAgent "demo"');
    },
  },
  {
    name: 'keyboard and screen readers: Open Chat focuses the composer, speaker labels, plain-text live region, accessible view',
    settings: scriptedAgentSettings('turn-states'),
    async run({ page }) {
      await runFromCommandPalette(page, 'ACP: Open Chat');
      const chat = chatFrame(page);
      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await waitForLocator(input, 'the message box');
      await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the agent ready');
      await waitForLocator(chat.locator('textarea[aria-label="Message the agent"]:focus'), 'the caret in the composer after Open Chat');
      // Typing goes straight into the message.
      await page.keyboard.type('hello there');
      assert.equal(await input.inputValue(), 'hello there');

      // Tabbing into the panel from the workbench lands in the message box (not on the header's first control with
      // the whole transcript between them); Shift+Tab from the header's first control leaves the panel (no trap).
      await page.locator('.pane-header', { hasText: /chat/i }).first().focus();
      const focusInChat = () => chat.locator('body').evaluate(() => (document.hasFocus() && document.activeElement !== document.body ? document.activeElement.getAttribute('aria-label') : null));
      let landed = null;
      for (let presses = 0; presses < 10 && landed === null; presses++) {
        await page.keyboard.press('Tab');
        landed = await focusInChat();
      }
      assert.equal(landed, 'Message the agent', 'the first stop in the panel is the message box');
      assert.equal(await input.inputValue(), 'hello there', 'the draft is still there');
      await chat.locator('.chat-header__name').focus();
      await page.keyboard.press('Shift+Tab');
      assert.equal(await focusInChat(), null, 'Shift+Tab from the top control leaves the panel');

      await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
      await input.press('Enter');
      const answer = chat.locator('[data-entry-kind="agent"]', { hasText: 'Done' });
      await waitForLocator(answer, 'the answer');
      const speakers = await chat.locator('[role="log"] [data-speaker]').evaluateAll((nodes) => nodes.map((n) => n.textContent));
      assert.deepEqual(speakers, ['You:', 'Scripted (turn-states):']);
      const polite = chat.locator('[data-live-region="polite"]');
      await waitForLocator(polite.getByText(/I fixed greet\(\) in hello\.js/), 'the answer announced');
      const said = await polite.innerText();
      assert.doesNotMatch(said, /[*`#]/, `announced without Markdown: ${said}`);

      // The whole conversation in a read-only document.
      await runFromCommandPalette(page, 'ACP: Show Conversation in Accessible View');
      const tab = page.locator('.tabs-container .tab', { hasText: 'Conversation.md' });
      await waitForLocator(tab, 'the accessible view of the conversation');
      const lines = page.locator('.monaco-editor .view-lines');
      await waitForLocator(lines.getByText('hello there'), 'the user message in the accessible view');
      await waitForLocator(lines.locator('.view-line', { hasText: 'fixed' }), 'the answer in the accessible view');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'onboarding-accessible-view.png') });
    },
  },
  {
    name: 'install hint: a missing agent command says how to get it, with Copy and Run in terminal',
    settings: (() => {
      // A fake npm first on the terminal's PATH, so "Run in terminal" installs nothing for real.
      const bin = path.join(makeTempDir('acp-fake-npm').dir, 'bin');
      mkdirSync(bin, { recursive: true });
      writeFileSync(path.join(bin, 'npm'), '#!/bin/sh\necho "FAKE-NPM $*"\n');
      chmodSync(path.join(bin, 'npm'), 0o755);
      return {
        'acp.agents': [{ id: 'gemini', name: 'Gemini CLI', command: 'gemini', args: ['--acp'], env: { PATH: '/nonexistent' } }],
        'acp.defaultAgent': 'gemini',
        // A plain /bin/sh: no login or rc files that could put a real npm before the fake one (or hang).
        'terminal.integrated.profiles.linux': { 'fake-npm-sh': { path: '/bin/sh', env: { PATH: `${bin}:${process.env.PATH}` } } },
        'terminal.integrated.defaultProfile.linux': 'fake-npm-sh',
      };
    })(),
    async run({ page, context }) {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openChatView(page);
      const chat = chatFrame(page);
      const line = chat.locator('[data-install-command]');
      await waitForLocator(line, 'the install command of the missing gemini');
      assert.equal((await line.innerText()).trim(), 'npm install -g @google/gemini-cli');
      await sideBarWidth(page, 300);
      await shootSideBar(page, 'install-hint-300');
      await sideBarWidth(page, 600);
      await shootSideBar(page, 'install-hint-600');
      await chat.locator('[data-action="copy-install"]').click();
      await chat.locator('[data-action="run-install"]').click();
      await waitForLocator(page.locator('.terminal-wrapper .xterm-rows').getByText('FAKE-NPM install -g @google/gemini-cli'), 'the install command run in a terminal');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'npm install -g @google/gemini-cli');
    },
  },
];
