// Signing in from the chat panel, in a real workbench with the scripted agent playing
// test/fixtures/scenarios/auth-agent.json (session/new answers auth_required until `authenticate`).
//
// DOM contract: the sign-in message [data-auth-required] in the header, one button per usable method
// [data-action="sign-in"][data-method-id], methods of unknown types listed by name without a button.
import assert from 'node:assert/strict';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, openChatView } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

export const tests = [
  {
    name: 'sign-in: the chat says the agent needs a sign-in, its button signs in, then messages work',
    settings: scriptedAgentSettings('auth-agent'),
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      const signIn = chat.locator('[data-auth-required]');
      await waitForLocator(signIn, 'the sign-in message (the view started a session, the agent refused)');
      assert.match(await signIn.innerText(), /needs you to sign in/);
      const buttons = signIn.locator('[data-action="sign-in"]');
      assert.deepEqual(await buttons.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-method-id'))), ['agent-login']);
      assert.match(await signIn.innerText(), /Device code/, 'the unknown method is listed');
      assert.match(await signIn.innerText(), /oauth_device/);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'sign-in-message.png') });

      await buttons.first().click();
      await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the agent ready');
      await signIn.waitFor({ state: 'detached' });
      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await input.fill('hello');
      // Enter sends once the panel can send (its agent is up; before that the text stays in the box).
      await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
      await input.press('Enter');
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: 'Signed in; you said: hello' }), 'the answer');
    },
  },
];
