// Chat in editor tabs ("ACP: Open Chat in Editor Tab") in the real workbench: two tabs side by side on the sessions
// of two scripted agents, each with its own composer, permission prompt and reply; a tab brought back by a window
// reload, titled after its session, with its conversation, taking a new prompt; the side-bar chat's title button
// opening the side bar's session while a tab is active; a tab whose agent cannot load sessions brought back by a
// reload as the read-only copy of its conversation, a message there starting a new session in it; the Threads view
// with a session open in a tab (a turn that ends there is read). Screenshots: .test-artifacts/e2e/chat-tabs-*.png (the README's
// docs/images/chat-tabs.png is chat-tabs-two-asking-editor.png, docs/images/threads.png chat-tabs-threads-pane.png).
//
// DOM contract: a chat tab is an editor tab labelled with its session's title, its webview the side bar chat's
// (the message box, [role="log"], [data-permission-request] with buttons [data-option-kind]); the Threads view's rows
// as in threads.e2e.mjs, with the inline action "Open in Editor Tab".
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../harness/paths.mjs';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { expandThreads, releaseWaitingTurns, threadRow, threadsAgentSettings, threadsPane } from '../harness/threads-view.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import {
  chatFrame,
  chatTabFrame,
  chatWebviewHost,
  newSessionFromMenu,
  openChatView,
  runFromCommandPalette,
  sendMessage,
  setSideBarWidth,
  typeMessage,
} from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const OPEN_IN_TAB = 'ACP: Open Chat in Editor Tab';

function scriptedAgent(id, scenario) {
  return {
    id,
    name: `Scripted (${scenario})`,
    command: process.execPath,
    args: [path.join(repoRoot, 'dist', 'demo-agent.js'), '--scenario', path.join(repoRoot, 'test', 'fixtures', 'scenarios', `${scenario}.json`)],
  };
}

/** "Developer: Reload Window", as a person reloads: the workbench saves its state (the tabs and their webviews' state) first. */
async function reloadWindow(page) {
  const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 60_000 });
  await runFromCommandPalette(page, 'Developer: Reload Window');
  await reloaded;
  await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
}

/** The button in the side-bar chat's title bar. */
function sideBarOpenInTab(page) {
  return page.locator('.part.sidebar .pane-header .action-label[aria-label="Open Chat in Editor Tab"]');
}

function transcript(chat) {
  return chat.locator('[role="log"]');
}

export const tests = [
  {
    name: 'chat tabs: two tabs side by side on two agents, each with its own prompt, permission request and reply (full width)',
    settings: {
      'acp.agents': [scriptedAgent('files', 'permission'), scriptedAgent('notes', 'turn-states')],
      'acp.defaultAgent': 'files',
    },
    async run({ page }) {
      // The button in the side bar chat's title bar opens an empty chat in a tab, which starts its session with the
      // selected agent when a prompt is typed in it.
      await openChatView(page);
      const side = chatFrame(page);
      await waitForLocator(side.locator('[data-agent-status="ready"]'), 'the first agent ready');
      await sideBarOpenInTab(page).click();
      const filesTab = await chatTabFrame(page, 'New session');
      await waitForLocator(filesTab.frame.locator('[data-agent-status="ready"]'), 'the first tab with its agent ready');
      await typeMessage(filesTab.frame, 'Clean up the build folder');
      await waitForLocator(filesTab.tab.locator('.label-name', { hasText: /^New session$/ }), 'the first tab titled after its session', { state: 'detached' });
      assert.equal((await filesTab.tab.locator('.label-name').innerText()).trim(), 'Clean up the build folder');

      // The other agent, picked in the side bar chat's header; "Open Chat in Editor Tab" from the palette opens a
      // second tab beside, which starts its session with that agent.
      await side.locator('[data-action="pick-agent"]').click();
      const pick = page.locator('.quick-input-widget');
      await waitForLocator(pick.locator('.quick-input-title', { hasText: 'Choose the Agent' }), 'the agent picker');
      await pick.locator('.monaco-list-row', { hasText: 'Scripted (turn-states)' }).click();
      await waitForLocator(side.locator('.chat-header__name-text', { hasText: 'Scripted (turn-states)' }), 'the side bar on the second agent');
      await runFromCommandPalette(page, OPEN_IN_TAB);
      const notesTab = await chatTabFrame(page, 'New session');
      await waitForLocator(notesTab.frame.locator('.chat-header__name-text', { hasText: 'Scripted (turn-states)' }), 'the second tab on the second agent');
      await typeMessage(notesTab.frame, 'ask before editing notes.md');
      const allow = (chat) => transcript(chat).locator('[data-permission-request] button[data-option-kind="allow_once"]');
      const reject = (chat) => transcript(chat).locator('[data-permission-request] button[data-option-kind="reject_once"]');
      await waitForLocator(allow(filesTab.frame), 'the first agent asking in the first tab');
      await waitForLocator(allow(notesTab.frame), 'the second agent asking in the second tab');
      // Each tab shows its own prompt only.
      await waitForLocator(transcript(filesTab.frame).getByText('Delete build/').first(), "the first agent's request");
      await waitForLocator(transcript(notesTab.frame).getByText('Edit notes.md').first(), "the second agent's request");
      assert.equal(await transcript(filesTab.frame).getByText('Edit notes.md').count(), 0, "the first tab shows none of the second agent's request");
      assert.equal(await transcript(notesTab.frame).getByText('Delete build/').count(), 0, "the second tab shows none of the first agent's request");
      assert.equal(await allow(filesTab.frame).count(), 1);
      assert.equal(await allow(notesTab.frame).count(), 1);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'chat-tabs-two-asking.png') });
      await page.locator('.part.editor').screenshot({ path: path.join(e2eArtifactsDir, 'chat-tabs-two-asking-editor.png') });

      // Answering in the first tab answers its session only: the second stays waiting.
      await allow(filesTab.frame).click();
      await waitForLocator(transcript(filesTab.frame).getByText('Done (allow).'), "the first agent's reply in the first tab");
      assert.equal(await allow(notesTab.frame).isEnabled(), true, 'the second tab still asks');
      assert.equal(await transcript(notesTab.frame).getByText('Done (allow).').count(), 0, "the second tab shows none of the first agent's reply");
      await reject(notesTab.frame).click();
      await waitForLocator(transcript(notesTab.frame).getByText('Left alone.'), "the second agent's reply in the second tab");
      assert.equal(await transcript(filesTab.frame).getByText('Left alone.').count(), 0, "the first tab shows none of the second agent's reply");
      await waitForLocator(filesTab.frame.locator('[data-action="send"]'), 'the first turn over');
      await waitForLocator(notesTab.frame.locator('[data-action="send"]'), 'the second turn over');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'chat-tabs-side-by-side.png') });
    },
  },
  {
    name: 'chat tabs: a tab comes back after a window reload, titled after its session, with its conversation, and goes on',
    settings: () => {
      const settings = scriptedAgentSettings('sessions-full');
      settings['acp.agents'][0].env = { ACP_DEMO_STORE: path.join(os.tmpdir(), `acp-e2e-chat-tabs-${process.pid}-${Date.now()}.json`) };
      return Promise.resolve({ settings });
    },
    async run({ page }) {
      await openChatView(page);
      const side = chatFrame(page);
      await sendMessage(side, 'before the reload', 'You said: before the reload');
      await runFromCommandPalette(page, OPEN_IN_TAB);
      let tab = await chatTabFrame(page, 'before the reload');
      await sendMessage(tab.frame, 'in the tab', 'You said: in the tab');
      // The side bar goes on with another session: the tab comes back on its own.
      await newSessionFromMenu(side);
      await sendMessage(side, 'in the side bar', 'You said: in the side bar');

      await reloadWindow(page);
      tab = await chatTabFrame(page, 'before the reload');
      await waitForLocator(transcript(tab.frame).getByText('You said: in the tab'), 'the conversation back in the tab');
      await waitForLocator(transcript(tab.frame).getByText('You said: before the reload'), 'the start of the conversation back in the tab');
      assert.equal(await transcript(tab.frame).getByText('You said: in the side bar').count(), 0, "the tab shows none of the side bar's session");
      await sendMessage(tab.frame, 'after the reload', 'You said: after the reload');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'chat-tabs-after-reload.png') });
      // The side bar's chat is back too (it was open), on its own session.
      await chatWebviewHost(page).waitFor({ timeout: 60_000 });
      await waitForLocator(transcript(chatFrame(page)).getByText('You said: in the side bar'), "the side bar's session back");
    },
  },
  {
    name: "chat tabs: the side bar's button opens the side bar's session while a tab is active; a tab on an agent without session/load comes back after a reload as the read-only copy of its conversation, and a message there starts a new session in it",
    settings: scriptedAgentSettings('sessions-none'),
    async run({ page }) {
      await openChatView(page);
      const side = chatFrame(page);
      await sendMessage(side, 'keep this', 'Plain answer to: keep this');
      await runFromCommandPalette(page, OPEN_IN_TAB);
      let tab = await chatTabFrame(page, 'keep this');
      // The side bar goes on with another session; then the user works in the tab again (the active surface).
      await newSessionFromMenu(side);
      await sendMessage(side, 'in the side bar', 'Plain answer to: in the side bar');
      await sendMessage(tab.frame, 'in the tab', 'Plain answer to: in the tab');
      // The side bar's own button opens the side bar's session, not the tab's.
      await sideBarOpenInTab(page).click();
      const sideBarsInTab = await chatTabFrame(page, 'in the side bar');
      await waitForLocator(transcript(sideBarsInTab.frame).getByText('Plain answer to: in the side bar'), "the side bar's session in the new tab");
      assert.equal(await transcript(sideBarsInTab.frame).getByText('Plain answer to: in the tab').count(), 0, "the new tab shows none of the other tab's session");

      // The agent cannot load sessions: after a reload the tab shows the copy of its conversation kept in the
      // workspace, read-only, titled as before, and says why and what a message does.
      await reloadWindow(page);
      tab = await chatTabFrame(page, 'keep this');
      await waitForLocator(transcript(tab.frame).getByText('Plain answer to: in the tab'), 'the kept conversation back in the tab');
      await waitForLocator(transcript(tab.frame).getByText('Plain answer to: keep this'), 'the start of the kept conversation');
      await waitForLocator(transcript(tab.frame).getByText(/cannot load earlier sessions.*a message you send starts a new session/), 'why it is read-only, and what a message does');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'chat-tabs-read-only-after-reload.png') });

      // A message goes on in a new session, in this tab.
      await sendMessage(tab.frame, 'carry on', 'Plain answer to: carry on');
      tab = await chatTabFrame(page, 'carry on');
      assert.equal(await transcript(tab.frame).getByText('Plain answer to: in the tab').count(), 0, 'the tab shows the new session');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'chat-tabs-read-only-went-on.png') });
    },
  },
  {
    name: 'chat tabs: the Threads view with a session in a tab: its turn ends on screen (read), another off screen is unread (300 px)',
    settings: threadsAgentSettings,
    async run({ page, workspace }) {
      await openChatView(page);
      const side = chatFrame(page);
      await waitForLocator(side.locator('[data-agent-status="ready"]'), 'the scripted agent ready');
      await sendMessage(side, 'later please', 'Waiting for the go file.');
      await expandThreads(page);
      // "Open in Editor Tab" on the row puts the session in a tab.
      const first = threadRow(page, 'later please');
      await waitForLocator(first, 'the first session in the Threads view');
      await first.hover();
      await first.locator('.action-label[aria-label="Open in Editor Tab"]').click();
      const tab = await chatTabFrame(page, 'later please');
      await waitForLocator(transcript(tab.frame).getByText('Waiting for the go file.'), 'the first session in the tab');
      // A second session waits for the same file, off screen (the side bar goes on to a third).
      await newSessionFromMenu(side);
      await sendMessage(side, 'later too', 'Waiting for the go file.');
      await newSessionFromMenu(side);
      await sendMessage(side, 'hello', 'You said: hello');

      releaseWaitingTurns(workspace);
      await waitForLocator(transcript(tab.frame).getByText('Done after go.'), 'the turn over in the tab');
      await waitForLocator(threadRow(page, 'later too').and(page.locator('[aria-label$=", Done, unread"]')), 'the off-screen session: done, unread');
      await waitForLocator(threadRow(page, 'later please').and(page.locator('[aria-label*=", Working"]')), 'the session in the tab no longer working', { state: 'detached' });
      const label = await threadRow(page, 'later please').getAttribute('aria-label');
      assert.doesNotMatch(label ?? '', /unread/, `the session in the tab is read: ${label}`);

      const box = await setSideBarWidth(page, 300);
      await waitForLocator(threadRow(page, 'later too'), 'the rows at 300 px');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'chat-tabs-threads-300px.png'), clip: box });
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'chat-tabs-threads-window.png') });
      await threadsPane(page).screenshot({ path: path.join(e2eArtifactsDir, 'chat-tabs-threads-pane.png') });
    },
  },
];
