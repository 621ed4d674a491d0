// What the user sees when things go wrong, in the real workbench and chat webview:
// - an agent that dies mid-answer: the transcript says so in a sentence, the agent's last stderr lines behind
//   Details and a Restart button (the header shows "Failed", not the failure again), and Restart brings it back;
// - an untrusted workspace (Workspace Trust on): no agent starts, the panel says why and offers to manage trust;
//   once the workspace is trusted the agent starts;
// - an agent whose command is not installed: the chat names it, says how to get it (a preset's command) and opens
//   the agent settings;
// - an agent that ignores Stop and never answers: after 5 s the header says "Not stopping" and the transcript says so
//   with Restart agent; Restart sends the message queued meanwhile to the restarted agent (screenshot at 300 px:
//   .test-artifacts/e2e/hung-agent-300px.png).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/paths.mjs';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { makeTempDir } from '../harness/temp.mjs';
import { chatFrame, openChatAndSend, openChatView, setSideBarWidth } from '../harness/workbench.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

// The trusted-workspace test's agent notes each start in this file (settings are fixed when the test is declared).
const markerDir = makeTempDir('acp-e2e-trust');
const startedMarker = path.join(markerDir.dir, 'agent-started');

function markedAgentSettings() {
  return {
    'acp.agents': [
      {
        id: 'marked',
        name: 'Scripted (marks its start)',
        command: '/bin/sh',
        args: [
          '-c',
          'echo started >> "$0"; exec "$@"',
          startedMarker,
          process.execPath,
          path.join(repoRoot, 'dist', 'demo-agent.js'),
          '--scenario',
          path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'hello.json'),
        ],
      },
    ],
    'acp.defaultAgent': 'marked',
    'security.workspace.trust.enabled': true,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.untrustedFiles': 'open',
  };
}

export const tests = [
  {
    name: 'a missing agent command: the panel names it, says what to install, and Open Settings shows acp.agents',
    settings: {
      'acp.agents': [{ id: 'gemini', name: 'Gemini CLI', command: 'gemini', args: ['--acp'], env: { PATH: markerDir.dir } }],
      'acp.defaultAgent': 'gemini',
    },
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      // The chat tried to open a session when it came on screen: the failure is said there.
      const problem = chat.locator('.starting[data-starting="failed"]');
      await waitForLocator(problem, 'the failure shown in the chat');
      assert.match(await problem.locator('[data-failure-summary]').innerText(), /command 'gemini' was not found on PATH/);
      assert.match(await problem.locator('[data-missing-command="gemini"]').innerText(), /npm install -g @google\/gemini-cli/);
      await problem.locator('[data-action="open-agent-settings"]').click();
      await waitForLocator(page.locator('.settings-editor'), 'the Settings editor');
      await waitForLocator(page.locator('.settings-editor .setting-item-contents').filter({ hasText: 'Agents' }).first(), 'the acp.agents setting shown');
    },
  },
  {
    name: 'an agent that dies mid-answer: the panel shows why with its stderr tail, and Restart brings it back',
    settings: scriptedAgentSettings('fault-midstream'),
    async run({ page }) {
      const chat = await openChatAndSend(page, 'answer me');

      const problem = chat.locator('[role="log"] [data-entry-kind="notice"][data-notice-severity="error"]');
      await waitForLocator(problem, 'the failure said in the transcript');
      // Everything the agent wrote before it exited is shown by the time its exit is.
      assert.equal(await chat.locator('[role="log"]').getByText('Here is the first half of the answer').count(), 1, 'the whole partial answer is shown with the failure');
      assert.match(await problem.locator('.notice__text').innerText(), /Scripted \(fault-midstream\) stopped: it exited with code 1\. Restart it, or send a message to start it again\.$/);
      await problem.locator('.disclosure__toggle', { hasText: 'Details' }).click();
      assert.match(await problem.locator('[data-notice-detail]').innerText(), /Last lines of its output \(stderr\):[^]*panic: connection to the model lost/);
      await waitForLocator(chat.locator('[data-agent-status="failed"]'), 'the header says Failed');
      assert.equal(await chat.locator('.agent-problem').count(), 0, 'the header does not say it all again');

      await problem.locator('button[data-action="restart-agent"]').click();
      await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the agent ready again after Restart');
    },
  },
  {
    name: 'an untrusted workspace: no agent starts, the panel explains, and trusting the workspace starts it',
    settings: markedAgentSettings(),
    async run({ page }) {
      try {
        await openChatView(page);
        const chat = chatFrame(page);
        const problem = chat.locator('.agent-problem--untrusted');
        await waitForLocator(problem, 'the untrusted-workspace explanation in the header');
        assert.match(await problem.innerText(), /This workspace is not trusted, so no agent is started here/);
        assert.equal(await chat.locator('[data-agent-status="untrusted"]').count(), 1);

        // A message sent now stays in the chat with the same explanation under it, and still nothing starts.
        const input = chat.locator('textarea[aria-label="Message the agent"]');
        await input.fill('hello?');
        await input.press('Enter');
        const refused = chat.locator('.starting[data-starting="failed"]');
        await waitForLocator(refused, 'the message with why it was not sent');
        assert.equal(await refused.locator('[data-pending-prompt]').innerText(), 'hello?');
        assert.match(await refused.locator('[data-failure-summary]').innerText(), /not trusted/);
        assert.equal(existsSync(startedMarker), false, 'no agent process was started in the untrusted workspace');

        // With the keyboard: the mouse still rests on the activity bar, whose hover can cover the panel.
        const manage = problem.locator('button[data-action="manage-trust"]');
        await manage.focus();
        await manage.press('Enter');
        const trust = page.locator('.workspace-trust-editor .workspace-trust-buttons-row').getByRole('button', { name: /^Trust$/ }).first();
        await waitForLocator(trust, 'the "Trust" button of the Workspace Trust editor');
        await trust.click();

        // The chat view stayed open beside the Workspace Trust editor; the message waiting goes now.
        await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the agent started once the workspace was trusted', { timeout: 60_000 });
        await waitForLocator(chat.locator('[role="log"] [data-entry-kind="user"]', { hasText: 'hello?' }), 'the message sent once trusted');
        assert.equal(await chat.locator('.starting').count(), 0, 'nothing left waiting');
        assert.equal(readFileSync(startedMarker, 'utf8'), 'started\n', 'the agent started exactly once');
      } finally {
        markerDir.remove();
      }
    },
  },
  {
    name: 'a hung agent: it ignores Stop, the chat says it is not stopping, and Restart agent sends the queued message to the restarted agent',
    settings: scriptedAgentSettings('fault-cancel-ignored'),
    async run({ page }) {
      const chat = await openChatAndSend(page, 'hang on this');
      const sidebar = await setSideBarWidth(page, 300);
      const status = chat.locator('.chat-header [data-header-state]');
      const transcript = chat.locator('[role="log"]');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Working on it' }), 'the agent at work');
      await waitForLocator(status.and(chat.locator('[data-turn-phase="working"]')), 'the header saying Working');

      await chat.locator('[data-action="stop"]').click();
      await waitForLocator(status.and(chat.locator('[data-header-state="stopping"]')), 'the header saying Stopping…');
      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await input.fill('and then this');
      await input.press('Enter');
      await waitForLocator(chat.locator('.prompt-queue [data-queued-id]', { hasText: 'and then this' }), 'the message queued behind the stuck turn');

      // The product's grace (5 s) is the wait: the header and the transcript say the agent is not stopping.
      await waitForLocator(status.and(chat.locator('[data-header-state="notStopping"]')), 'the header saying Not stopping', { timeout: 20_000 });
      assert.equal((await status.innerText()).trim(), 'Not stopping');
      const notice = transcript.locator('[data-entry-kind="notice"][data-notice-severity="warning"]');
      await waitForLocator(notice, 'the not-stopping notice in the transcript');
      assert.match(await notice.locator('.notice__text').innerText(), /Scripted \(fault-cancel-ignored\) is not stopping: it was asked to stop 5 seconds ago and has not ended its turn\. Restart it to go on/);
      const restart = notice.locator('button[data-action="restart-agent"]');
      assert.equal((await restart.innerText()).trim(), 'Restart agent');
      await restart.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'hung-agent-300px.png'), clip: sidebar });

      await restart.click();
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Answered: and then this' }), "the restarted agent's answer to the queued message");
      await waitForLocator(transcript.locator('[data-entry-kind="user"]', { hasText: 'and then this' }), 'the queued message sent to the restarted agent');
      await waitForLocator(status.and(chat.locator('[data-header-state="ready"]')), 'the header back to Ready');
      assert.equal(await chat.locator('.prompt-queue [data-queued-id]').count(), 0, 'nothing left in the queue');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'hung-agent-restarted-300px.png'), clip: sidebar });
    },
  },
];
