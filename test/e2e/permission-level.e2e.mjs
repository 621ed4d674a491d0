// The permission level toggle in the chat panel's header, in a real workbench with the scripted agent playing
// test/fixtures/scenarios/policy-kinds.json (the prompt names the case; the agent says what it received).
//
// DOM contract: a <select data-action="permission-level"> in the header whose `data-level` is the level in force
// (`data-limited="true"` when the workspace lowers the user's choice); permission prompts are
// [data-permission-request] with buttons [data-option-kind].
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, openChatView } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

async function send(chat, text) {
  const input = chat.locator('textarea[aria-label="Message the agent"]');
  await waitForLocator(input, 'the message box');
  await input.fill(text);
  // Enter sends once the panel can send (its agent and session are up; before that the text stays in the box).
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
  await input.press('Enter');
}

/** Waits for the agent's answer to the case and for the turn to end. */
async function agentSays(chat, text) {
  const transcript = chat.locator('[role="log"]');
  await waitForLocator(transcript.locator('[data-entry-kind="agent"]').filter({ hasText: text }).last(), `the agent saying "${text}"`);
  await waitForLocator(chat.locator('[data-action="send"]'), 'the Send button back (the turn ended)');
}

function userSettingsOf(server) {
  return JSON.parse(readFileSync(path.join(server.dataDir, 'user-data', 'User', 'settings.json'), 'utf8'));
}

export const tests = [
  {
    name: 'permission level toggle: allow reads, then edits in the workspace, from the chat header',
    settings: scriptedAgentSettings('policy-kinds'),
    async run({ page, server }) {
      await openChatView(page);
      const chat = chatFrame(page);
      const toggle = chat.locator('select[data-action="permission-level"]');
      await waitForLocator(toggle, 'the permission level toggle in the header');
      assert.equal(await toggle.getAttribute('data-level'), 'ask');
      const transcript = chat.locator('[role="log"]');
      const prompts = transcript.locator('[data-permission-request]');

      // "Ask for everything": a read is asked.
      await send(chat, 'read');
      const allowOnce = prompts.locator('button[data-option-kind="allow_once"]');
      await waitForLocator(allowOnce, 'the permission prompt for the read');
      await allowOnce.click();
      await agentSays(chat, 'allowed: allow');

      await toggle.selectOption('allowReads');
      await waitForLocator(chat.locator('select[data-action="permission-level"][data-level="allowReads"]'), 'the toggle showing the level the host set');
      assert.equal(userSettingsOf(server)['acp.permissions.level'], 'allowReads', 'the level is a user setting');
      assert.equal(await toggle.getAttribute('data-raised'), 'true', 'a level above "ask" is flagged');
      assert.match(await toggle.getAttribute('title'), /these run without asking you/);
      await send(chat, 'read');
      await agentSays(chat, 'allowed: allow');
      assert.equal(await prompts.count(), 0, 'the read was allowed without a prompt');
      // The card says who decided: the level, not the user.
      const decided = transcript.locator('[data-tool-call-id="call_read_2"] [data-policy-decision="allow"]');
      await waitForLocator(decided, 'the card of the read the level allowed saying so');
      assert.equal((await decided.innerText()).trim(), 'Allowed by your permission level (reads and searches in the workspace)');
      assert.equal(await transcript.locator('[data-tool-call-id="call_read_1"] [data-policy-decision]').count(), 0, 'the read the user allowed says nothing of a rule');
      const sidebar = await page.locator('.part.sidebar').boundingBox();
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'permission-level-raised.png'), clip: sidebar });
      await send(chat, 'edit');
      const reject = prompts.locator('button[data-option-kind="reject_once"]');
      await waitForLocator(reject, 'the permission prompt for the edit (reads only)');
      await reject.click();
      await agentSays(chat, 'rejected: reject');

      await toggle.selectOption('allowWorkspaceEdits');
      await waitForLocator(chat.locator('select[data-action="permission-level"][data-level="allowWorkspaceEdits"]'), 'the toggle at edits');
      await send(chat, 'edit');
      await agentSays(chat, 'allowed: allow');
      assert.equal(await prompts.count(), 0, 'the edit in the workspace was allowed without a prompt');
    },
  },
  {
    name: 'permission level toggle: shows a level the workspace lowers, as soon as the workspace says so',
    settings: scriptedAgentSettings('policy-kinds', { 'acp.permissions.level': 'allowWorkspaceEdits' }),
    async run({ page, workspace }) {
      await openChatView(page);
      const chat = chatFrame(page);
      await waitForLocator(chat.locator('select[data-action="permission-level"][data-level="allowWorkspaceEdits"]'), 'the toggle at the user level');
      mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
      writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'acp.permissions.level': 'allowReads' }));
      const lowered = chat.locator('select[data-action="permission-level"][data-level="allowReads"][data-limited="true"]');
      await waitForLocator(lowered, 'the toggle lowered to reads by the workspace settings');
      assert.match(await lowered.getAttribute('title'), /this workspace lowers your choice: Allow reads and edits in the workspace/);
    },
  },
];
