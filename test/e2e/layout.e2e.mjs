// Layout at the widths people use, in the real workbench with the scripted agent playing
// test/fixtures/scenarios/layout-cards.json: tool cards of one line ("Read hello.js", "Created french.js +4 −0",
// "Ran `node …`" with its exit) whose verb and file name a 300 px side bar does not cut, the kind and the agent's tool
// name in the details, a terminal card with its command line, diff lines that scroll sideways; the plan as a
// checklist that folds to one line while a permission waits and after the turn, and is marked after Stop; the
// permission prompt's question and buttons in view together, "Allow once" the primary button; a card whose change
// was undone says so; the chat moved to the secondary side bar. Screenshots at 300 px and 600 px in a light, a dark and
// a high contrast theme go to .test-artifacts/e2e/layout-*.png.
//
// DOM contract: cards [data-tool-call-id] with header button[data-action="toggle-tool-call"] holding [data-headline]
// (.tool-call__verb, .tool-call__subject), [data-tool-stats], [data-tool-exit], [data-tool-undone]; the details
// .tool-call__details (toggle .disclosure__toggle) with [data-tool-name]; a terminal's [data-terminal-command]; the plan
// [data-plan] ([data-plan-stale]) with [data-action="toggle-plan"] and [data-plan-current]; prompts
// [data-permission-request] with [data-permission-subject] and button[data-option-kind].
import assert from 'node:assert/strict';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { DARK, HIGH_CONTRAST, LIGHT, reopenWithThemes, setSideBarWidth, themeBodyClass } from '../harness/themes.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, openComposer, runFromCommandPalette } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const SCENARIO = 'layout-cards';
const THEME_NAMES = { [LIGHT]: 'light', [DARK]: 'dark', [HIGH_CONTRAST]: 'high-contrast' };

async function shoot(page, box, name) {
  await page.mouse.move(box.x + box.width + 200, box.y + 10); // no hover tooltip in the picture
  await page.screenshot({ path: path.join(e2eArtifactsDir, `${name}.png`), clip: box });
}

async function send(chat, input, text) {
  await input.fill(text);
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
  await input.press('Enter');
}

const card = (transcript, id) => transcript.locator(`[data-tool-call-id="${id}"]`);
const head = (transcript, id) => card(transcript, id).locator('button[data-action="toggle-tool-call"]');
const oneSpace = (text) => text.replace(/\s+/g, ' ').trim();

/** Runs in the chat document: whether the element is wholly inside the chat's visible area. */
function wholeInView(element) {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= document.documentElement.clientHeight && box.right <= document.documentElement.clientWidth;
}

/** Runs in the chat document: whether a text element shows all of its text (nothing cut by an ellipsis). */
function notCut(element) {
  return element.scrollWidth <= element.clientWidth + 1;
}

/** The card's header is one line: no taller than a line of its text and its icons. */
async function assertOneLine(transcript, id) {
  const height = await head(transcript, id).evaluate((button) => button.getBoundingClientRect().height);
  assert.ok(height <= 26, `${id}: the header is one line (${height} px high)`);
}

/**
 * The permission prompt of the "work" turn at 300 px, then 600 px: the question and its buttons in view together, the
 * plan folded to one line meanwhile, "Allow once" primary. Allows it; the turn ends.
 */
async function promptAtBothWidths(page, chat, transcript, shot) {
  const prompt = transcript.locator('[data-permission-request]');
  await waitForLocator(prompt.locator('xpath=self::*[@data-armed="true"]'), 'the permission prompt accepting answers');
  const plan = chat.locator('[data-plan]');
  await waitForLocator(plan.locator('[data-action="toggle-plan"][aria-expanded="false"]'), 'the plan folded while the permission waits');
  assert.equal(oneSpace(await plan.locator('[data-plan-current]').innerText()), 'Add a French greeting in its own module', 'the folded plan names the step it is at');
  assert.match(await prompt.locator('button[data-option-kind="allow_once"]').getAttribute('class'), /button--primary/);
  assert.match(await prompt.locator('button[data-option-kind="allow_always"]').getAttribute('class'), /button--secondary/);
  for (const width of [300, 600]) {
    const box = await setSideBarWidth(page, width);
    // The transcript follows its end: the prompt scrolls into view after the resize.
    for (const part of ['[data-permission-subject]', 'button[data-option-kind="allow_once"]', 'button[data-option-kind="reject_once"]']) {
      await chat.locator(`[data-permission-request] ${part}`).evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
    }
    const subject = prompt.locator('[data-permission-subject]');
    assert.ok(await subject.evaluate(wholeInView), `the prompt's subject is in view at ${width} px`);
    for (const kind of ['allow_once', 'allow_always', 'reject_once']) {
      assert.ok(await prompt.locator(`button[data-option-kind="${kind}"]`).evaluate(wholeInView), `the ${kind} button is in view with the subject at ${width} px`);
    }
    const verb = head(transcript, 'call_create').locator('.tool-call__verb');
    assert.equal((await verb.innerText()).trim(), 'Create');
    assert.ok(await head(transcript, 'call_create').locator('.tool-call__subject').evaluate(notCut), `the file name is not cut at ${width} px`);
    await shoot(page, box, `layout-prompt-${width}px-${shot}`);
  }
  await setSideBarWidth(page, 300);
  await prompt.locator('button[data-option-kind="allow_once"]').click();
  await waitForLocator(transcript.locator('[data-entry-kind="agent"]').filter({ hasText: 'one test still fails' }), 'the end of the turn');
  await waitForLocator(chat.locator('[data-action="send"]'), 'the Send button back (the turn ended)');
}

/** The finished cards, checked and photographed at 300 px and 600 px. */
async function cardsAtBothWidths(page, chat, transcript, shot) {
  const plan = chat.locator('[data-plan]');
  await waitForLocator(plan.locator('[data-action="toggle-plan"][aria-expanded="false"]'), 'the plan folded after the turn');
  assert.equal(oneSpace(await plan.locator('[data-plan-current]').innerText()), 'Summarize the change');

  // Headlines: verb and file name, the counts, the command and its exit.
  assert.equal(oneSpace(await card(transcript, 'call_read').locator('[data-headline]').innerText()), 'Read hello.js');
  assert.equal(oneSpace(await card(transcript, 'call_create').locator('[data-headline]').innerText()), 'Created french.js');
  assert.equal(oneSpace(await head(transcript, 'call_create').locator('[data-tool-stats]').innerText()), '+4 −0');
  const ran = oneSpace(await card(transcript, 'call_test').locator('[data-headline]').innerText());
  assert.match(ran, /^Ran node -e /, 'the command card names its command');
  await waitForLocator(head(transcript, 'call_test').locator('[data-tool-exit]', { hasText: 'exit 1' }), 'the exit status in the header');
  assert.equal(oneSpace(await card(transcript, 'call_search').locator('[data-headline]').innerText()), oneSpace('Search for "greet" in every JavaScript file of the workspace, including the tests and the fixtures'));
  assert.equal(await transcript.locator('.tool-call__head .tool-call__kind').count(), 0, 'no kind pill in any header');
  assert.ok(!(await transcript.innerText()).includes('Terminal term-'), 'no "Terminal term-1" label');

  // The command card (failed: open) shows the command line above the output.
  const command = card(transcript, 'call_test').locator('[data-terminal-command]');
  await waitForLocator(command, "the terminal's command line");
  assert.match(await command.innerText(), /node -e/);

  // The created file's card: open it; its diff lines do not wrap, they scroll sideways.
  await head(transcript, 'call_create').click();
  const hunks = card(transcript, 'call_create').locator('.diff-hunks');
  await waitForLocator(hunks.locator('.diff-line--add').first(), 'the hunks of the new file');

  // The search card's details: the kind and the agent's tool name, the full title.
  await head(transcript, 'call_search').click();
  const details = card(transcript, 'call_search').locator('.tool-call__details');
  await details.locator('.disclosure__toggle').click();
  await waitForLocator(details.locator('[data-tool-name]', { hasText: 'grep_search' }), "the agent's tool name in the details");
  assert.equal((await details.locator('[data-tool-details-kind]').innerText()).trim(), 'search');

  for (const width of [300, 600]) {
    const box = await setSideBarWidth(page, width);
    for (const id of ['call_read', 'call_create', 'call_test', 'call_search']) await assertOneLine(transcript, id);
    for (const id of ['call_read', 'call_create']) {
      assert.ok(await head(transcript, id).locator('.tool-call__subject').evaluate(notCut), `${id}: the file name is not cut at ${width} px`);
    }
    const scrolls = await hunks.evaluate((element) => ({
      overflow: getComputedStyle(element).overflowX,
      wider: element.scrollWidth > element.clientWidth,
      lineHeights: [...element.querySelectorAll('.diff-line')].map((line) => line.getBoundingClientRect().height),
    }));
    assert.equal(scrolls.overflow, 'auto');
    assert.ok(Math.max(...scrolls.lineHeights) < 2 * Math.min(...scrolls.lineHeights), `no diff line wraps at ${width} px`);
    if (width === 300) assert.ok(scrolls.wider, 'the long line scrolls sideways at 300 px');
    await card(transcript, 'call_create').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shoot(page, box, `layout-cards-${width}px-${shot}`);
  }
  await plan.locator('[data-action="toggle-plan"]').click();
  await waitForLocator(plan.locator('.plan__items'), 'the plan opened');
  assert.equal(await plan.locator('.plan__priority').count(), 0, 'no priority shown: the high step is done, "low" says nothing');
  assert.equal(await plan.locator('.plan__check--done').count(), 3);
  const box = await setSideBarWidth(page, 300);
  await shoot(page, box, `layout-plan-300px-${shot}`);
}

function themeTest(theme) {
  const shot = THEME_NAMES[theme];
  return {
    name: `layout: one-line tool cards, the plan and the permission prompt at 300 px and 600 px, ${shot} theme`,
    settings: scriptedAgentSettings(SCENARIO, { 'workbench.colorTheme': theme }),
    timeoutMs: 240_000,
    async run(fixture) {
      const { page } = fixture;
      await reopenWithThemes(fixture);
      const { chat, input, transcript } = await openComposer(page);
      await waitForLocator(chat.locator(`body.${themeBodyClass(theme)}`), `the ${shot} theme in the chat`);
      await setSideBarWidth(page, 300);
      await send(chat, input, 'do the work');
      await promptAtBothWidths(page, chat, transcript, shot);
      await cardsAtBothWidths(page, chat, transcript, shot);
      if (theme !== LIGHT) return;
      // Undo the created file from the changes strip: its card says so.
      await chat.locator('[data-changes-strip] [data-changed-file="french.js"] [data-action="undo-file"]').click();
      const undone = head(transcript, 'call_create').locator('[data-tool-undone]');
      await waitForLocator(undone, 'the card saying its change was undone');
      assert.equal((await undone.innerText()).trim(), 'Undone');
      // Every card folded: one line each, the undone one says so.
      for (const id of ['call_create', 'call_test', 'call_search']) {
        if ((await head(transcript, id).getAttribute('aria-expanded')) === 'true') await head(transcript, id).click();
        await assertOneLine(transcript, id);
      }
      await shoot(page, await setSideBarWidth(page, 300), `layout-undone-300px-${shot}`);
    },
  };
}

export const tests = [
  themeTest(LIGHT),
  themeTest(DARK),
  themeTest(HIGH_CONTRAST),
  {
    name: 'layout: a plan left unfinished by Stop is marked stopped',
    settings: scriptedAgentSettings(SCENARIO),
    async run({ page }) {
      const { chat, input } = await openComposer(page);
      const box = await setSideBarWidth(page, 300);
      await send(chat, input, 'stop me');
      const plan = chat.locator('[data-plan]');
      await waitForLocator(plan.locator('[data-action="toggle-plan"][aria-expanded="true"]'), 'the plan open while the turn runs');
      assert.equal(await plan.getAttribute('data-plan-stale'), null, 'not stale while it runs');
      await chat.locator('[data-action="stop"]').click();
      await waitForLocator(chat.locator('[data-plan][data-plan-stale="true"]'), 'the plan marked stale after Stop');
      assert.match(await plan.locator('.plan__stale').innerText(), /stopped/);
      assert.equal(await plan.locator('[data-action="toggle-plan"]').getAttribute('aria-expanded'), 'false', 'folded after the turn');
      await shoot(page, box, 'layout-plan-stopped-300px');
    },
  },
  {
    name: 'layout: "Move Chat" puts the chat in the secondary side bar, where it works',
    settings: scriptedAgentSettings(SCENARIO),
    async run({ page }) {
      await openComposer(page);
      await runFromCommandPalette(page, 'ACP: Move Chat to Another Side Bar');
      const target = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'New Secondary Side Bar Entry' });
      await waitForLocator(target, 'the secondary side bar offered as a destination');
      await target.click();
      const aux = page.locator('.part.auxiliarybar');
      await waitForLocator(aux.locator('.composite.title, .pane-header').filter({ hasText: /Chat/i }).first(), 'the chat in the secondary side bar');
      const chat = chatFrame(page);
      const input = chat.locator('textarea[aria-label="Message the agent"]');
      await waitForLocator(input, 'the message box in the moved chat');
      const inAux = await page.locator('iframe.webview.ready').evaluateAll((frames, auxBox) => frames.some((frame) => {
        const box = frame.getBoundingClientRect();
        return box.width > 0 && box.left >= auxBox.x - 1;
      }), await aux.boundingBox());
      assert.ok(inAux, 'the chat webview is drawn over the secondary side bar');
      await send(chat, input, 'stop me');
      await waitForLocator(chat.locator('[data-plan]'), 'the plan of the turn (the chat works there)');
      await chat.locator('[data-action="stop"]').click();
      const box = await setSideBarWidth(page, 300, '.part.auxiliarybar');
      await shoot(page, box, 'layout-secondary-side-bar-300px');
    },
  },
];
