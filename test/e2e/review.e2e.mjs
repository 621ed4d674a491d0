// The review flow in the real workbench: a scripted agent edits a file on disk itself (as Claude Code and Codex
// do); the file shows in the Agent Changes view and with a badge in the explorer; clicking it opens VS Code's diff
// editor; the inline Undo puts the file back. A screenshot of the diff is saved under .test-artifacts/e2e/.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, openChatView } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

export const tests = [
  {
    name: 'an agent edit on disk shows in Agent Changes, opens as a diff, and Undo restores the file',
    settings: scriptedAgentSettings('review'),
    async run({ page, workspace }) {
      const file = path.join(workspace, 'notes.disk.txt');
      const before = 'alpha\nbeta\ngamma\n';
      writeFileSync(file, before);
      await openChatView(page);
      const chat = chatFrame(page);
      await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the scripted agent ready');
      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await input.fill(file);
      // Enter sends once the panel can send (its agent is up; before that the text stays in the box).
      await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
      await input.press('Enter');
      await waitForLocator(chat.locator('[role="log"]').getByText('written', { exact: true }), "the agent's report that it wrote the file");

      // The view starts collapsed below the chat (the chat keeps the height); its header shows how many files wait.
      const header = page.locator('.pane-header', { hasText: 'Agent Changes' });
      await waitForLocator(header, 'the Agent Changes header');
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      const row = page.locator('.monaco-list-row[role="treeitem"][aria-label^="notes.disk.txt, modified"]');
      await waitForLocator(row, 'the edited file in the Agent Changes view');
      assert.match((await row.getAttribute('aria-label')) ?? '', /1 line added, 1 line removed/);
      await row.click();
      const diff = page.locator('.monaco-diff-editor');
      await waitForLocator(diff, "VS Code's diff editor");
      await waitForLocator(page.locator('.tab[aria-label*="notes.disk.txt (agent changes)"]'), 'the diff tab, named after the file');
      await waitForLocator(diff.locator('.modified-in-monaco-diff-editor').getByText('BETA'), "the agent's line on the right");
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'review-diff.png') });

      await row.hover();
      await row.locator('.action-label[aria-label="Undo"]').click();
      await waitForLocator(row, 'the file leaving Agent Changes after Undo', { state: 'detached' });
      assert.equal(readFileSync(file, 'utf8'), before);
    },
  },
];
