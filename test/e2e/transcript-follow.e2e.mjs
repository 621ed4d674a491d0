// Following a streamed answer in the real workbench (test/fixtures/scenarios/panel-stream.json: a transcript taller
// than the view, then one answer of 150 paragraphs streamed 8 characters at a time). While the reader is at the
// bottom, every new line shows fully in view the moment it appears; once they wheel up, what they read stays where
// it is while the answer grows below; "Latest" takes them back to the end and the end is followed again. Finished
// paragraphs keep their elements (only the open block is drawn again).
//
// A probe in the chat document watches each paragraph of the answer as it is created (MutationObserver) and records
// its first IntersectionObserver report with the transcript as root: that report is computed after the frame's
// layout, resize observations and scroll corrections, so it is what was painted.
import assert from 'node:assert/strict';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { openChatAndSend } from '../harness/workbench.mjs';
import { traceForcedLayouts } from './forcedLayouts.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

/** Runs in the chat document: records every answer paragraph's first report (text, visible ratio, phase). */
function installProbe() {
  const log = document.querySelector('[role="log"]');
  if (!log) throw new Error('no transcript');
  window.__phase = 'follow';
  window.__lines = [];
  window.__paragraphs = new Map();
  const seen = new WeakSet();
  const io = new IntersectionObserver(
    (records) => {
      for (const record of records) {
        if (seen.has(record.target)) continue;
        seen.add(record.target);
        io.unobserve(record.target);
        // A paragraph replaced within the frame it was made in (the open block split in two) was never painted.
        if (!record.target.isConnected) continue;
        window.__lines.push({ text: record.target.textContent, ratio: record.intersectionRatio, phase: window.__phase });
        const number = /^Line (\d+)/.exec(record.target.textContent ?? '')?.[1];
        if (number !== undefined) window.__paragraphs.set(number, record.target);
      }
    },
    { root: log, threshold: [0, 0.5, 1] },
  );
  const watch = (node) => {
    if (node.nodeType !== 1) return;
    const paragraphs = node.matches('p') ? [node] : [...node.querySelectorAll('p')];
    for (const p of paragraphs) if (/^(Line \d|End of)/.test(p.textContent ?? '')) io.observe(p);
  };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) watch(node);
  }).observe(log, { childList: true, subtree: true });
}

/** Where the first row at the top of the transcript's viewport is (its key, its top relative to the viewport). */
function topRow() {
  const log = document.querySelector('[role="log"]');
  const box = log.getBoundingClientRect();
  const row = [...log.querySelectorAll('[data-row-key]')].find((r) => r.getBoundingClientRect().bottom > box.top + 1);
  return { key: row?.getAttribute('data-row-key'), top: (row?.getBoundingClientRect().top ?? 0) - box.top, scrollTop: log.scrollTop };
}

async function chatDocument(chat) {
  const frame = await (await chat.locator('body').elementHandle())?.ownerFrame();
  assert.ok(frame, 'no frame for the chat webview');
  return frame;
}

const lineSeen = (frame, text) =>
  frame.waitForFunction((t) => window.__lines.some((line) => line.text.startsWith(t)), text, { timeout: 60_000 });

export const tests = [
  {
    name: 'transcript: a streamed answer is followed line by line at the bottom, stays put when scrolled up, "Latest" follows again',
    settings: scriptedAgentSettings('panel-stream'),
    timeoutMs: 180_000,
    async run({ page, context }) {
      const browser = context.browser();
      assert.ok(browser, 'a browser to trace');
      const chat = await openChatAndSend(page, 'Stream a long answer');
      const frame = await chatDocument(chat);
      await frame.evaluate(installProbe);
      const transcript = chat.locator('[role="log"]');
      const trace = await traceForcedLayouts(browser);
      await frame.evaluate(() => performance.mark('follow:start'));
      await lineSeen(frame, 'Line 40 ');
      await frame.evaluate(() => performance.mark('follow:end'));
      const { forced, layouts } = await trace.stop('follow:start', 'follow:end');
      console.log(`    following ~40 streamed lines: ${layouts} layouts, ${forced.length} forced by the chat's script (${forced.reduce((sum, f) => sum + f.ms, 0).toFixed(1)} ms)`);
      // Following reads positions only where layout is done (resize observations), never right after a render.
      assert.deepEqual(forced.map((f) => `${f.name} in ${f.fn}`), [], 'layouts forced by the chat while following a stream');

      // At the bottom: every line so far was fully in view when it first showed.
      const following = await frame.evaluate(() => window.__lines.filter((line) => line.phase === 'follow'));
      assert.ok(following.length >= 40, `lines seen while following: ${following.length}`);
      const hidden = following.filter((line) => line.ratio < 0.99);
      assert.deepEqual(hidden, [], 'lines that appeared (partly) out of view while following');
      assert.equal(await chat.locator('[data-action="jump-to-latest"]').count(), 0, 'no "Latest" button while following');

      // The reader wheels up: "Latest" shows, and what they see stays where it is while the answer grows below.
      await frame.evaluate(() => {
        window.__phase = 'up';
      });
      const box = await transcript.boundingBox();
      assert.ok(box, 'the transcript has a box');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -400);
      await waitForLocator(chat.locator('[data-action="jump-to-latest"]'), 'the "Latest" button after wheeling up');
      await frame.waitForFunction(() => {
        const log = document.querySelector('[role="log"]');
        return log && log.scrollHeight - log.scrollTop - log.clientHeight > 200;
      });
      const before = await frame.evaluate(topRow);
      const seenBefore = await frame.evaluate(() => window.__lines.length);
      await frame.waitForFunction((count) => window.__lines.length >= count + 30, seenBefore, { timeout: 60_000 });
      const after = await frame.evaluate(topRow);
      assert.equal(after.key, before.key, 'the same entry at the top of the view');
      assert.ok(Math.abs(after.top - before.top) <= 1, `the entry at the top did not move (${before.top} → ${after.top})`);
      assert.ok(Math.abs(after.scrollTop - before.scrollTop) <= 1, `no scrolling while the answer grew below (${before.scrollTop} → ${after.scrollTop})`);
      const newestUp = await frame.evaluate(() => window.__lines.filter((line) => line.phase === 'up').at(-1));
      assert.ok(newestUp && newestUp.ratio < 0.99, 'the lines streamed meanwhile stayed below the view');

      // "Latest": back to the end, which is followed again until the answer is complete.
      await chat.locator('[data-action="jump-to-latest"]').click();
      await frame.evaluate(() => {
        window.__phase = 'latest';
      });
      await waitForLocator(chat.locator('[data-action="jump-to-latest"]'), 'the "Latest" button gone', { state: 'hidden' });
      await lineSeen(frame, 'End of the streamed answer.');
      const end = await frame.evaluate(() => window.__lines.find((line) => line.text.startsWith('End of')));
      assert.ok(end.ratio >= 0.99, `the last line was fully in view when it appeared (${end.ratio})`);
      const latest = await frame.evaluate(() => window.__lines.filter((line) => line.phase === 'latest' && line.ratio < 0.99));
      assert.ok(latest.length <= 1, `lines out of view after "Latest" (at most the one in flight at the click): ${JSON.stringify(latest)}`);
      // Finished paragraphs kept their elements all along: only the open block is drawn again.
      const replaced = await frame.evaluate(() => [...window.__paragraphs].filter(([, p]) => !p.isConnected).map(([n]) => n));
      assert.deepEqual(replaced, [], 'paragraphs whose element was replaced after it was painted');
      await page.mouse.move(900, 450);
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'transcript-follow-end.png') });
    },
  },
  {
    name: 'transcript: live terminal output in a card follows its newest line without forcing layouts',
    settings: scriptedAgentSettings('panel-terminal-follow'),
    async run({ page, context }) {
      const browser = context.browser();
      assert.ok(browser, 'a browser to trace');
      const chat = await openChatAndSend(page, 'Print some lines');
      const frame = await chatDocument(chat);
      const output = chat.locator('[data-terminal-output] pre');
      await waitForLocator(output, 'the terminal output in the running card');
      const trace = await traceForcedLayouts(browser);
      await frame.evaluate(() => performance.mark('terminal:start'));
      await waitForLocator(output.getByText('output line 80'), 'the last line of output', { state: 'attached', timeout: 60_000 });
      await frame.evaluate(() => performance.mark('terminal:end'));
      const { forced } = await trace.stop('terminal:start', 'terminal:end');
      console.log(`    terminal output of 80 lines: ${forced.length} layouts forced by the chat's script`);
      assert.deepEqual(forced.map((f) => `${f.name} in ${f.fn}`), [], 'layouts forced by the chat while the terminal printed');
      // The box shows the newest line (it scrolled along), as painted.
      await frame.waitForFunction(() => {
        const pre = document.querySelector('[data-terminal-output] pre');
        return pre && pre.scrollHeight > pre.clientHeight * 2 && pre.scrollHeight - pre.scrollTop - pre.clientHeight <= 2;
      });
      await waitForLocator(chat.locator('[role="log"]').getByText('Output done.'), 'the message after the command');
      await page.mouse.move(900, 450); // no hover tooltip in the picture
      await chat.locator('[data-terminal-output]').screenshot({ path: path.join(e2eArtifactsDir, 'transcript-terminal-follow.png') });
    },
  },
];
