// Secrets in the chat as drawn, in a real workbench with the scripted agent playing
// test/fixtures/scenarios/secrets-chat.json: its entry's env value and token shapes (sk-…, ghp_…, Bearer …) come back
// in a thought, the plan, tool call titles and content, a permission request, the live output of two commands (one in
// the client's terminal, one the agent runs itself and reports in `_meta` terminal_output) that print the env value in
// two pieces, and a message streamed 3 characters at a time. The chat shows [masked] in their place, and its document
// never holds a secret: it is read again and again while the commands print and the message streams (a secret split
// across chunks must not be drawn whole for a frame). Screenshots at 600 px go to .test-artifacts/e2e/secrets-*.png.
//
// DOM contract (besides composer.e2e.mjs's): the permission prompt [data-permission-request] (data-armed="true" once
// it takes clicks) with its buttons [data-option-kind]; the plan [data-plans] or the legacy plan's checklist; agent
// messages [data-entry-kind="agent"]; tool call cards [data-tool-call-id] with their head
// [data-action="toggle-tool-call"] and their command output [data-terminal-output].
import assert from 'node:assert/strict';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { openComposer, setSideBarWidth } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const ENV_VALUE = 'plainenv-Q7x9w2';
/** The known value and the secret part of each token shape. */
const NEEDLES = [ENV_VALUE, 'AbCdEfGhIjKlMnOpQrStUv', '0123456789abcdefghijABCD', 'eyJhbGciOiJIUzI1NiJ9'];

function settings() {
  const base = scriptedAgentSettings('secrets-chat');
  const [agent] = base['acp.agents'];
  return { ...base, 'acp.agents': [{ ...agent, env: { MY_PLAIN_SETTING: ENV_VALUE } }] };
}

/** The chat document's whole text (drawn or folded away) holds no secret. */
async function assertNoSecret(chat, when) {
  const text = await chat.locator('body').evaluate((body) => body.textContent ?? '');
  for (const needle of NEEDLES) assert.ok(!text.includes(needle), `${when}, the chat holds ${needle}:\n${text.slice(0, 3000)}`);
  return text;
}

export const tests = [
  {
    name: 'secrets: the chat draws [masked] for the secrets an agent repeats, never a secret, also while a message streams',
    settings: settings(),
    timeoutMs: 180_000,
    async run({ page }) {
      const { chat, input, transcript } = await openComposer(page);
      const box = await setSideBarWidth(page, 600);
      await input.fill('echo the secrets');
      await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
      await input.press('Enter');

      const prompt = transcript.locator('[data-permission-request]');
      await waitForLocator(prompt.locator('xpath=self::*[@data-armed="true"]'), 'the permission prompt accepting answers');
      assert.match(await prompt.innerText(), /\[masked\]/, 'the permission prompt shows the title masked');
      await assertNoSecret(chat, 'while the permission prompt waits');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'secrets-permission.png'), clip: box });
      await prompt.locator('[data-option-kind="allow_once"]').click();

      // The commands print the secret in two pieces 0.4 s apart, then the message streams 3 characters at a time, 25 ms
      // apart: read the chat until the turn is over.
      const message = transcript.locator('[data-entry-kind="agent"]');
      let reads = 0;
      while ((await chat.locator('[data-action="send"]').count()) === 0) {
        await assertNoSecret(chat, `while the message streams (read ${++reads})`);
      }
      assert.ok(reads > 5, `the chat was read while the message streamed (${reads} times)`);
      await waitForLocator(message.filter({ hasText: 'end.' }), 'the whole message');
      const text = await assertNoSecret(chat, 'after the turn');
      assert.match(await message.innerText(), /message: env \[masked\], tokens sk-proj-\[masked\] ghp_\[masked\] Bearer \[masked\] end\./);
      assert.match(text, /Show env \[masked\]/, 'the tool call title is masked');
      assert.match(text, /use env \[masked\]/, 'the plan is masked');
      for (const [toolCallId, output] of [
        ['call_client_print', /client key \[masked\] end/],
        ['call_agent_print', /agent key \[masked\] end/],
      ]) {
        const card = transcript.locator(`[data-entry-kind="tool_call"][data-tool-call-id="${toolCallId}"]`);
        const head = card.locator('[data-action="toggle-tool-call"]');
        if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
        const pane = card.locator('[data-terminal-output]');
        await waitForLocator(pane.filter({ hasText: / key \S+ end/ }), `the whole output of ${toolCallId}`);
        assert.match(await pane.innerText(), output, `the output of ${toolCallId} is masked`);
        await card.screenshot({ path: path.join(e2eArtifactsDir, `secrets-${toolCallId}.png`) });
      }
      await assertNoSecret(chat, 'with the command output shown');
      await page.mouse.move(box.x + box.width + 200, box.y + 10);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'secrets-masked.png'), clip: box });
    },
  },
];
