// Inline review in the real workbench: a scripted agent rewrites three places of a file on disk itself; "Review
// inline" on the chat card of its first edit opens the file with the agent's changes marked and Keep/Undo CodeLenses
// above each; clicking "Undo change 1 of 3" puts back exactly that change's old line. A screenshot of the file under
// review (default light theme) is saved under .test-artifacts/e2e/inline-review.png.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, openChatView } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const lines = (count) => Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join('');

export const tests = [
  {
    name: 'inline review: Review inline from the chat card, the changes marked in the editor, the CodeLens Undo restores one',
    settings: scriptedAgentSettings('inline-review'),
    async run({ page, workspace }) {
      const file = path.join(workspace, 'notes.disk.txt');
      const before = lines(20);
      const agentText = before.replace('line 2\n', 'LINE TWO\n').replace('line 10\n', 'LINE TEN\nand one more\n').replace('line 18\n', '');
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
      assert.equal(readFileSync(file, 'utf8'), agentText);

      const card = chat.locator('[data-tool-kind="edit"]').first();
      const head = card.locator('button[data-action="toggle-tool-call"]');
      if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
      await card.locator('button[data-action="review-inline"]').click();

      const editor = page.locator('.editor-instance .monaco-editor').first();
      await waitForLocator(page.locator('.tabs-container .tab', { hasText: 'notes.disk.txt' }), 'the file opened in an editor');
      const lens = (title) => editor.locator('.codelens-decoration a', { hasText: title });
      await waitForLocator(lens('Keep change 1 of 3'), 'the Keep CodeLens above the first change');
      await waitForLocator(lens('Undo change 3 of 3'), 'the Undo CodeLens above the third change');
      await waitForLocator(page.locator('.statusbar-item', { hasText: 'Agent change 1 of 3' }), 'the status bar item of the review');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'inline-review.png') });

      await lens('Undo change 1 of 3').click();
      await waitForLocator(lens('Keep change 1 of 2'), 'two changes left after the Undo');
      assert.equal(readFileSync(file, 'utf8'), agentText.replace('LINE TWO\n', 'line 2\n'), 'exactly the first change undone, the others stay');
      await waitForLocator(lens('Undo change 3 of 3'), 'the lenses of the other changes renumbered', { state: 'detached' });
      await waitForLocator(lens('Undo change 2 of 2'), 'the last change still under review');
    },
  },
];
