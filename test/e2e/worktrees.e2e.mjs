// Worktree threads in the real workbench, as a person uses them, with the scripted agent playing
// test/fixtures/scenarios/worktrees.json in a workspace folder that is a git repository: "ACP: New Thread in Worktree"
// from the command palette (the agent picked in its quick pick) starts a session in a new worktree on a new branch;
// a prompt makes the agent write a file there (the main tree untouched); the Threads view's row of the thread says its
// title, its branch and the files changed (the agent in its tooltip); the row's inline Apply brings the file into the main working
// tree and says so in a notification; Discard from the row's context menu asks in a modal dialog, and once answered
// the row, the worktree and its branch are gone. Screenshots: .test-artifacts/e2e/worktrees-*.png (the Threads view
// at 300 px, the Apply notification, the side bar after Apply, the Discard confirmation, the view after). Undo Apply, the notification's button,
// takes the file out of the main tree again before a second Apply.
//
// DOM contract: the Threads view's rows as in threads.e2e.mjs, a worktree thread's row with the inline action "Apply
// Thread to Working Tree" and the context menu item "Discard Thread"; the workbench's quick pick (.quick-input-widget),
// notification toasts (.notification-toast) and modal dialog (.monaco-dialog-box) as VS Code draws them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { expandThreads, threadRow } from '../harness/threads-view.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, openChatView, runFromCommandPalette, sendMessage, setSideBarWidth } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const BRANCH = 'acp/scripted-worktrees-1';

function git(cwd, ...args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The fixture workspace made a git repository with one commit of all its files (a clean tree). */
function makeRepository(workspace) {
  git(workspace, 'init', '-q', '-b', 'main');
  git(workspace, 'add', '.');
  git(workspace, '-c', 'user.email=e2e@example.com', '-c', 'user.name=E2E', 'commit', '-q', '-m', 'start');
}

export const tests = [
  {
    name: 'worktrees: New Thread in Worktree from the palette, its row in the Threads view, Apply and Discard from the row (300 px)',
    settings: scriptedAgentSettings('worktrees'),
    async run({ page, workspace }) {
      makeRepository(workspace);
      const worktree = path.join(`${workspace}.worktrees`, 'scripted-worktrees-1');
      await openChatView(page);
      const chat = chatFrame(page);
      await waitForLocator(chat.locator('[data-agent-status="ready"]'), 'the scripted agent ready');

      // The palette's command asks for the agent (the current one first); the thread's session takes the chat.
      await runFromCommandPalette(page, 'ACP: New Thread in Worktree');
      const pick = page.locator('.quick-input-widget');
      await waitForLocator(pick.locator('.quick-input-title', { hasText: 'New Thread in Worktree' }), 'the agent pick of New Thread in Worktree');
      await pick.locator('.monaco-list-row', { hasText: 'Scripted (worktrees)' }).click();
      await waitForLocator(pick, 'the agent pick closed', { state: 'hidden' });
      await sendMessage(chat, 'write new', 'written');
      assert.equal(readFileSync(path.join(worktree, 'made-by-thread.txt'), 'utf8'), 'made in the worktree\n', 'the agent wrote in its worktree');
      assert.equal(git(worktree, 'branch', '--show-current').trim(), BRANCH);
      assert.equal(git(workspace, 'status', '--porcelain'), '', 'the main tree is untouched until Apply');

      // The thread's row: its title, agent, worktree branch and files changed.
      await expandThreads(page);
      const row = threadRow(page, 'write new');
      await waitForLocator(row.and(page.locator('[aria-label$=", 1 file changed"]')), "the thread's row with its file changed");
      assert.equal(await row.getAttribute('aria-label'), `write new, Scripted (worktrees) in ${worktree} (worktree, branch ${BRANCH}), Ready, 1 file changed`);
      assert.equal(await row.locator('.label-description').innerText(), `${BRANCH} · 1 file changed`);
      const box = await setSideBarWidth(page, 300);
      await waitForLocator(row, 'the row at 300 px');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'worktrees-threads-300px.png'), clip: box });

      // Apply, the row's inline action: the file lands in the main working tree, and a notification says so.
      await row.hover();
      await row.locator('.action-label[aria-label="Apply Thread to Working Tree"]').click();
      const applied = `Applied 1 file of ${BRANCH} to the working tree.`;
      const toast = page.locator('.notification-toast', { hasText: applied });
      await waitForLocator(toast, `the notification "${applied}"`);
      assert.equal(readFileSync(path.join(workspace, 'made-by-thread.txt'), 'utf8'), 'made in the worktree\n', 'the file is in the main working tree');
      // The toast first: its screenshot waits until it stopped sliding in.
      await toast.screenshot({ path: path.join(e2eArtifactsDir, 'worktrees-apply-toast.png') });
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'worktrees-apply-notification.png') });

      // Undo Apply, the notification's button: the file leaves the main tree again; the row's Apply brings it back.
      await toast.locator('.monaco-button', { hasText: 'Undo Apply' }).click();
      await waitForLocator(page.locator('.notification-toast', { hasText: `Undid the Apply of ${BRANCH}: 1 file back as it was.` }), 'the notification of Undo Apply');
      assert.equal(existsSync(path.join(workspace, 'made-by-thread.txt')), false, 'Undo Apply removed the file Apply made');
      assert.equal(git(workspace, 'status', '--porcelain'), '', 'the main tree is as it was before Apply');
      await row.hover();
      await row.locator('.action-label[aria-label="Apply Thread to Working Tree"]').click();
      await waitForLocator(page.locator('.notification-toast', { hasText: applied }), 'the notification of the second Apply');
      assert.equal(readFileSync(path.join(workspace, 'made-by-thread.txt'), 'utf8'), 'made in the worktree\n', 'applied again');
      // The chat's changes strip lists what Apply wrote as the thread's change, told apart from the thread's own file
      // in its worktree by the folder.
      const stripRows = chat.locator('.changes__file[data-changed-file="made-by-thread.txt"]');
      await waitForLocator(stripRows.nth(1), 'the applied file in the changes strip beside the worktree’s');
      const folders = await stripRows.evaluateAll((rows) => rows.map((row) => row.querySelector('.changes__folder')?.textContent ?? ''));
      assert.deepEqual(folders.sort(), ['', `…/${path.basename(workspace)}.worktrees/scripted-worktrees-1`]);
      // The side bar as the README shows it (docs/images/worktree-thread.png is this file).
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'worktrees-applied-sidebar.png'), clip: box });

      // Discard, from the row's context menu (the last item, chosen with the keyboard: the menu ignores clicks in its
      // first 100 ms), asks first in a modal dialog that says what goes.
      await row.click({ button: 'right' });
      await waitForLocator(page.locator('.context-view .action-item', { hasText: 'Discard Thread' }), 'Discard Thread in the row’s context menu');
      await page.keyboard.press('End');
      await waitForLocator(page.locator('.context-view .action-item.focused', { hasText: 'Discard Thread' }), 'Discard Thread focused');
      await page.keyboard.press('Enter');
      const dialog = page.locator('.monaco-dialog-box');
      await waitForLocator(dialog, 'the Discard confirmation');
      assert.equal(await dialog.locator('.dialog-message-text').innerText(), `Discard the thread ${BRANCH}?`);
      assert.equal(
        await dialog.locator('.dialog-message-detail').innerText(),
        `The worktree ${worktree} (1 changed file, applied to your working tree, no commits) and the branch ${BRANCH} are deleted, and its session is closed. This cannot be undone.`,
      );
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'worktrees-discard-confirmation.png') });
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Discard$/ }).click();
      await waitForLocator(row, "the thread's row leaving the Threads view", { state: 'detached' });
      await waitForLocator(page.locator('.notification-toast', { hasText: `Discarded the thread ${BRANCH}.` }), 'the notification of the discard');
      assert.equal(existsSync(worktree), false, 'the worktree is removed');
      assert.equal(git(workspace, 'branch', '--list', 'acp/*'), '', 'its branch is deleted');
      assert.equal(readFileSync(path.join(workspace, 'made-by-thread.txt'), 'utf8'), 'made in the worktree\n', 'the applied file stays');
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'worktrees-after-discard.png') });
    },
  },
];
