// The demo agent's `node --version` runs in the client's terminal (terminal/* is advertised): its output shows in
// the command's tool call card, stays there after the agent released the terminal, and the card says how the
// command ended. A screenshot of the card is saved under .test-artifacts/e2e/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chatFrame, openChatView } from '../harness/workbench.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

export const tests = [
  {
    name: "the demo agent's command shows its output live in the tool call card",
    async run({ page }) {
      const version = execFileSync('node', ['--version'], { encoding: 'utf8' }).trim();
      await openChatView(page);
      const chat = chatFrame(page);
      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await waitForLocator(input, 'the message box');
      // The view starts the agent when it opens; a message sent while it starts is refused.
      await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the demo agent ready (header status)');
      await input.fill('Run your script');
      await input.press('Enter');

      const transcript = chat.locator('[role="log"]');
      const allow = transcript.locator('[data-permission-request] button[data-option-kind="allow_once"]');
      await waitForLocator(allow, 'the "allow once" button of the edit permission prompt');
      await allow.click();

      const card = transcript.locator('[data-entry-kind="tool_call"][data-tool-kind="execute"]');
      await waitForLocator(transcript.getByText('Summary'), 'the end of the demo script (the terminal was released by then)');
      await waitForLocator(card, "the command's tool call card");
      // Finished cards start folded: unfold it, as a user would.
      const head = card.locator('[data-action="toggle-tool-call"]');
      if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
      const output = card.locator('[data-terminal-output]');
      await waitForLocator(output.getByText(version), `the output of node --version (${version}) in the command's tool call card`);
      await waitForLocator(card.locator('[data-terminal-output][data-terminal-state="exited"]'), 'the card showing the command has exited');

      assert.match(await output.innerText(), /Exited with code 0/);
      assert.equal(await card.getAttribute('data-tool-status'), 'completed');
      assert.ok((await card.locator('[data-terminal-output]').innerText()).includes(version), 'the output is still shown after release');
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(e2eArtifactsDir, 'terminal-output-card.png') });
    },
  },
];
