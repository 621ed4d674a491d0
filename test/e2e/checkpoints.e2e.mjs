// "Restore checkpoint" on user messages, and the local read-only copy of a conversation whose agent cannot load
// sessions, in the real workbench with the scripted agent playing test/fixtures/scenarios/changes-strip.json (no
// session/load; each prompt appends to strip/app.js and strip/lib/util.js and creates strip/new-<turn>.md).
// Screenshots of the side bar at 600 px and 300 px go to .test-artifacts/e2e/checkpoints-*.png.
//
// DOM contract: under a user message with a checkpoint [data-checkpoint=<turn>] the button
// [data-action="restore-checkpoint"]; its plan [data-restore-plan] with rows [data-restore-file=<name>]
// [data-restore-action=restore|recreate|delete] and [data-action="confirm-restore" | "cancel-restore"]; the rewind
// marker is a notice [data-rewind="restored" | "undone"] with [data-action="undo-restore"] while it can be undone.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, chatWebviewHost, setSideBarWidth, openComposer, runFromCommandPalette } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';
import { APP, UTIL, projectFiles, sendTurn } from './stripFixture.mjs';

function userMessage(chat, turn) {
  return chat.locator('[role="log"] [data-entry-kind="user"]').filter({ hasText: `change the files (${turn})` });
}

/** Screenshots of the side bar at 600 and 300 px; `check` runs at each width first (what must be in view). */
async function screenshots(page, name, check) {
  for (const width of [600, 300]) {
    const box = await setSideBarWidth(page, width);
    await check?.(width);
    await page.screenshot({ path: path.join(e2eArtifactsDir, `${name}-${width}px.png`), clip: box });
  }
}

async function fullyInView(locator, what) {
  const inView = await locator.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    return rect.left >= 0 && rect.right <= document.documentElement.clientWidth;
  });
  assert.ok(inView, `${what} is not cut off`);
}

/** Where the element is against the transcript's visible part: px to scroll (negative: up), 0 when wholly in view. */
async function overflow(chat, locator) {
  const scroller = await chat.locator('[role="log"]').boundingBox();
  const box = await locator.boundingBox();
  assert.ok(scroller && box, 'the transcript and the element are laid out');
  if (box.y < scroller.y) return box.y - scroller.y - 8;
  if (box.y + box.height > scroller.y + scroller.height) return box.y + box.height - (scroller.y + scroller.height) + 8;
  return 0;
}

/** Wheels the transcript, as a person would, until the element is wholly in view (a resize may have moved it). */
async function wheelIntoView(page, chat, locator, what) {
  const log = chat.locator('[role="log"]');
  for (let attempt = 0; attempt < 5; attempt++) {
    const delta = await overflow(chat, locator);
    if (delta === 0) return;
    const scrolled = log.evaluate((element) => new Promise((resolve) => element.addEventListener('scroll', () => requestAnimationFrame(() => resolve(undefined)), { once: true })));
    await log.hover();
    await page.mouse.wheel(0, delta);
    await scrolled;
  }
  assert.equal(await overflow(chat, locator), 0, `${what} is in view`);
}

export const tests = [
  {
    name: 'checkpoints: Restore checkpoint on a user message lists the files, marks the rewind, and Undo Restore puts them back (600 px and 300 px)',
    settings: scriptedAgentSettings('changes-strip'),
    async run({ page, workspace }) {
      const files = projectFiles(workspace);
      const { chat, input } = await openComposer(page);
      await sendTurn(chat, input, 1);
      // Each turn's disk changes are seen before the next prompt (else they would count as the next turn's).
      await waitForLocator(chat.locator('[data-changes-strip][aria-label="3 files changed"]'), 'the strip after turn 1');
      await sendTurn(chat, input, 2);
      await waitForLocator(chat.locator('[data-changes-strip][aria-label="4 files changed"]'), 'the strip after turn 2');
      const afterTurn2 = { app: readFileSync(files.app, 'utf8'), util: readFileSync(files.util, 'utf8') };

      const first = userMessage(chat, 1);
      await waitForLocator(first.locator('[data-checkpoint="1"] [data-action="restore-checkpoint"]'), 'Restore checkpoint under the first message');
      await waitForLocator(userMessage(chat, 2).locator('[data-checkpoint="2"]'), 'a checkpoint under the second message');
      await first.locator('[data-action="restore-checkpoint"]').click();
      const plan = first.locator('[data-restore-plan]');
      await waitForLocator(plan, 'the plan of the restore');
      const rows = await plan.locator('[data-restore-file]').evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('data-restore-file')}:${node.getAttribute('data-restore-action')}`));
      assert.deepEqual(rows.sort(), ['app.js:restore', 'new-1.md:delete', 'new-2.md:delete', 'util.js:restore']);
      assert.equal(readFileSync(files.app, 'utf8'), afterTurn2.app, 'nothing is written before Restore');
      await screenshots(page, 'checkpoints-plan', async (width) => {
        await wheelIntoView(page, chat, plan, `the plan at ${width} px`);
        await fullyInView(plan.locator('[data-action="confirm-restore"]'), `the Restore button at ${width} px`);
        await fullyInView(plan.locator('[data-restore-file="new-2.md"] .checkpoint__action'), `what happens to new-2.md at ${width} px`);
      });

      await plan.locator('[data-action="confirm-restore"]').click();
      const marker = chat.locator('[role="log"] [data-entry-kind="notice"][data-rewind="restored"]');
      await waitForLocator(marker, 'the rewind marker in the transcript');
      assert.match(await marker.innerText(), /Checkpoint restored: 4 files are back as before "change the files \(1\)"/);
      assert.equal(readFileSync(files.app, 'utf8'), APP);
      assert.equal(readFileSync(files.util, 'utf8'), UTIL);
      assert.equal(existsSync(files.created(1)), false, 'the file made in turn 1 is gone');
      assert.equal(existsSync(files.created(2)), false, 'the file made in turn 2 is gone');
      await screenshots(page, 'checkpoints-restored', async (width) => {
        await wheelIntoView(page, chat, marker, `the rewind marker at ${width} px`);
        await fullyInView(marker.locator('[data-action="undo-restore"]'), `Undo Restore at ${width} px`);
      });

      // Nothing is left to restore on the first message (the files are as they were then); the second one's checkpoint
      // would now bring the first turn's changes back.
      await waitForLocator(first.locator('[data-action="restore-checkpoint"]'), 'no Restore checkpoint on the restored message', { state: 'detached' });
      await waitForLocator(userMessage(chat, 2).locator('[data-action="restore-checkpoint"]'), 'Restore checkpoint on the second message');
      await marker.locator('[data-action="undo-restore"]').click();
      await waitForLocator(chat.locator('[role="log"] [data-entry-kind="notice"][data-rewind="undone"]'), 'the marker says the restore was undone');
      assert.equal(await chat.locator('[data-action="undo-restore"]').count(), 0, 'no second Undo Restore');
      assert.equal(readFileSync(files.app, 'utf8'), afterTurn2.app);
      assert.equal(readFileSync(files.util, 'utf8'), afterTurn2.util);
      assert.ok(existsSync(files.created(1)) && existsSync(files.created(2)), 'the created files are back');
      await waitForLocator(first.locator('[data-action="restore-checkpoint"]'), 'Restore checkpoint back on the first message');
    },
  },
  {
    name: "checkpoints: the demo agent's conversation comes back read-only after a reload, says why, and opens from History (600 px and 300 px)",
    settings: scriptedAgentSettings('changes-strip'),
    async run({ page, workspace }) {
      projectFiles(workspace);
      const { chat, input } = await openComposer(page);
      await sendTurn(chat, input, 1);

      await page.reload();
      await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
      await chatWebviewHost(page).waitFor({ timeout: 60_000 });
      await runFromCommandPalette(page, 'ACP: Open Chat');
      const after = chatFrame(page);
      const why = after.locator('[role="log"] [data-entry-kind="notice"]').filter({ hasText: 'cannot load earlier sessions' });
      await waitForLocator(why, 'the note that says why the conversation cannot go on');
      assert.match(await why.innerText(), /cannot go on\. This is a read-only copy kept in this workspace; a message you send starts a new session\./);
      await waitForLocator(after.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: 'Changed three files (turn 1).' }), "the agent's answer, back after the reload");
      // Its checkpoint is still on the message (the files it changed wait in the strip).
      await waitForLocator(userMessage(after, 1).locator('[data-action="restore-checkpoint"]'), 'Restore checkpoint on the message of the copy');
      await screenshots(page, 'checkpoints-read-only-after-reload', async (width) => {
        await wheelIntoView(page, after, why, `the note at ${width} px`);
        await fullyInView(why, `the note at ${width} px`);
      });

      // Closed, then opened again from the history.
      await after.locator('[data-action="switch-sessions"]').click();
      const menu = after.locator('[role="menu"][aria-label="Open sessions"]');
      await waitForLocator(menu, 'the open sessions menu');
      await menu.locator('[data-session-key]').first().locator('[data-action="close-session"]').click();
      await waitForLocator(why, 'the copy closed', { state: 'detached' });
      await after.locator('[data-action="switch-sessions"]').click();
      await waitForLocator(menu, 'the open sessions menu');
      await menu.locator('[data-action="show-history"]').click();
      const row = after.locator('[data-history] [data-history-session][data-read-only="true"]').filter({ hasText: 'change the files (1)' });
      await waitForLocator(row, 'the conversation in the history, marked as a read-only copy');
      assert.match(await row.innerText(), /Read-only copy/);
      await screenshots(page, 'checkpoints-history-read-only');
      await row.locator('.history-item__main').click();
      await waitForLocator(why, 'the copy opened from the history, with why it cannot go on');
      await waitForLocator(after.locator('[role="log"] [data-entry-kind="user"]').filter({ hasText: 'change the files (1)' }), 'its message');

      // A message from it starts a new session; the copy stays in the list of open sessions.
      const box = after.locator('textarea[aria-label="Message the agent"]');
      await box.fill('change the files (2)');
      await waitForLocator(after.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
      await box.press('Enter');
      // The new session's first turn (the scripted agent counts turns per session).
      await waitForLocator(after.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: 'Changed three files (turn 1).' }), 'the answer in a new session');
      await waitForLocator(why, 'the new session shown, not the copy', { state: 'detached' });
      assert.equal(await after.locator('[role="log"] [data-entry-kind="user"]').count(), 1, 'only the new message');
      await after.locator('[data-action="switch-sessions"]').click();
      await waitForLocator(menu, 'the open sessions menu');
      assert.equal(await menu.locator('[data-session-key]').count(), 2, 'the copy stays open beside the new session');
    },
  },
  ...['Default Dark Modern', 'Default High Contrast'].map((theme) => ({
    name: `checkpoints: the restore plan and the rewind marker in the ${theme} theme (600 px and 300 px)`,
    settings: scriptedAgentSettings('changes-strip', { 'workbench.colorTheme': theme }),
    async run({ page, workspace }) {
      projectFiles(workspace);
      const slug = theme.toLowerCase().replace(/\s+/g, '-');
      const { chat, input } = await openComposer(page);
      await sendTurn(chat, input, 1);
      await waitForLocator(chat.locator('[data-changes-strip][aria-label="3 files changed"]'), 'the strip after turn 1');
      const first = userMessage(chat, 1);
      await first.locator('[data-action="restore-checkpoint"]').click();
      const plan = first.locator('[data-restore-plan]');
      await waitForLocator(plan, 'the plan of the restore');
      await screenshots(page, `checkpoints-plan-${slug}`, (width) => wheelIntoView(page, chat, plan, `the plan at ${width} px`));
      await plan.locator('[data-action="confirm-restore"]').click();
      const marker = chat.locator('[role="log"] [data-entry-kind="notice"][data-rewind="restored"]');
      await waitForLocator(marker, 'the rewind marker');
      await screenshots(page, `checkpoints-restored-${slug}`, (width) => wheelIntoView(page, chat, marker, `the marker at ${width} px`));
    },
  })),
];
