// The virtualized transcript's rows after height changes, in the real workbench at 300 px with the scripted agent
// playing test/fixtures/scenarios/transcript-rows.json (a long answer, a long thought, read and search cards with
// many lines, a failed command, a plan, a build card whose output grows while it is open). After every fold, unfold,
// growth, width change and scroll, once the layout is at rest (the row boxes the same in two frames in a row), every
// rendered row starts where the one before it ends (no overlap, no gap) and the middle of every card or thought header
// in view is that header (a click there lands on it).
//
// What broke the clicks (CI: "layout: one-line tool cards"): a header above the view, scrolled into view by the click
// while the transcript followed its end, was pulled away again: the transcript took that scroll for a clamp by the
// browser and went back to its end, so the click landed on a row further down. Here a header less than a viewport above
// the view is scrolled into view as a click does it and must stay there (it did not before). And pressing a button in a
// row (a click, Enter) is no scrolling: unfolding a card at the end keeps the view at the end (it stayed 900 px above).
//
// DOM contract: the transcript [role="log"] holds .transcript__spacer, rows .transcript__row[data-row-key], spacer;
// card headers button[data-action="toggle-tool-call"] inside [data-tool-call-id], thought headers
// button[data-action="toggle-thought"], the plan's button[data-action="toggle-plan"], "Latest"
// [data-action="jump-to-latest"].
import assert from 'node:assert/strict';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { setSideBarWidth } from '../harness/themes.mjs';
import { waitForAttribute, waitForLocator } from '../harness/waits.mjs';
import { openComposer } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

/** A click that does not retry for half a minute: a header that cannot be clicked is the failure itself. */
const CLICK_MS = 8_000;
const HEADERS = '[data-action="toggle-tool-call"], [data-action="toggle-thought"]';

/**
 * Runs in the chat document: waits until the transcript's layout is at rest (the boxes of its rows and its scroll
 * position the same in two animation frames in a row; render pacing and resize observations take a frame or two),
 * then measures every rendered row and hit-tests the middle of every header in view.
 */
function measureAtRest(log, { headers, timeoutMs }) {
  const snapshot = () => {
    const view = log.getBoundingClientRect();
    const children = [...log.children].filter((child) => child.matches('.transcript__row, .transcript__spacer'));
    const boxes = children.map((child) => {
      const box = child.getBoundingClientRect();
      return { key: child.getAttribute('data-row-key') ?? 'spacer', top: box.top, bottom: box.bottom };
    });
    const hits = [...log.querySelectorAll(headers)].flatMap((header) => {
      const box = header.getBoundingClientRect();
      const x = box.left + Math.min(box.width / 2, 40);
      const y = box.top + box.height / 2;
      if (box.height === 0 || y < view.top || y > view.bottom) return [];
      const hit = document.elementFromPoint(x, y);
      const row = header.closest('.transcript__row')?.getAttribute('data-row-key');
      const hitRow = hit?.closest('.transcript__row')?.getAttribute('data-row-key') ?? hit?.tagName ?? 'nothing';
      return [{ row, onIt: hit !== null && header.contains(hit), hitRow }];
    });
    return { boxes, hits, scrollTop: log.scrollTop, scrollHeight: log.scrollHeight, clientHeight: log.clientHeight };
  };
  const same = (a, b) => JSON.stringify(a.boxes) === JSON.stringify(b.boxes) && a.scrollTop === b.scrollTop;
  return new Promise((resolve, reject) => {
    const until = performance.now() + timeoutMs;
    let last = snapshot();
    const next = () =>
      requestAnimationFrame(() => {
        const now = snapshot();
        if (same(now, last)) resolve(now);
        else if (performance.now() > until) reject(new Error('the transcript did not come to rest'));
        else {
          last = now;
          next();
        }
      });
    next();
  });
}

/** After a step: the rows at rest touch each other and every header in view is under its own middle. */
async function assertRows(transcript, step) {
  const measured = await transcript.evaluate(measureAtRest, { headers: HEADERS, timeoutMs: 5_000 });
  const { boxes } = measured;
  assert.ok(boxes.filter((box) => box.key !== 'spacer').length > 0, `${step}: rows are rendered`);
  for (let i = 1; i < boxes.length; i++) {
    const [above, below] = [boxes[i - 1], boxes[i]];
    assert.ok(
      Math.abs(below.top - above.bottom) <= 0.5,
      `${step}: ${below.key} starts at ${below.top} px, ${above.key} above it ends at ${above.bottom} px (${below.top < above.bottom ? 'overlap' : 'gap'})`,
    );
  }
  for (const hit of measured.hits) assert.ok(hit.onIt, `${step}: the middle of the header of ${hit.row} is covered by ${hit.hitRow}`);
  return measured;
}

/** Runs in the chat document: the keys of the rows whose header is in the view, above it, or above it by less than its height. */
function headerRows(log, { headers, where }) {
  const view = log.getBoundingClientRect();
  return [...log.querySelectorAll(headers)]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      if (where === 'above') return box.bottom < view.top;
      if (where === 'just above') return box.bottom < view.top && box.top > view.top - view.height;
      return box.top >= view.top && box.bottom <= view.bottom;
    })
    .map((element) => element.closest('.transcript__row')?.getAttribute('data-row-key'));
}

const header = (transcript, key) => transcript.locator(`.transcript__row[data-row-key="${key}"]`).locator(HEADERS);

/** Clicks a header as a person would (scrolled into view first when needed) and waits for it to say so. */
async function toggle(header, description) {
  const was = await header.getAttribute('aria-expanded');
  await header.click({ timeout: CLICK_MS });
  await waitForAttribute(header, 'aria-expanded', was === 'true' ? 'false' : 'true', `${description} ${was === 'true' ? 'folded' : 'open'}`);
}

/** The measured transcript shows its end. */
function assertAtEnd(measured, when) {
  const below = measured.scrollHeight - measured.clientHeight - measured.scrollTop;
  assert.ok(below < 24, `the transcript shows its end ${when} (${below} px below the view)`);
}

/** Back to the end of the transcript with "Latest", when the view is away from it. */
async function toLatest(chat) {
  const latest = chat.locator('[data-action="jump-to-latest"]');
  if ((await latest.count()) > 0) await latest.click({ timeout: CLICK_MS });
  await waitForLocator(latest, 'the "Latest" button gone', { state: 'hidden' });
}

async function shoot(page, box, name) {
  await page.mouse.move(box.x + box.width + 200, box.y + 10); // no hover tooltip in the picture
  await page.screenshot({ path: path.join(e2eArtifactsDir, `${name}.png`), clip: box });
}

export const tests = [
  {
    name: 'layout: transcript rows, no row overlaps the next after folds, unfolds, growth and scrolling at 300 px; a header scrolled into view stays there for its click',
    settings: scriptedAgentSettings('transcript-rows'),
    timeoutMs: 180_000,
    async run({ page }) {
      const { chat, input, transcript } = await openComposer(page);
      const box = await setSideBarWidth(page, 300);
      await input.fill('rows');
      await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
      await input.press('Enter');
      const card = (id) => transcript.locator(`[data-tool-call-id="${id}"]`);
      const head = (id) => card(id).locator('button[data-action="toggle-tool-call"]');
      const thought = transcript.locator('button[data-action="toggle-thought"]');
      const prompt = transcript.locator('[data-permission-request]');
      await waitForLocator(prompt.locator('xpath=self::*[@data-armed="true"]'), 'the permission prompt of the build accepting answers');
      await assertRows(transcript, 'the turn waiting for the permission');

      // Unfold and fold while following the end: the thought, the done cards, the failed command.
      await toggle(thought, 'the thought');
      await assertRows(transcript, 'the thought opened');
      for (const id of ['call_read', 'call_search']) {
        await toggle(head(id), id);
        await assertRows(transcript, `${id} opened`);
      }
      await toggle(head('call_test'), 'the failed command');
      await assertRows(transcript, 'the failed command folded');

      // The build is allowed: its open card grows by 23 lines at the end of the list.
      await prompt.locator('button[data-option-kind="allow_once"]').click({ timeout: CLICK_MS });
      await waitForLocator(card('call_build').getByText('build step 24:'), 'the build card grown while open');
      await assertRows(transcript, 'the build card grown while open');
      await shoot(page, box, 'transcript-rows-grown-300px');
      // The clicks above scrolled their headers into view, away from the end; "Latest" goes back there.
      await toLatest(chat);
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]').filter({ hasText: 'The build runs on.' }), 'the answer after the build');

      // The build card folds (its header more than a viewport above the end: the click scrolls it into view).
      await toggle(head('call_build'), 'the build card, far above the end');
      await assertRows(transcript, 'the build card folded from the end');

      // Following the end, a header less than a viewport above the view is scrolled into view as a click (or a
      // focus, or find in page) does it: it stays there, the transcript does not pull it back to its end.
      await toLatest(chat);
      assertAtEnd(await assertRows(transcript, 'following the end'), 'after "Latest"');
      const nearKey = (await transcript.evaluate(headerRows, { headers: HEADERS, where: 'just above' })).at(-1);
      assert.ok(nearKey, 'a header less than a viewport above the view');
      await header(transcript, nearKey).evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
      const revealed = await assertRows(transcript, `the header of ${nearKey} scrolled into view`);
      assert.ok(
        revealed.hits.some((hit) => hit.row === nearKey),
        `the header of ${nearKey} stays in view once scrolled there (scrollTop ${revealed.scrollTop}, the end at ${revealed.scrollHeight - revealed.clientHeight})`,
      );
      await toggle(header(transcript, nearKey), `the header of ${nearKey}, scrolled into view`);
      await assertRows(transcript, `${nearKey} toggled`);

      // Again from the end, clicked at once: the click scrolls it into view itself and has to land on it. Then the
      // headers in view, each folded and unfolded right after the other, nothing awaited in between.
      await toLatest(chat);
      const aboveKey = (await transcript.evaluate(headerRows, { headers: HEADERS, where: 'above' })).at(-1);
      assert.ok(aboveKey, 'a header rendered above the view');
      await toggle(header(transcript, aboveKey), `the header of ${aboveKey}, above the view`);
      await assertRows(transcript, `${aboveKey} toggled from the end`);
      await shoot(page, box, 'transcript-rows-near-click-300px');
      const inView = await transcript.evaluate(headerRows, { headers: HEADERS, where: 'in view' });
      for (const key of inView) {
        await header(transcript, key).click({ timeout: CLICK_MS });
        await header(transcript, key).click({ timeout: CLICK_MS });
      }
      await assertRows(transcript, `a fast sequence of folds and unfolds (${inView.join(', ')})`);

      // Scrolled up by the wheel, away from the end: unfold and fold there; the rows below move, none overlaps.
      const view = await transcript.boundingBox();
      assert.ok(view, 'the transcript has a box');
      await page.mouse.move(view.x + view.width / 2, view.y + view.height / 2);
      await page.mouse.wheel(0, -100_000);
      await waitForLocator(chat.locator('[data-action="jump-to-latest"]'), 'the "Latest" button after wheeling to the top');
      await transcript.evaluate((log) => new Promise((resolve) => {
        const check = () => (log.scrollTop === 0 ? resolve() : requestAnimationFrame(check));
        check();
      }));
      await toggle(thought, 'the thought, scrolled to the top');
      await assertRows(transcript, 'the thought opened at the top');
      await toggle(head('call_search'), 'call_search, scrolled up');
      await assertRows(transcript, 'call_search unfolded while scrolled up');
      await shoot(page, box, 'transcript-rows-scrolled-up-300px');

      // The plan under the transcript folds and unfolds: the transcript's viewport changes height.
      const plan = chat.locator('[data-plan] [data-action="toggle-plan"]');
      await toggle(plan, 'the plan');
      await assertRows(transcript, 'the plan toggled');
      await toggle(plan, 'the plan');
      await assertRows(transcript, 'the plan toggled back');

      // Wider, then narrow again: every row wraps anew.
      await setSideBarWidth(page, 600);
      await assertRows(transcript, 'at 600 px');
      await setSideBarWidth(page, 300);
      await assertRows(transcript, 'back at 300 px');

      // At the end again (600 px may have brought the view there already), the build card unfolds with a click, folds
      // and unfolds with Enter there: pressing a button is no scroll, the transcript follows its end all along.
      await toLatest(chat);
      await toggle(head('call_build'), 'the build card');
      assertAtEnd(await assertRows(transcript, 'the build card unfolded at the end'), 'after a click unfolded the build card');
      await head('call_build').evaluate((button) => button.focus({ preventScroll: true }));
      for (const expanded of ['false', 'true']) {
        await page.keyboard.press('Enter');
        await waitForAttribute(head('call_build'), 'aria-expanded', expanded, `the build card ${expanded === 'true' ? 'unfolded' : 'folded'} by Enter`);
        assertAtEnd(await assertRows(transcript, `the build card toggled by Enter at the end`), `after Enter ${expanded === 'true' ? 'unfolded' : 'folded'} the build card`);
      }
      assert.equal(await chat.locator('[data-action="jump-to-latest"]').count(), 0, 'no "Latest" button: the transcript still follows its end');
      await shoot(page, box, 'transcript-rows-end-300px');
    },
  },
];
