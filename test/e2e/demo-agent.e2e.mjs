// A newcomer's first run: the built-in demo agent plays its whole script in the real workbench. The user
// allows the edit from the permission prompt in the chat, the edit lands in the workspace, the turn ends.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chatFrame, openChatView } from '../harness/workbench.mjs';
import { waitForLocator } from '../harness/waits.mjs';

export const tests = [
  {
    name: 'the demo agent asks before editing, and the allowed edit lands in the workspace',
    async run({ page, workspace }) {
      await openChatView(page);
      const chat = chatFrame(page);
      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await waitForLocator(input, 'the message box');
      await input.fill('Show me what you can do');
      // Enter sends once the panel can send (its agent is up; before that the text stays in the box).
      await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
      await input.press('Enter');

      const transcript = chat.locator('[role="log"]');
      const allow = transcript.locator('[data-permission-request] button[data-option-kind="allow_once"]');
      await waitForLocator(allow, 'the "allow once" button of the permission prompt in the edit tool call card');
      await allow.click();

      await waitForLocator(transcript.getByText('Summary'), 'the summary at the end of the demo script');
      await waitForLocator(chat.locator('[data-action="send"]'), 'the Send button back (the turn ended)');

      const written = readFileSync(path.join(workspace, 'acp-demo.md'), 'utf8');
      assert.match(written, /## Demo run, /, 'acp-demo.md has the section the demo agent added');
      const statuses = await transcript.locator('[data-entry-kind="tool_call"][data-tool-status]').evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute('data-tool-status')),
      );
      assert.ok(statuses.length >= 3, `the read, edit and command tool calls are shown: ${statuses}`);
      assert.ok(statuses.every((status) => status === 'completed'), `every tool call completed: ${statuses}`);
      assert.equal(await transcript.locator('[data-permission-request]').count(), 0, 'no permission prompt is left open');
    },
  },
];
