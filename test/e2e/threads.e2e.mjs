// The Threads view in the real workbench, with the scripted agent playing test/fixtures/scenarios/threads.json: three
// sessions at once, one working (until it is stopped), one waiting on a permission prompt, one whose turn ended
// while another was shown (done, unread). The rows say so, the working one's elapsed time ticks, the ACP icon's badge
// counts the waiting one once; a click on a row shows that session in the side-bar chat (and reads it); Close on a
// row closes its session. A screenshot of the side bar at 300 px goes to .test-artifacts/e2e/threads-300px.png.
//
// DOM contract (VS Code's tree view): the pane whose header says "Threads"; its rows [role="treeitem"] with the
// aria-label "<title>, <agent> in <folder>, <state>[, <n> files changed]" and the description (.label-description)
// "<state> · <agent>…"; the inline action "Close Session" on an open session's row.
import assert from 'node:assert/strict';
import path from 'node:path';
import { expandThreads, releaseWaitingTurns, threadRow, threadsAgentSettings, threadsPane } from '../harness/threads-view.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, newSessionFromMenu, openChatView, sendMessage, setSideBarWidth } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

export const tests = [
  {
    name: 'threads: working, waiting for you and done-unread sessions as rows, the badge, a click shows a session (300 px)',
    settings: threadsAgentSettings,
    async run({ page, workspace }) {
      await openChatView(page);
      const chat = chatFrame(page);
      await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the scripted agent ready');
      await sendMessage(chat, 'later please', 'Waiting for the go file.');
      await newSessionFromMenu(chat);
      await waitForLocator(chat.locator('[role="log"]').getByText('Waiting for the go file.'), 'a new session shown', { state: 'detached' });
      await sendMessage(chat, 'wait here', 'Working until you stop me.');
      await newSessionFromMenu(chat);
      await waitForLocator(chat.locator('[role="log"]').getByText('Working until you stop me.'), 'a new session shown', { state: 'detached' });
      await sendMessage(chat, 'ask me', 'Edit notes.md');
      await waitForLocator(chat.locator('[data-permission-request] button[data-option-kind="allow_once"]'), 'the permission prompt of "ask me"');
      // The first session's turn ends now, while the third is shown: done, unread.
      releaseWaitingTurns(workspace);

      await expandThreads(page);
      await waitForLocator(threadRow(page, 'later please').and(page.locator('[aria-label$=", Done, unread"]')), 'the first session: done, unread');
      await waitForLocator(threadRow(page, 'ask me').and(page.locator('[aria-label$=", Waiting for you"]')), 'the third session: waiting for you');
      const working = threadRow(page, 'wait here');
      await waitForLocator(working.and(page.locator('[aria-label*=", Working · "]')), 'the second session: working, with its elapsed time');
      assert.match(await working.locator('.label-description').innerText(), /^Working · \d+ s · Scripted \(threads\)$/);
      assert.match(await threadRow(page, 'ask me').locator('.label-description').innerText(), /^Waiting for you · Scripted \(threads\)$/);
      // The elapsed time ticks while the view is on screen.
      const shownTime = await working.getAttribute('aria-label');
      await waitForLocator(working.and(page.locator(`[aria-label*=", Working · "]:not([aria-label="${shownTime}"])`)), 'the elapsed time of the working session ticking', { timeout: 5_000 });

      // The ACP icon counts the one session that waits for the user once (the chat's badge, none of the Threads view).
      const badge = page.locator('.activitybar .action-item', { has: page.locator('a.action-label[aria-label^="ACP Agents"]') }).locator('.badge .badge-content');
      await waitForLocator(badge, 'the badge on the ACP icon');
      assert.equal((await badge.innerText()).trim(), '1');

      const box = await setSideBarWidth(page, 300);
      await waitForLocator(threadRow(page, 'later please'), 'the rows at 300 px');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'threads-300px.png'), clip: box });

      // A click shows the session in the side-bar chat, and it is read.
      await threadRow(page, 'later please').click();
      await waitForLocator(chat.locator('[role="log"]').getByText('Done after go.'), 'the first session in the chat after a click on its row');
      await waitForLocator(threadRow(page, 'later please').and(page.locator('[aria-label$=", Done, unread"]')), 'the row no longer unread', { state: 'detached' });
      await waitForLocator(threadRow(page, 'later please'), 'the first session still listed');

      // Close on a row closes its session.
      await working.hover();
      await working.locator('.action-label[aria-label="Close Session"]').click();
      await waitForLocator(working, 'the closed session leaving the view', { state: 'detached' });
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'threads-300px-after.png'), clip: await page.locator('.part.sidebar').boundingBox() });
    },
  },
];
