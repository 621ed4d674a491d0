// The transcript in the real workbench with scripted agents (test/fixtures/scenarios/panel-*.json): markdown with a
// highlighted code block and its copy button, links and locations that open files, tool cards of every kind and
// status with diffs ("Open diff" opens VS Code's diff editor), the XSS corpus rendered inert, and a 2,000-entry
// transcript whose DOM stays small (virtualized), that stays as it was while the view is hidden, and whose older
// entries page in from the host when the view is opened anew. Screenshots in a
// light, a dark and a high contrast theme go to .test-artifacts/e2e/transcript-*.png.
//
// DOM contract used here (besides chat-panel.e2e.mjs's): markdown in `.markdown`, code blocks `.code-block` with
// `button[data-action="copy-code"]`, links `a.chat-link`, location links `[data-action="open-location"]`, card
// headers `button[data-action="toggle-tool-call"]` (aria-expanded), diff items `[data-content-type="diff"]` with
// `data-diff-added`/`data-diff-removed` and `button[data-action="open-diff"]`, rows `[data-row-key]`, the header's
// `[data-usage]`, the plan `[data-plan]` with `[data-action="toggle-plan"]`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { waitForAttribute, waitForLocator } from '../harness/waits.mjs';
import { chatFrame, closeChatView, openChatView, runFromCommandPalette } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { DARK, HIGH_CONTRAST, LIGHT, reopenWithThemes } from '../harness/themes.mjs';

function scriptedAgent(scenario, theme) {
  return scriptedAgentSettings(scenario, theme ? { 'workbench.colorTheme': theme } : {});
}

/** Opens the chat, waits for the agent, sends `prompt`; returns locators for the chat and its transcript. */
async function prompt(page, text) {
  await openChatView(page);
  const chat = chatFrame(page);
  const input = chat.locator('textarea[aria-label="Message the agent"]');
  await waitForLocator(input, 'the message box');
  await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the scripted agent ready');
  await input.fill(text);
  await input.press('Enter');
  return { chat, transcript: chat.locator('[role="log"]') };
}

/** The chat webview's own document as a Playwright Frame (for evaluate / waitForFunction). */
async function chatDocument(page) {
  const body = await chatFrame(page).locator('body').elementHandle();
  const frame = await body?.ownerFrame();
  assert.ok(frame, 'no frame for the chat webview');
  return frame;
}

/** Drags the side bar wider so that screenshots show the chat at a comfortable width. */
async function widenSideBar(page, by = 260) {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box) return;
  const x = box.x + box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(x - 1, y);
  await page.mouse.down();
  await page.mouse.move(x + by, y, { steps: 5 });
  await page.mouse.up();
}

async function screenshot(page, name) {
  await page.mouse.move(900, 450); // no hover tooltip in the picture
  await page.screenshot({ path: path.join(e2eArtifactsDir, `${name}.png`) });
}

/**
 * Clicks the first folded toggle in the transcript (cards, thoughts, raw values, resources) until none is left;
 * `check` runs after each click. The transcript is virtualized: clicking scrolls on, so this walks down it.
 */
async function unfoldEverything(transcript, check = async () => undefined) {
  const folded = transcript.locator('[aria-expanded="false"]:not([aria-disabled="true"])');
  for (let clicks = 0; clicks < 600; clicks++) {
    if ((await folded.count()) === 0) return;
    await folded.first().click();
    await check();
  }
  throw new Error('the transcript still has folded parts after 600 clicks');
}

/** Runs in the chat document: what in it could run code or restyle the page (an empty list when all is inert). */
function inertProblems() {
  const root = document.getElementById('root');
  if (!root) return { found: ['no #root'], cards: [] };
  const found = [];
  const live = ['script', 'iframe', 'object', 'embed', 'style', 'svg', 'math', 'form', 'base', 'meta', 'link', 'frame', 'template', 'details'];
  const rasterImage = /^data:image\/(png|jpeg|gif|webp);base64,/;
  for (const element of root.querySelectorAll('*')) {
    const name = element.tagName.toLowerCase();
    if (live.includes(name)) found.push(`<${name}>`);
    for (const attribute of element.attributes) {
      const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (attribute.name.startsWith('on')) found.push(`${name}[${attribute.name}]`);
      if (['srcdoc', 'formaction', 'action', 'xlink:href'].includes(attribute.name)) found.push(`${name}[${attribute.name}]`);
      if (attribute.name === 'href' && /^(javascript|vbscript|data):/.test(value)) found.push(`${name}[href=${value}]`);
      if (attribute.name === 'src' && !rasterImage.test(attribute.value)) found.push(`${name}[src=${value}]`);
    }
  }
  if ('__xss' in window) found.push(`window.__xss = ${String(window.__xss)}`);
  if (getComputedStyle(document.body).display === 'none') found.push('the body was hidden by a style');
  const cards = [...root.querySelectorAll('[data-entry-kind="tool_call"]')]
    .filter((card) => card.querySelector('.tool-call__body'))
    .map((card) => card.getAttribute('data-entry-id'));
  return { found, cards };
}

async function assertTheme(page, kind) {
  const frame = await chatDocument(page);
  await frame.waitForFunction((name) => document.body.classList.contains(name), kind, { timeout: 15_000 });
}

async function markdownTour(page, theme, shot) {
  const { chat, transcript } = await prompt(page, 'Show me markdown');
  await assertTheme(page, theme === HIGH_CONTRAST ? 'vscode-high-contrast' : 'vscode-light');
  const message = transcript.locator('[data-entry-kind="agent"] .markdown').first();
  await waitForLocator(message.locator('h1', { hasText: 'Markdown tour' }), 'the heading of the streamed answer');
  await waitForLocator(transcript.locator('[data-notice-severity="warning"]'), 'the max_tokens notice at the end of the turn');
  await widenSideBar(page);
  await chat.locator('[data-action="toggle-plan"]').click();
  await waitForLocator(chat.locator('[data-plan] [data-plan-priority="high"]'), 'the plan, opened');
  await screenshot(page, `transcript-${shot}`);
  return { chat, transcript, message };
}

export const tests = [
  {
    name: 'transcript: streamed markdown renders (heading, lists, table, highlighted code with a copy button), light theme',
    settings: scriptedAgent('panel-markdown', LIGHT),
    async run(fixture) {
      const { page, context, server } = fixture;
      await reopenWithThemes(fixture);
      const { chat, transcript, message } = await markdownTour(page, LIGHT, 'markdown-light');
      assert.deepEqual(await message.locator('h2').allInnerTexts(), ['Steps']);
      assert.deepEqual(await message.locator('ol > li').allInnerTexts(), ['Split the text into blocks', 'Parse only the open block', 'Highlight the code']);
      assert.equal(await message.locator('ul > li').count(), 2);
      assert.equal(await message.locator('s', { hasText: 'struck out' }).count(), 1);
      assert.equal(await message.locator('table td').count(), 4);
      assert.equal(await message.locator('blockquote').count(), 1);
      const code = message.locator('.code-block[data-code-lang="ts"]');
      await waitForLocator(code, 'the TypeScript code block');
      assert.ok((await code.locator('.hljs-keyword').count()) >= 2, 'keywords are highlighted');
      assert.ok((await code.locator('.hljs-comment').count()) === 1, 'the comment is highlighted');
      assert.equal(await message.locator('a.chat-link[href="https://example.com/docs"]').count(), 1, 'the bare URL is a link');
      assert.equal(await transcript.locator('img.content-image[src^="data:image/png;base64,"]').count(), 1, 'the image block');
      assert.match(await transcript.locator('[data-entry-kind="thought"] button').innerText(), /Thought for \d+ s/);

      const header = chat.locator('header');
      assert.match(await header.innerText(), /Markdown tour/, 'the session title is in the header');
      assert.equal((await header.locator('[data-usage] .usage-meter__context').innerText()).trim(), '12.3k / 200k');
      assert.equal((await header.locator('[data-usage] .usage-meter__cost').innerText()).trim(), '$0.42');

      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      await code.locator('button[data-action="copy-code"]').click();
      await waitForLocator(code.locator('button[aria-label="Copied"]'), 'the copy button saying "Copied"');
      await page.waitForFunction(() => navigator.clipboard.readText().then((text) => text.includes('export function greet')), undefined, { timeout: 15_000 });

      // A file link in the text opens the file at its line.
      await message.locator('a.chat-link', { hasText: 'a link to hello.js' }).click();
      await waitForLocator(page.locator('.tabs-container .tab.active', { hasText: 'hello.js' }), 'hello.js opened in an editor tab');
      await waitForLocator(page.locator('.statusbar-item', { hasText: 'Ln 2, Col 1' }), 'the cursor on line 2 (status bar)');
    },
  },
  {
    name: 'transcript: the same answer in a high contrast theme',
    settings: scriptedAgent('panel-markdown', HIGH_CONTRAST),
    async run(fixture) {
      await reopenWithThemes(fixture);
      const { message } = await markdownTour(fixture.page, HIGH_CONTRAST, 'markdown-high-contrast');
      await waitForLocator(message.locator('.code-block .hljs-keyword').first(), 'highlighted code');
    },
  },
  {
    name: 'transcript: tool cards of every kind and status, diffs with counts, "Open diff" and locations open editors, dark theme',
    settings: scriptedAgent('panel-tools', DARK),
    async run(fixture) {
      const { page } = fixture;
      await reopenWithThemes(fixture);
      const { transcript } = await prompt(page, 'Show me the tools');
      await assertTheme(page, 'vscode-dark');
      await waitForLocator(transcript.getByText('That is every kind.'), 'the last message (the turn then waits)');
      const card = (id) => transcript.locator(`[data-tool-call-id="${id}"]`);
      const expected = [
        ['tc-read', 'read', 'file', 'Completed'],
        ['tc-edit', 'edit', 'edit', 'Completed'],
        ['tc-delete', 'delete', 'trash', 'Failed'],
        ['tc-move', 'move', 'arrow-swap', 'Cancelled'],
        ['tc-search', 'search', 'search', 'Pending'],
        ['tc-execute', 'execute', 'terminal', 'Running'],
        ['tc-think', 'think', 'lightbulb', 'Completed'],
        ['tc-fetch', 'fetch', 'globe', 'Completed'],
        ['tc-mode', 'switch_mode', 'arrow-both', 'Completed'],
        ['tc-other', 'other', 'tools', 'Completed'],
        ['tc-custom', '_acme_probe', 'symbol-misc', 'paused'],
      ];
      for (const [id, kind, icon, status] of expected) {
        const head = card(id).locator('button[data-action="toggle-tool-call"]');
        assert.equal(await card(id).getAttribute('data-tool-kind'), kind);
        assert.equal(await head.locator(`.codicon-${icon}`).count(), 1, `${id}: the ${icon} icon`);
        assert.match(await head.locator('.tool-call__status').innerText(), new RegExp(status), `${id}: status ${status}`);
      }
      // Finished cards start folded, the others open.
      assert.equal(await card('tc-read').locator('button[data-action="toggle-tool-call"]').getAttribute('aria-expanded'), 'false');
      assert.equal(await card('tc-delete').locator('button[data-action="toggle-tool-call"]').getAttribute('aria-expanded'), 'true');
      assert.equal(await card('tc-custom').locator('[data-content-type="_acme_chart"]').count(), 1, 'unknown content shown by type');

      // Keyboard: focus the edit card's header and open it with Enter.
      const editHead = card('tc-edit').locator('button[data-action="toggle-tool-call"]');
      await editHead.focus();
      await editHead.press('Enter');
      await waitForAttribute(editHead, 'aria-expanded', 'true', 'the edit card opened by Enter');
      const diff = card('tc-edit').locator('[data-content-type="diff"]');
      await waitForLocator(diff.locator('.diff-line--add').first(), 'the hunks of the edit');
      assert.equal(await diff.getAttribute('data-diff-added'), '2');
      assert.equal(await diff.getAttribute('data-diff-removed'), '2');
      // One line when folded: the verb and the file name, the counts; the path and the kind only in the details.
      const editHeadline = card('tc-edit').locator('[data-headline]');
      assert.equal((await editHeadline.innerText()).replace(/\s+/g, ' ').trim(), 'Edited hello.js');
      assert.equal((await editHead.locator('[data-tool-stats] .tool-diff__added').innerText()).trim(), '+2');
      assert.equal(await editHead.locator('.tool-call__kind').count(), 0, 'no kind pill in the header');
      assert.equal(await diff.locator('.tool-diff__path').count(), 0, 'the only diff does not repeat the path the header names');
      assert.equal((await card('tc-execute').locator('[data-headline]').innerText()).replace(/\s+/g, ' ').trim(), 'Running npm test');
      assert.equal(await card('tc-new').locator('[data-content-type="diff"]').getAttribute('data-diff-added'), '4');
      await waitForLocator(card('tc-big').locator('[data-diff-summary="size"]'), 'the summary of the diff too large for a card');
      await editHead.press(' ');
      await waitForAttribute(editHead, 'aria-expanded', 'false', 'Space folding it again');
      await editHead.press(' ');

      await widenSideBar(page);
      await screenshot(page, 'transcript-tools-dark');

      await diff.locator('button[data-action="open-diff"]').click();
      await waitForLocator(page.locator('.tabs-container .tab', { hasText: 'hello.js (agent edit)' }), 'the diff editor tab');
      const diffEditor = page.locator('.monaco-diff-editor').first();
      await waitForLocator(diffEditor.locator('.editor.original .view-line', { hasText: 'Hello,' }), 'the old text in the diff editor');
      await waitForLocator(diffEditor.locator('.editor.modified .view-line', { hasText: 'Hi,' }), 'the new text in the diff editor');
      await screenshot(page, 'transcript-open-diff-dark');

      await card('tc-read').locator('button[data-action="toggle-tool-call"]').click();
      // The locations are in the card's details.
      await card('tc-read').locator('.tool-call__details > .disclosure__toggle').click();
      await card('tc-read').locator('[data-action="open-location"]').click();
      await waitForLocator(page.locator('.tabs-container .tab.active', { hasText: /^hello\.js$/ }), 'hello.js opened from the location');
      await waitForLocator(page.locator('.statusbar-item', { hasText: 'Ln 2, Col 1' }), 'the cursor on line 2 (status bar)');
    },
  },
  {
    name: 'transcript: the XSS corpus renders inert everywhere agent data shows',
    settings: scriptedAgent('panel-xss'),
    timeoutMs: 240_000,
    async run({ page }) {
      const { chat, transcript } = await prompt(page, 'Try to break out');
      await waitForLocator(transcript.getByText('XSS corpus done.'), 'the end of the corpus');
      await chat.locator('[data-action="toggle-plan"]').click();
      await waitForLocator(chat.locator('[data-plan] .plan__items'), 'the plan, opened');
      await waitForLocator(transcript.getByText("<script>window.__xss = 'script'</script>").first(), 'a script payload shown as text');
      const frame = await chatDocument(page);
      // The transcript is virtualized: walk it from the top, unfolding everything on the way, and check each screen.
      await frame.evaluate(() => {
        const log = document.querySelector('[role="log"]');
        if (log) log.scrollTop = 0;
      });
      const problems = new Set();
      const unfoldedCards = new Set();
      const check = async () => {
        const { found, cards } = await frame.evaluate(inertProblems);
        for (const problem of found) problems.add(problem);
        for (const card of cards) unfoldedCards.add(card);
      };
      const nextFrame = () => frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
      for (let screen = 0; screen < 300; screen++) {
        await nextFrame();
        await check();
        await unfoldEverything(transcript, check);
        const moved = await frame.evaluate(() => {
          const log = document.querySelector('[role="log"]');
          if (!log) return false;
          const before = log.scrollTop;
          log.scrollTop = before + log.clientHeight * 0.8;
          return log.scrollTop > before;
        });
        if (!moved) break;
      }
      assert.deepEqual([...problems], [], 'live markup in the chat');
      assert.ok(unfoldedCards.size >= 29, `every tool card was checked unfolded (${unfoldedCards.size})`);
    },
  },
  {
    name: 'transcript: 2,000 entries keep the DOM small, stay as they were while hidden, older entries page in from the host',
    settings: scriptedAgent('panel-long'),
    timeoutMs: 240_000,
    async run({ page }) {
      const { transcript } = await prompt(page, 'Flood the transcript');
      await waitForLocator(transcript.getByText('All 2000 entries are in.'), 'the last message', { timeout: 120_000 });
      const frame = await chatDocument(page);
      const rendered = () => frame.evaluate(() => document.querySelectorAll('[data-entry-id]').length);
      const total = () => frame.evaluate(() => Number(document.querySelector('[role="log"]')?.getAttribute('data-total-entries')));
      assert.equal(await total(), 2002);
      const atBottom = await rendered();
      assert.ok(atBottom > 5 && atBottom <= 60, `entries in the DOM at the bottom: ${atBottom}`);

      // Scroll to the very top, page by page as a reader would: the window moves, the DOM stays small.
      await frame.evaluate(() => {
        const log = document.querySelector('[role="log"]');
        if (log) log.scrollTop = 0;
      });
      await waitForLocator(transcript.getByText('Message 0: a line of text in a long transcript.'), 'the first message after scrolling to the top');
      const atTop = await rendered();
      assert.ok(atTop <= 60, `entries in the DOM at the top: ${atTop}`);
      await waitForLocator(chatFrame(page).locator('[data-action="jump-to-latest"]'), 'the "Latest" button once scrolled up');

      // Switching to another view container and back keeps the chat's document (the view retains its context
      // when hidden): the same document, still at the reader's place at the top, nothing re-sent.
      await frame.evaluate(() => {
        window.__keptWhileHidden = true;
      });
      await page.locator('.activitybar a.action-label[aria-label^="Explorer"]').click();
      await waitForLocator(page.locator('.part.sidebar .pane-header', { hasText: /^Chat$/ }), 'the Chat view hidden by the Explorer', { state: 'hidden' });
      await openChatView(page);
      await waitForLocator(transcript.getByText('Message 0: a line of text in a long transcript.'), 'the first message, still at the top after coming back');
      assert.equal(frame.isDetached(), false, 'the chat document was not rebuilt');
      assert.equal(await frame.evaluate(() => window.__keptWhileHidden), true, 'the same chat document');
      assert.equal(await frame.evaluate(() => document.querySelector('[role="log"]')?.scrollTop), 0, 'the reader is still at the top');

      // Close the view and open it again: a new webview; the host sends the newest 500, the rest comes page by
      // page from the top.
      await closeChatView(page);
      assert.equal(frame.isDetached(), true, 'closing the view dropped its document');
      await runFromCommandPalette(page, 'ACP: Open Chat');
      const again = chatFrame(page).locator('[role="log"]');
      await waitForLocator(again.getByText('All 2000 entries are in.'), 'the newest entry after the view came back');
      await waitForLocator(again.locator('[data-action="load-older"]', { hasText: 'Load 1502 earlier entries' }), 'the "load earlier entries" button');
      const reattached = await chatDocument(page);
      // Each time the reader reaches the top, the host sends the page before it (the "Load N" count drops).
      const olderLeft = () => reattached.evaluate(() => document.querySelector('[data-action="load-older"]')?.textContent ?? 'none');
      for (let pages = 0; pages < 20; pages++) {
        const before = await olderLeft();
        if (before === 'none') break;
        await reattached.evaluate(() => {
          const log = document.querySelector('[role="log"]');
          if (log) log.scrollTop = 0;
        });
        await reattached.waitForFunction(
          (text) => (document.querySelector('[data-action="load-older"]')?.textContent ?? 'none') !== text,
          before,
          { timeout: 15_000 },
        );
      }
      await reattached.evaluate(() => {
        const log = document.querySelector('[role="log"]');
        if (log) log.scrollTop = 0;
      });
      await waitForLocator(again.getByText('Message 0: a line of text in a long transcript.'), 'the first message, paged in from the host');
      assert.equal(await again.locator('[data-action="load-older"]').count(), 0, 'nothing older is left to load');
      const finalCount = await reattached.evaluate(() => document.querySelectorAll('[data-entry-id]').length);
      assert.ok(finalCount <= 60, `entries in the DOM after paging in: ${finalCount}`);
    },
  },
];
