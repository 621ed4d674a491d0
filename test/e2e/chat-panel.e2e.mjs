// The chat panel in a real workbench: it opens from the activity bar, and a prompt to the built-in demo
// agent comes back as a streamed answer in the transcript.
//
// DOM contract of the chat webview: a `textarea` with aria-label "Message the agent" (Enter sends), the
// transcript in an element with role="log", agent messages with data-entry-kind="agent", tool calls with
// data-entry-kind="tool_call".
import assert from 'node:assert/strict';
import { chatFrame, chatWebviewHost, openChatView } from '../harness/workbench.mjs';
import { waitForLocator } from '../harness/waits.mjs';

const PROMPT = 'Hello from the end-to-end test';

export const tests = [
  {
    name: 'opens the chat view from the activity bar and renders the panel in its webview',
    async run({ page }) {
      await openChatView(page);
      await waitForLocator(chatWebviewHost(page), 'the chat webview iframe (iframe.webview.ready of our extension)', { state: 'attached' });
      const body = chatFrame(page).locator('body');
      await waitForLocator(body, 'the body of the chat webview document (iframe#active-frame)', { state: 'attached' });
      const elements = await body.evaluate((element) => element.childElementCount);
      assert.ok(elements > 0, 'the chat webview body has no elements');
    },
  },
  {
    name: 'sends a prompt to the demo agent and sees the streamed answer',
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await waitForLocator(input, 'the message box (textarea, aria-label "Message the agent")');
      await input.fill(PROMPT);
      // Enter sends once the panel can send (its agent is up; before that the text stays in the box).
      await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
      await input.press('Enter');

      const transcript = chat.locator('[role="log"]');
      await waitForLocator(transcript.getByText(PROMPT), 'the prompt in the transcript (role="log")');
      const answer = transcript.locator('[data-entry-kind="agent"]').filter({ hasText: /\S/ }).first();
      await waitForLocator(answer, 'an agent message with text (data-entry-kind="agent") in the transcript');
      const text = (await answer.innerText()).trim();
      assert.ok(text.length > 0, 'the agent message is empty');
    },
  },
];
