// Subagent sessions in the real chat panel, with the scripted agent playing test/fixtures/scenarios/subagents.json:
// a Task tool card holds the child's thread (its state, its own tool calls and its permission prompt), answered
// like the parent's; Stop on a thread cancels that child alone and the parent's turn goes on; a child's question
// (elicitation) is answered in its thread.
//
// DOM contract: a child's thread is [data-entry-kind="subagent"][data-child-session-id] (inside the linking card's
// [data-content-type="session"] item), with data-subagent-state, data-waiting, its status [data-subagent-status],
// Stop [data-action="cancel-subagent"], Open [data-action="open-subagent"]; its entries are ordinary rows inside it.
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, chatWebviewHost, openComposer, runFromCommandPalette, setSideBarWidth } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

function agentSaid(transcript, pattern) {
  return transcript.locator('[data-entry-kind="agent"]').filter({ hasText: pattern });
}

export const tests = [
  {
    name: "subagents: a child's thread in the Task card with its own tool call and a permission inside it; Stop cancels a child alone",
    settings: scriptedAgentSettings('subagents'),
    async run({ page }) {
      const { input, transcript } = await openComposer(page);
      const sidebar = await setSideBarWidth(page, 300);
      await input.fill('explore the code');
      await input.press('Enter');

      const card = transcript.locator('[data-tool-call-id="task_1"]');
      const thread = card.locator('[data-content-type="session"] [data-entry-kind="subagent"][data-child-session-id="explorer-1"]');
      await waitForLocator(thread, "the child's thread inside the Task card");
      const prompt = thread.locator('[data-tool-call-id="child_write"] [data-permission-request]');
      await waitForLocator(prompt.locator('xpath=self::*[@data-armed="true"]'), "the child's permission prompt, in its thread");
      assert.equal(await thread.getAttribute('data-waiting'), '1');
      assert.equal((await thread.locator('[data-subagent-status]').first().innerText()).trim(), 'waiting for you');
      assert.equal(await thread.locator('[data-tool-call-id="child_read"]').count(), 1, "the child's own tool call is in its thread");
      assert.equal(await transcript.locator(':scope > * [data-tool-call-id="child_read"]').count(), 1, 'and only there');
      await waitForLocator(thread.getByText('Explore the code').first(), "the child's title");
      await input.focus();
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'subagents-thread-300px.png'), clip: sidebar });
      const wide = await setSideBarWidth(page, 600);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'subagents-thread-600px.png'), clip: wide });

      await prompt.locator('button[data-option-kind="allow_once"]').click();
      await waitForLocator(agentSaid(transcript, "The subagent's permission: allow_once.").first(), 'the parent hearing the answer');
      // The finished Task card folds; opened, it shows the child as done.
      await card.locator('.tool-call__head').click();
      await waitForLocator(transcript.locator('[data-child-session-id="explorer-1"][data-subagent-state="idle"]'), 'the child shown as done');
      assert.equal((await thread.locator('[data-subagent-status]').first().innerText()).trim(), 'done');

      await input.fill('stop the long runner');
      await input.press('Enter');
      const runner = transcript.locator('[data-entry-kind="subagent"][data-child-session-id="runner-2"]');
      await waitForLocator(runner.locator('[data-entry-kind="agent"]').filter({ hasText: 'working for a long time' }), 'the second child working');
      await runner.locator('[data-action="cancel-subagent"]').click();
      await waitForLocator(agentSaid(transcript, 'The subagent was stopped; the parent goes on.').first(), 'the parent going on after the stop');
      await transcript.locator('[data-tool-call-id="task_2"] .tool-call__head').click();
      await waitForLocator(transcript.locator('[data-child-session-id="runner-2"][data-subagent-state="idle"]'), 'the stopped child shown as idle');
      assert.equal((await runner.locator('[data-subagent-status]').first().innerText()).trim(), 'stopped: cancelled');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'subagents-stopped-600px.png'), clip: wide });
    },
  },
  {
    name: "subagents: a child's question shows in its thread, asked in its name, counted as waiting, and its answer reaches the child",
    settings: scriptedAgentSettings('subagents'),
    async run({ page }) {
      const { input, transcript, chat } = await openComposer(page);
      const sidebar = await setSideBarWidth(page, 300);
      await input.fill('child question');
      await input.press('Enter');

      const thread = transcript.locator('[data-tool-call-id="task_asker-3"] [data-content-type="session"] [data-entry-kind="subagent"][data-child-session-id="asker-3"]');
      const form = thread.locator('[data-entry-kind="elicitation"][data-elicitation-mode="form"]');
      await waitForLocator(form, "the child's question, in its thread");
      assert.equal(await transcript.locator(':scope > * [data-entry-kind="elicitation"]').count(), 1, 'and only there');
      await waitForLocator(form.locator('.elicitation__question').getByText('Check the config'), "asked in the child's name");
      assert.equal(await thread.getAttribute('data-waiting'), '1');
      assert.equal((await thread.locator('[data-subagent-status]').first().innerText()).trim(), 'waiting for you');
      await waitForLocator(chat.locator('[data-turn-phase="waiting"]'), 'the header saying the session waits for the user');
      await input.focus();
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'subagents-question-300px.png'), clip: sidebar });

      await form.getByLabel('Port (required)').fill('8080');
      await waitForLocator(form.locator('[data-armed="true"]'), 'the answer buttons armed');
      await form.locator('button[data-action="accept"]').click();
      await waitForLocator(agentSaid(transcript, "The subagent's question: accept.").first(), 'the parent hearing the answer');
      // The finished card and the done thread fold; opened, the thread shows the answer and what the child made of it.
      await transcript.locator('[data-tool-call-id="task_asker-3"] .tool-call__head').click();
      await waitForLocator(thread.locator('xpath=self::*[@data-subagent-state="idle"]'), 'the child shown as done');
      await thread.locator('.subagent__toggle').click();
      await waitForLocator(thread.locator('[data-entry-kind="agent"]').filter({ hasText: 'Child: port {"port":8080}.' }), 'the child hearing the answer');
      assert.equal(await thread.locator('[data-elicitation-outcome="accept"]').count(), 1);
    },
  },
  {
    name: "subagents: a child streaming a long answer in small chunks ends in its thread exactly as streamed",
    settings: scriptedAgentSettings('subagents'),
    async run({ page }) {
      const { input, transcript } = await openComposer(page);
      await setSideBarWidth(page, 600);
      await input.fill('long child');
      await input.press('Enter');
      const thread = transcript.locator('[data-entry-kind="subagent"][data-child-session-id="streamer-5"]');
      await waitForLocator(thread.locator('[data-entry-kind="agent"]').filter({ hasText: 'Line 1 of' }), 'the child streaming in its thread');
      await waitForLocator(agentSaid(transcript, 'The streaming subagent is done.').first(), 'the parent after the child');
      await transcript.locator('[data-tool-call-id="task_streamer"] .tool-call__head').click();
      await waitForLocator(thread.locator('xpath=self::*[@data-subagent-state="idle"]'), 'the child shown as done');
      await thread.locator('.subagent__toggle').click();
      const answer = thread.locator('[data-entry-kind="agent"]');
      await waitForLocator(answer.filter({ hasText: "End of the child's answer." }), "the end of the child's answer");
      const text = await answer.innerText();
      const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
      const expected = [...Array.from({ length: 150 }, (_, i) => `Line ${i} of the child's answer.`), "End of the child's answer."];
      assert.deepEqual(lines.slice(-expected.length), expected, 'every line once, in order');
    },
  },
  {
    name: "subagents: after a window reload, session/load brings the threads back (linked to their card, done as they ended); a child the replay left running is 'last seen running'",
    settings: (() => {
      const settings = scriptedAgentSettings('subagents-load');
      settings['acp.agents'][0].env = { ACP_DEMO_STORE: path.join(os.tmpdir(), `acp-e2e-subagents-load-${process.pid}-${Date.now()}.json`) };
      return settings;
    })(),
    async run({ page }) {
      let { input, transcript } = await openComposer(page);
      await input.fill('delegate the reading');
      await input.press('Enter');
      await waitForLocator(agentSaid(transcript, 'The subagent is done.').first(), 'the first turn over');
      await input.fill('abandon a child');
      await input.press('Enter');
      await waitForLocator(agentSaid(transcript, 'The turn ends with the subagent still running.').first(), 'the second turn over');
      const running = transcript.locator('[data-entry-kind="subagent"][data-child-session-id="left-2"]');
      assert.equal((await running.locator('[data-subagent-status]').first().innerText()).trim(), 'running', 'live, before the reload');

      await page.reload();
      await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
      await chatWebviewHost(page).waitFor({ timeout: 60_000 });
      await runFromCommandPalette(page, 'ACP: Open Chat');
      // Not openComposer: its click on the activity bar item would hide the side bar the command just showed.
      const chat = chatFrame(page);
      input = chat.locator('textarea[aria-label="Message the agent"]');
      transcript = chat.locator('[role="log"]');
      const sidebar = await setSideBarWidth(page, 300);
      await waitForLocator(agentSaid(transcript, 'The turn ends with the subagent still running.').first(), 'the conversation replayed');
      const card = transcript.locator('[data-tool-call-id="task_reader"]');
      await card.locator('.tool-call__head').click();
      const reader = card.locator('[data-content-type="session"] [data-entry-kind="subagent"][data-child-session-id="reader-1"]');
      await waitForLocator(reader.locator('xpath=self::*[@data-subagent-state="idle"]'), "the child's thread back in its card, done");
      assert.equal(await transcript.locator('[data-entry-kind="subagent"][data-child-session-id="reader-1"]').count(), 1, 'the thread once');
      const left = transcript.locator('[data-entry-kind="subagent"][data-child-session-id="left-2"]');
      await waitForLocator(left.locator('[data-subagent-status="last seen running"]'), 'the abandoned child not shown running');
      assert.equal(await left.locator('[data-action="cancel-subagent"]').count(), 0, 'no Stop for history');
      await left.locator('.subagent__toggle').click();
      await waitForLocator(left.locator('[data-entry-kind="agent"]').filter({ hasText: 'Child: still at it.' }), "its replayed message");
      await input.focus();
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'subagents-after-reload-300px.png'), clip: sidebar });
    },
  },
];
