// A long paragraph while it streams looks as it will once finished (webview-ui/src/components/OpenParagraph.tsx: its
// finished lines are moved into runs of their own, cut where the browser broke a line, so a frame lays out only the
// last lines). The scripted agent (test/fixtures/scenarios/long-paragraph.json) streams one ~24 KB paragraph with
// emphasis in it. Mid-stream, and again after the side bar is narrowed to 300 px (the runs are joined and cut anew),
// the paragraph drawn in runs is exactly as tall as the same text laid out whole in the same place, line for line:
// no run starts a line early. Once finished the paragraph is one paragraph again. Screenshots:
// .test-artifacts/e2e/long-paragraph-*.png (mid-stream at full width, at 300 px, finished).
import assert from 'node:assert/strict';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { openChatAndSend, setSideBarWidth } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

async function chatDocument(chat) {
  const frame = await (await chat.locator('body').elementHandle())?.ownerFrame();
  assert.ok(frame, 'no frame for the chat webview');
  return frame;
}

/**
 * In the chat document: the streaming paragraph (the one drawn in runs) beside a copy of its nodes laid out whole in
 * the same place; the line tops of each (one per line of text) and how many runs it has. The copy is removed
 * before anything else runs.
 */
function compareWithWhole() {
  const runs = [...document.querySelectorAll('p > .md-run')];
  const paragraph = runs[0]?.parentElement;
  if (!paragraph) return undefined;
  const whole = document.createElement('p');
  for (const run of runs) for (const node of run.childNodes) whole.append(node.cloneNode(true));
  paragraph.after(whole);
  const lineTops = (element) => {
    const tops = new Set();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top - element.getBoundingClientRect().top));
    }
    return [...tops].sort((a, b) => a - b);
  };
  const result = { runs: runs.length, chars: paragraph.textContent.length, inRuns: lineTops(paragraph), whole: lineTops(whole), heights: [paragraph.getBoundingClientRect().height, whole.getBoundingClientRect().height] };
  whole.remove();
  return result;
}

export const tests = [
  {
    name: 'long paragraph: while it streams it is drawn in runs of whole lines and looks as it does whole, also after a resize',
    settings: scriptedAgentSettings('long-paragraph'),
    timeoutMs: 120_000,
    async run({ page }) {
      const chat = await openChatAndSend(page, 'Stream one long paragraph');
      const frame = await chatDocument(chat);
      const enough = (runs) => frame.waitForFunction((n) => document.querySelectorAll('p > .md-run').length >= n, runs, { timeout: 60_000 });

      await enough(3);
      const wide = await frame.evaluate(compareWithWhole);
      assert.ok(wide, 'the streaming paragraph is drawn in runs');
      assert.ok(wide.runs >= 3 && wide.chars > 4000, `${wide.runs} runs of ${wide.chars} characters`);
      assert.deepEqual(wide.inRuns, wide.whole, 'the lines are where the whole paragraph has them');
      assert.equal(wide.heights[0], wide.heights[1]);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'long-paragraph-streaming.png') });

      // Narrower: every line breaks elsewhere; the runs are joined and cut anew as the paragraph grows.
      const box = await setSideBarWidth(page, 300);
      const runsAfter = await frame.evaluate(() => document.querySelectorAll('p > .md-run').length);
      await enough(runsAfter + 2);
      const narrow = await frame.evaluate(compareWithWhole);
      assert.ok(narrow && narrow.whole.length > wide.whole.length, 'more lines at 300 px');
      assert.deepEqual(narrow.inRuns, narrow.whole, 'at 300 px the lines are where the whole paragraph has them');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'long-paragraph-300px.png'), clip: box });

      await frame.waitForFunction(() => document.body.textContent?.includes('End of the paragraph.'), undefined, { timeout: 60_000 });
      await frame.waitForFunction(() => document.querySelectorAll('.md-run').length === 0, undefined, { timeout: 10_000 });
      const finished = await frame.evaluate(() => [...document.querySelectorAll('p')].filter((p) => p.textContent?.startsWith('Start of a long paragraph')).length);
      assert.equal(finished, 1, 'finished, it is one paragraph');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'long-paragraph-finished.png'), clip: box });
    },
  },
];
