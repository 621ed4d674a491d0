// Plan operations and small display items in the real workbench, with the scripted agent playing
// test/fixtures/scenarios/plans.json (it sends identified plans because the client advertises `plan: {}`):
// one card per plan (a checklist and a Markdown plan with its file link), the Markdown card following its file when
// the file changes on disk, a removed plan's card gone; the header with usage at 300 px (the agent's name whole, the
// status not covered); a diff header's file name at 300 px (the directory gives way, the name stays); the empty
// end_turn after Stop said in the chat; tool text with its line breaks. Screenshots at 300 px and 600 px go to
// .test-artifacts/e2e/plans-*.png.
//
// DOM contract: [data-plans] holding [data-plan][data-plan-id] cards with button[data-action="toggle-plan"],
// [data-plan-title], [data-plan-markdown], [data-plan-from-file] and the file's [data-location-path]; the header's
// .chat-header__name-text, [data-agent-status] and [data-usage]; a diff's .tool-diff__path; notices
// [data-entry-kind="notice"].
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { setSideBarWidth } from '../harness/themes.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { openComposer } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const PLAN_TEXT = '# Refactor the parser\n\n1. Split `parse` into a tokenizer and a reader.\n2. Keep the public API.\n';

async function shoot(page, box, name) {
  await page.mouse.move(box.x + box.width + 200, box.y + 10); // no hover tooltip in the picture
  await page.screenshot({ path: path.join(e2eArtifactsDir, `${name}.png`), clip: box });
}

async function send(chat, input, text) {
  await input.fill(text);
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
  await input.press('Enter');
  await waitForLocator(chat.locator('[data-action="send"]'), `the turn of "${text}" over (Send back)`);
}

/** Runs in the chat document: a text element shows all of its text. */
function notCut(element) {
  return element.scrollWidth <= element.clientWidth + 1;
}

/** Runs in the chat document: the boxes of two elements do not overlap. */
function apart([a, b]) {
  const x = a.getBoundingClientRect();
  const y = b.getBoundingClientRect();
  return x.right <= y.left || y.right <= x.left || x.bottom <= y.top || y.bottom <= x.top;
}

async function openCard(card) {
  const toggle = card.locator('[data-action="toggle-plan"]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await waitForLocator(card.locator('[data-action="toggle-plan"][aria-expanded="true"]'), 'the plan card open');
}

export const tests = [
  {
    name: 'plans: a card per identified plan, following its file, removed; header with usage, diff file names and the empty turn at 300 px',
    settings: scriptedAgentSettings('plans'),
    timeoutMs: 240_000,
    async run({ page, workspace }) {
      writeFileSync(path.join(workspace, 'PLAN.md'), PLAN_TEXT);
      const { chat, input, transcript } = await openComposer(page);
      await setSideBarWidth(page, 300);

      // Two plans, each its own card.
      await send(chat, input, 'make plans');
      const plans = chat.locator('[data-plans]');
      const checklist = plans.locator('[data-plan-id="checklist"]');
      const design = plans.locator('[data-plan-id="design"]');
      await waitForLocator(design, 'the Markdown plan card');
      assert.deepEqual(await plans.locator('[data-plan]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-plan-id'))), ['checklist', 'design']);
      assert.equal((await design.locator('[data-plan-title]').innerText()).trim(), 'Refactor the parser');
      assert.equal(await design.locator(`[data-location-path="${path.join(workspace, 'PLAN.md')}"]`).count(), 1, 'the link to the plan file');
      await openCard(checklist);
      await openCard(design);
      assert.equal(await design.locator('[data-plan-markdown] ol > li').count(), 2, 'the Markdown is drawn');
      for (const width of [300, 600]) {
        const box = await setSideBarWidth(page, width);
        assert.ok(await design.locator('.plan__file').evaluate(notCut), `the file link is whole at ${width} px`);
        await shoot(page, box, `plans-cards-${width}px`);
      }
      await setSideBarWidth(page, 300);

      // The Markdown card follows its file.
      writeFileSync(path.join(workspace, 'PLAN.md'), `${PLAN_TEXT}3. Changed on disk after the agent sent it.\n`);
      await waitForLocator(design.locator('[data-plan-markdown] li', { hasText: 'Changed on disk' }), 'the card showing the changed file');
      await waitForLocator(design.locator('[data-plan-from-file]'), 'the card marked as showing its file');

      // plan_removed: the card goes.
      await send(chat, input, 'remove');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Removed the checklist.' }), 'the agent done removing');
      assert.equal(await checklist.count(), 0, 'the removed plan has no card');
      assert.equal(await design.count(), 1);

      // The header with usage: the agent's name whole, the status and the meter apart.
      await send(chat, input, 'usage');
      const header = chat.locator('header');
      await waitForLocator(header.locator('[data-usage]'), 'the usage meter');
      for (const width of [300, 600]) {
        const box = await setSideBarWidth(page, width);
        assert.ok(await header.locator('.chat-header__name-text').evaluate(notCut), `the agent's name is whole at ${width} px`);
        const parts = [header.locator('[data-agent-status]'), header.locator('[data-usage]'), header.locator('.chat-header__name')];
        const handles = await Promise.all(parts.map((part) => part.elementHandle()));
        for (const [i, j] of [[0, 1], [2, 1], [0, 2]]) {
          assert.ok(await page.evaluate(apart, [handles[i], handles[j]]), `header parts ${i} and ${j} do not overlap at ${width} px`);
        }
        const inside = await header.evaluate((element) => [...element.querySelectorAll('.chat-header__row > *, .chat-header__tools > *')].every((child) => child.getBoundingClientRect().right <= element.getBoundingClientRect().right + 1));
        assert.ok(inside, `nothing in the header runs out of it at ${width} px`);
        await shoot(page, await header.boundingBox(), `plans-header-usage-${width}px`);
      }
      await setSideBarWidth(page, 300);

      // A diff's header: the file name is shown whole at 300 px.
      await send(chat, input, 'two diffs');
      const diffCard = transcript.locator('[data-tool-call-id="diffs"]');
      await waitForLocator(diffCard, 'the card of two diffs');
      const head = diffCard.locator('button[data-action="toggle-tool-call"]');
      if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
      const names = diffCard.locator('.tool-diff__path');
      await waitForLocator(names.first(), 'the diff headers');
      for (const width of [300, 600]) {
        const box = await setSideBarWidth(page, width);
        for (const name of ['NotificationPreferencesPanel.tsx', 'index.ts']) {
          const file = names.filter({ hasText: name }).locator('.tool-diff__file');
          assert.equal((await file.innerText()).trim(), name);
          const shown = await file.evaluate((element) => {
            const link = element.closest('.tool-diff__path').getBoundingClientRect();
            const box = element.getBoundingClientRect();
            return element.scrollWidth <= element.clientWidth + 1 && box.right <= link.right + 1 && box.width > 0;
          });
          assert.ok(shown, `${name} is whole at ${width} px`);
          const icon = await file.evaluate((element) => {
            const head = element.closest('.tool-diff__head');
            const middle = (box) => (box.top + box.bottom) / 2;
            return Math.abs(middle(head.querySelector('.codicon-diff').getBoundingClientRect()) - middle(head.querySelector('.tool-diff__path').getBoundingClientRect())) < 6;
          });
          assert.ok(icon, `${name} is on the line of its icon at ${width} px`);
        }
        await diffCard.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await shoot(page, box, `plans-diff-head-${width}px`);
      }
      await setSideBarWidth(page, 300);

      // Stop, then an immediate empty end_turn: the chat says so.
      await input.fill('work until stopped');
      await input.press('Enter');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Working on it' }), 'the turn under way');
      await chat.locator('[data-action="stop"]').click();
      await waitForLocator(transcript.locator('[data-entry-kind="notice"]', { hasText: 'Cancelled.' }), 'the turn cancelled');
      await send(chat, input, 'nothing');
      const empty = transcript.locator('[data-entry-kind="notice"]', { hasText: 'The agent ended the turn without an answer.' });
      await waitForLocator(empty, 'the empty turn said in the chat');
      for (const width of [300, 600]) {
        const box = await setSideBarWidth(page, width);
        await empty.evaluate((element) => element.scrollIntoView({ block: 'end' }));
        await shoot(page, box, `plans-empty-turn-${width}px`);
      }
      await setSideBarWidth(page, 300);

      // Tool text keeps its line breaks.
      await send(chat, input, 'tool text');
      const lines = transcript.locator('[data-tool-call-id="lines"]');
      await waitForLocator(lines, 'the tool card with text');
      const toolHead = lines.locator('button[data-action="toggle-tool-call"]');
      if ((await toolHead.getAttribute('aria-expanded')) !== 'true') await toolHead.click();
      const text = lines.locator('.tool-content--text');
      await waitForLocator(text, 'the tool text');
      assert.equal(await text.locator('br').count(), 2, 'three lines, two breaks');
      await lines.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await shoot(page, await setSideBarWidth(page, 300), 'plans-tool-text-300px');
    },
  },
];
