// A subagent's command in the real chat panel (test/fixtures/scenarios/subagent-command.json, codex-acp 2.6's form:
// the child's exec reports its output in tool call `_meta` under the child's session id): the output streams into the
// child's card inside its thread while the command runs, and the card says how it exited. Screenshots of the thread
// at 600 px and 300 px go to .test-artifacts/e2e/.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { openComposer, setSideBarWidth } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

export const tests = [
  {
    name: "subagent command: a child's command streams its output live into its card in the thread (_meta), then its exit",
    settings: scriptedAgentSettings('subagent-command'),
    async run({ page, workspace }) {
      const { chat, input, transcript } = await openComposer(page);
      const release = path.join(workspace, 'release-subagent-build');
      await input.fill(`build ${release}`);
      await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
      await input.press('Enter');

      const thread = transcript.locator('[data-entry-kind="subagent"][data-child-session-id="builder-1"]');
      const card = thread.locator('[data-entry-kind="tool_call"][data-tool-call-id="child_build"]');
      const pane = card.locator('[data-terminal-output]');
      await waitForLocator(pane.getByText('compiling'), "the first line of the child's command in its card");
      assert.equal(await card.getAttribute('data-tool-status'), 'in_progress', 'the line is there while the command still runs');
      assert.equal(await pane.getAttribute('data-terminal-state'), 'running');
      assert.equal(await thread.getAttribute('data-subagent-state'), 'running');
      for (const width of [600, 300]) {
        const clip = await setSideBarWidth(page, width);
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(e2eArtifactsDir, `subagent-command-live-${width}px.png`), clip });
      }

      writeFileSync(release, '');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]').filter({ hasText: 'The parent goes on.' }).first(), 'the parent going on');
      await waitForLocator(transcript.locator('[data-child-session-id="builder-1"][data-subagent-state="idle"]'), 'the child shown as done');
      // The finished thread folds, and so does the finished card in it: open both again.
      const toggle = thread.locator('.subagent__toggle').first();
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      const head = card.locator('[data-action="toggle-tool-call"]');
      await waitForLocator(head, "the child's card in its thread");
      if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
      await waitForLocator(pane.getByText('linked'), 'the second line after the command went on');
      await waitForLocator(card.locator('[data-terminal-output][data-terminal-state="exited"]'), 'the card showing the command exited');
      assert.match(await pane.innerText(), /Exited with code 0/);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'subagent-command-exited-300px.png'), clip: await setSideBarWidth(page, 300) });
    },
  },
];
