// A huge message in the real workbench and chat webview: the scripted agent sends one chunk of 3,000,000
// characters; the chat shows the first 256 KB with the note "Message cut at 256 KB (2.9 MB in all)" and
// "Open full message", which opens the whole text in a read-only editor. A screenshot of the chat with the side bar
// about 300 px wide goes to .test-artifacts/e2e/flood-cut-note.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { openChatAndSend } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

/** Drags the side bar's edge so that it is about `width` px wide. */
async function sideBarWidth(page, width) {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box) return undefined;
  const x = box.x + box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(x - 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 5 });
  await page.mouse.up();
  return (await page.locator('.part.sidebar').boundingBox())?.width;
}

export const tests = [
  {
    name: 'a huge message is cut with a note, and "Open full message" opens all of it read-only',
    settings: scriptedAgentSettings('fault-huge-chunk'),
    async run({ page }) {
      const chat = await openChatAndSend(page, 'send the huge one');

      const note = chat.locator('[data-cut-note]');
      await waitForLocator(note, 'the cut note under the huge message');
      assert.match(await note.innerText(), /Message cut at 256 KB \(2\.9 MB in all\)/);
      assert.equal(await note.getAttribute('data-total-chars'), '3000000');
      await waitForLocator(chat.locator('[data-entry-kind="agent"]', { hasText: 'The read after the huge chunk was answered.' }), 'the message after the request');

      const width = await sideBarWidth(page, 300);
      assert.ok(width && Math.abs(width - 300) < 40, `side bar ${width} px wide`);
      await note.scrollIntoViewIfNeeded();
      await page.mouse.move(900, 450);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'flood-cut-note.png') });

      await note.locator('[data-action="open-full-message"]').click();
      const tab = page.locator('.tabs-container .tab', { hasText: /message-e\d+\.txt/ });
      await waitForLocator(tab, 'an editor tab with the full message');
      await waitForLocator(page.locator('.monaco-editor .view-lines').getByText('huge chunk line 0123456789').first(), 'the text in the editor');
    },
  },
];
