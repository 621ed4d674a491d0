// A command the agent runs itself (test/fixtures/scenarios/agent-terminal-output.json, codex-acp's `_meta` form):
// its output streams into the tool call card while the call is still in progress, in the same pane as the client's
// terminals, and the card says how it exited; a command whose output is only in rawOutput (codex-acp 0.16) shows it
// as output. Screenshots of the cards at 600 px and 300 px go to .test-artifacts/e2e/.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { openComposer, setSideBarWidth } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

async function send(chat, input, text) {
  await input.fill(text);
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
  await input.press('Enter');
}

async function shots(page, card, name) {
  for (const width of [600, 300]) {
    await setSideBarWidth(page, width);
    await card.scrollIntoViewIfNeeded();
    const pane = card.locator('[data-terminal-output]');
    const fits = await pane.evaluate((element) => element.getBoundingClientRect().right <= document.documentElement.clientWidth);
    assert.ok(fits, `the output pane is not cut off at ${width} px`);
    await card.screenshot({ path: path.join(e2eArtifactsDir, `${name}-${width}px.png`) });
  }
}

export const tests = [
  {
    name: "agent terminal: a command the agent runs itself streams its output live into the card (_meta), rawOutput shows as output",
    settings: scriptedAgentSettings('agent-terminal-output'),
    async run({ page, workspace }) {
      const { chat, input, transcript } = await openComposer(page);
      const release = path.join(workspace, 'release-e2e');
      await send(chat, input, `wait ${release}`);

      const card = transcript.locator('[data-entry-kind="tool_call"][data-tool-call-id="call_wait"]');
      const pane = card.locator('[data-terminal-output]');
      await waitForLocator(pane.getByText('first line'), 'the first line of output in the card');
      assert.equal(await card.getAttribute('data-tool-status'), 'in_progress', 'the line is there while the command still runs');
      assert.equal(await pane.getAttribute('data-terminal-state'), 'running');
      assert.match(await pane.innerText(), /Running…/);
      await shots(page, card, 'agent-terminal-live');

      writeFileSync(release, '');
      await waitForLocator(pane.getByText('second line'), 'the second line after the command went on');
      await waitForLocator(card.locator('[data-terminal-output][data-terminal-state="exited"]'), 'the card showing the command exited');
      assert.match(await pane.innerText(), /Exited with code 3/);
      assert.match(await card.locator('[data-tool-exit]').innerText(), /exit 3/);

      await send(chat, input, 'raw output');
      const raw = transcript.locator('[data-entry-kind="tool_call"][data-tool-call-id="call_raw"]');
      await waitForLocator(raw, 'the codex 0.16 card');
      const head = raw.locator('[data-action="toggle-tool-call"]');
      if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
      const output = raw.locator('[data-content-type="raw-output"] [data-terminal-output]');
      await waitForLocator(output.getByText('hello ACP'), "the raw output's text shown as output");
      assert.match(await output.innerText(), /Exited with code 0/);
      await shots(page, raw, 'agent-terminal-raw-output');

      // Stop while the agent's command runs; the agent leaves it running (codex does) and its output keeps coming.
      const left = path.join(workspace, 'release-left');
      await send(chat, input, `left running ${left}`);
      const running = transcript.locator('[data-entry-kind="tool_call"][data-tool-call-id="call_left"]');
      await waitForLocator(running.locator('[data-terminal-output]').getByText('started'), 'the command started');
      await chat.locator('[data-action="stop"]').click();
      await waitForLocator(transcript.locator('[data-entry-kind="tool_call"][data-tool-call-id="call_left"][data-tool-status="cancelled"]'), 'the card cancelled');
      writeFileSync(left, '');
      const status = running.locator('.tool-call__status');
      await waitForLocator(status.getByText('Still running'), 'the card saying the command still runs (not "Cancelled")');
      const head2 = running.locator('[data-action="toggle-tool-call"]');
      if ((await head2.getAttribute('aria-expanded')) !== 'true') await head2.click();
      await waitForLocator(running.locator('[data-terminal-output]').getByText('after the cancel'), 'the output that came after Stop');
      await shots(page, running, 'agent-terminal-after-stop');
    },
  },
];
