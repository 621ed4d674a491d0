// No process the extension starts outlives its window. The agent here ignores the end of stdin and SIGTERM (as the
// real agents that piled up after reloads did), has a child of its own (an MCP server stand-in), and runs a long
// command in the client's terminal. Its extension host is killed with SIGKILL (deactivate() never runs): the
// watchdog ends the agent's and the command's process groups. Then, in a reloaded window, the same again, and a
// second reload (the host goes away the ordinary way): the agent and the command of that window are gone too.
// Processes are found in /proc (Linux) by their working folder, the test's own copy of the workspace.
// Also what the user sees when an agent closes its stdout mid-turn: the chat says so, and Restart brings it back.
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/paths.mjs';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { listProcesses, untilFound, untilGone } from '../harness/processes.mjs';
import { chatFrame, chatWebviewHost, openChatAndSend, openChatView } from '../harness/workbench.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const SCENARIO = path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'host-exit.json');

const settings = {
  'acp.agents': [
    {
      id: 'stubborn',
      name: 'Stubborn (host-exit)',
      command: '/bin/sh',
      args: ['-c', 'sleep 300 & exec "$@"', 'acp-agent', process.execPath, path.join(repoRoot, 'dist', 'demo-agent.js'), '--scenario', SCENARIO],
    },
  ],
  'acp.defaultAgent': 'stubborn',
};

/** Starts a turn whose long command runs in the client's terminal; resolves with the processes of that window. */
async function startAgentWithCommand(page, workspace, before = new Set()) {
  // In a fresh window the chat is opened from the activity bar. After a reload the workbench brings the open chat view
  // back by itself, and its webview comes once the new extension host is up: a click on the "ACP Agents" item (drawn
  // at once from the workbench's cache) would hide the side bar instead.
  if (before.size === 0) await openChatView(page);
  else await chatWebviewHost(page).waitFor({ timeout: 60_000 });
  const chat = chatFrame(page);
  const input = chat.locator('textarea[aria-label="Message the agent"]');
  await waitForLocator(input, 'the message box', { timeout: 60_000 });
  await input.fill('run the long job');
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled', { timeout: 60_000 });
  await input.press('Enter');
  await waitForLocator(chat.locator('[role="log"]').getByText('Running the long job.'), 'the agent answering');
  return untilFound(() => {
    const inWorkspace = listProcesses().filter((p) => p.cwd === workspace && !before.has(p.pid));
    const agent = inWorkspace.find((p) => p.cmdline.includes('demo-agent.js') && p.cmdline.includes('host-exit.json'));
    if (!agent) return undefined;
    const host = agent.ppid;
    const agentChild = inWorkspace.find((p) => p.pgid === agent.pid && p.pid !== agent.pid && p.cmdline === 'sleep 300');
    const command = inWorkspace.find((p) => p.ppid === host && p.pgid === p.pid && p.cmdline === 'sleep 300');
    const watchdog = listProcesses().find((p) => p.ppid === host && p.cmdline.includes('acp-process-watchdog'));
    if (!agentChild || !command) return undefined;
    return { host, agent: agent.pid, agentChild: agentChild.pid, command: command.pid, watchdog: watchdog?.pid };
  }, 'the agent, its child and its terminal command in /proc');
}

function killGroups(found) {
  for (const pid of [found?.agent, found?.command]) {
    try {
      if (pid) process.kill(-pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
}

export const tests = [
  {
    name: 'no agent outlives its window: extension host killed with SIGKILL, then a reload',
    settings,
    timeoutMs: 240_000,
    async run({ page, workspace }) {
      const folder = realpathSync(workspace);
      let first;
      let second;
      try {
        first = await startAgentWithCommand(page, folder);
        process.kill(first.host, 'SIGKILL');
        assert.ok(first.watchdog, "the host's process watchdog runs");
        await untilGone([first.host, first.agent, first.agentChild, first.command, first.watchdog], 'after the extension host was killed with SIGKILL');

        await page.reload();
        await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
        second = await startAgentWithCommand(page, folder, new Set(Object.values(first)));
        assert.notEqual(second.host, first.host, 'a new extension host');
        await page.reload();
        await untilGone([second.agent, second.agentChild, second.command], 'after the window was reloaded');
      } finally {
        killGroups(first);
        killGroups(second);
      }
    },
  },
  {
    name: 'an agent that closes stdout mid-turn: the prompt closes, the chat says what happened, and Restart brings it back',
    settings: scriptedAgentSettings('fault-stdout-close'),
    async run({ page }) {
      const chat = await openChatAndSend(page, 'clean up');

      const log = chat.locator('[role="log"]');
      const problem = log.locator('[data-entry-kind="notice"][data-notice-severity="error"]');
      await waitForLocator(problem, 'the failure said in the transcript');
      const text = await problem.locator('.notice__text').innerText();
      assert.match(text, /Scripted \(fault-stdout-close\) closed its output \(stdout\) while still running/);
      assert.match(text, /It was stopped; Restart it to go on\./);
      assert.equal(await chat.locator('.agent-problem').count(), 0, 'said once, in the transcript');
      assert.equal(await log.locator('[data-permission-request]').count(), 0, 'no permission prompt is left open');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'agent-closed-stdout.png') });

      await problem.locator('button[data-action="restart-agent"]').click();
      await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the agent ready again after Restart');
    },
  },
];
