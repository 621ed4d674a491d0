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

/** What the 20,000-chunk message reads as, whitespace collapsed (stream-20k.json). */
function longAnswerText() {
  const words = ['Long answer:'];
  for (let i = 0; i < 20_000; i++) words.push(`w${i}`);
  words.push('END-OF-LONG-ANSWER');
  return words.join(' ');
}

export const tests = [
  {
    name: 'a message streamed as 20,000 chunks ends fully and exactly on screen',
    settings: scriptedAgentSettings('stream-20k'),
    async run({ page }) {
      const chat = await openChatAndSend(page, 'stream the long answer');
      const message = chat.locator('[data-entry-kind="agent"]', { hasText: 'Long answer:' });
      const end = message.getByText('END-OF-LONG-ANSWER');
      await waitForLocator(end, 'the end of the 20,000-chunk message', { timeout: 120_000 });
      await waitForLocator(chat.locator('[data-action="stop"]'), 'the turn to end (no Stop button)', { state: 'detached' });
      const shown = (await message.textContent()) ?? '';
      const expected = longAnswerText();
      const actual = shown.replace(/\s+/g, ' ').trim();
      if (actual !== expected) {
        const at = [...expected].findIndex((ch, i) => actual[i] !== ch);
        assert.fail(`the message differs from what was streamed at character ${at}: …${actual.slice(Math.max(0, at - 40), at + 40)}… (expected …${expected.slice(Math.max(0, at - 40), at + 40)}…); ${actual.length} vs ${expected.length} characters`);
      }
      // Followed to the bottom: the message's last line (its box's bottom edge) is inside the transcript's viewport.
      const scroller = await chat.locator('.transcript__scroller').boundingBox();
      const box = await message.boundingBox();
      assert.ok(scroller && box, 'the transcript and the message have boxes');
      const bottom = box.y + box.height;
      assert.ok(bottom > scroller.y + 20 && bottom <= scroller.y + scroller.height + 1, `the end of the message is on screen (message bottom at ${bottom}, transcript ${scroller.y}..${scroller.y + scroller.height})`);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'stream-20k-end.png') });
    },
  },
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
