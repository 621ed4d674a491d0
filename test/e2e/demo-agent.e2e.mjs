// A newcomer's first run: the built-in demo agent plays its whole script in the real workbench. The user
// allows the edit from the permission prompt in the chat, the edit lands in the workspace, the turn ends.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { playDemoTurn } from '../harness/workbench.mjs';

export const tests = [
  {
    name: 'the demo agent asks before editing, and the allowed edit lands in the workspace',
    async run({ page, workspace }) {
      const chat = await playDemoTurn(page);
      const transcript = chat.locator('[role="log"]');

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
