// The "N files changed" strip above the composer, in the real workbench with the scripted agent playing
// test/fixtures/scenarios/changes-strip.json (each prompt: strip/app.js appended through fs/write_text_file,
// strip/lib/util.js appended on disk, strip/new-<turn>.md created on disk). Keep and Undo per file and for all act
// on the files; the strip stays until every change is kept or undone, and comes back after a window reload with
// what it needs to undo. Screenshots of the side bar at 600 px and 300 px go to .test-artifacts/e2e/.
//
// DOM contract: the strip [data-changes-strip] (aria-label "N files changed"), its rows [data-changed-file=<name>]
// with [data-action="review-file" | "keep-file" | "undo-file"]; [data-action="keep-all" | "undo-all"].
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, chatWebviewHost, setSideBarWidth, newSessionFromMenu, openComposer, runFromCommandPalette } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';
import { APP, UTIL, projectFiles, sendTurn } from './stripFixture.mjs';

function strip(chat, count) {
  return chat.locator(`[data-changes-strip][aria-label="${count} ${count === 1 ? 'file' : 'files'} changed"]`);
}

function row(chat, name) {
  return chat.locator(`[data-changes-strip] [data-changed-file="${name}"]`);
}

/** Screenshots of the side bar with the strip at 600 px and 300 px, the file names and their counts in view. */
async function screenshots(page, chat, name) {
  for (const width of [600, 300]) {
    const box = await setSideBarWidth(page, width);
    for (const file of ['app.js', 'util.js']) {
      const counts = row(chat, file).locator('.changes__counts');
      await waitForLocator(counts, `the counts of ${file}`);
      assert.ok(await counts.isVisible(), `the counts of ${file} are in view at ${width} px`);
      const keep = row(chat, file).locator('[data-action="undo-file"]');
      const inView = await keep.evaluate((button) => button.getBoundingClientRect().right <= document.documentElement.clientWidth);
      assert.ok(inView, `the Undo button of ${file} is not cut off at ${width} px`);
    }
    await page.screenshot({ path: path.join(e2eArtifactsDir, `${name}-${width}px.png`), clip: box });
  }
}

export const tests = [
  {
    name: 'changes strip: after a turn that edits files, Keep and Undo per file and for all (600 px and 300 px)',
    settings: scriptedAgentSettings('changes-strip'),
    async run({ page, workspace }) {
      const files = projectFiles(workspace);
      const { chat, input } = await openComposer(page);

      await sendTurn(chat, input, 1);
      await waitForLocator(strip(chat, 3), 'the strip: 3 files changed');
      assert.match((await row(chat, 'app.js').innerText()).replace(/\s+/g, ' '), /app\.js strip \+1 −0/);
      assert.match((await row(chat, 'new-1.md').innerText()).replace(/\s+/g, ' '), /new-1\.md strip \+1 −0/);
      await screenshots(page, chat, 'changes-strip');

      // Keep one: the file stays as the agent left it, and leaves the strip.
      await row(chat, 'app.js').locator('[data-action="keep-file"]').click();
      await waitForLocator(strip(chat, 2), 'the strip: 2 files changed after Keep');
      assert.equal(readFileSync(files.app, 'utf8'), `${APP}console.log('turn 1');`);
      // Undo a created file: it is gone. Undo an edited one: its text is back.
      await row(chat, 'new-1.md').locator('[data-action="undo-file"]').click();
      await waitForLocator(strip(chat, 1), 'the strip: 1 file changed after Undo');
      assert.equal(existsSync(files.created(1)), false, 'the created file is removed');
      await row(chat, 'util.js').locator('[data-action="undo-file"]').click();
      await waitForLocator(chat.locator('[data-changes-strip]'), 'the strip gone once everything is kept or undone', { state: 'detached' });
      assert.equal(readFileSync(files.util, 'utf8'), UTIL);

      // Keep all.
      await sendTurn(chat, input, 2);
      await waitForLocator(strip(chat, 3), 'the strip after turn 2');
      const afterTurn2 = { app: readFileSync(files.app, 'utf8'), util: readFileSync(files.util, 'utf8') };
      await chat.locator('[data-changes-strip] [data-action="keep-all"]').click();
      await waitForLocator(chat.locator('[data-changes-strip]'), 'the strip gone after Keep (all)', { state: 'detached' });
      assert.equal(readFileSync(files.util, 'utf8'), `${UTIL}export const turn2 = 2;`);
      assert.ok(existsSync(files.created(2)), 'the file created in turn 2 is kept');

      // Undo all.
      await sendTurn(chat, input, 3);
      await waitForLocator(strip(chat, 3), 'the strip after turn 3');
      await chat.locator('[data-changes-strip] [data-action="undo-all"]').click();
      await waitForLocator(chat.locator('[data-changes-strip]'), 'the strip gone after Undo (all)', { state: 'detached' });
      assert.equal(readFileSync(files.app, 'utf8'), afterTurn2.app);
      assert.equal(readFileSync(files.util, 'utf8'), afterTurn2.util);
      assert.equal(existsSync(files.created(3)), false, 'the file created in turn 3 is removed');

      // A new session: the previous one's changes stay in the strip, marked as an earlier session's, and can be undone.
      await sendTurn(chat, input, 4);
      await waitForLocator(strip(chat, 3), 'the strip after turn 4');
      await newSessionFromMenu(chat);
      await waitForLocator(chat.locator('[data-changes-strip] [data-other-session="true"]').nth(2), "the strip still lists turn 4's files, as an earlier session's");
      await waitForLocator(strip(chat, 3), 'the strip with the 3 files in the new session');
      await row(chat, 'util.js').locator('[data-action="undo-file"]').click();
      await waitForLocator(strip(chat, 2), 'the strip: 2 files after Undo in the new session');
      assert.equal(readFileSync(files.util, 'utf8'), afterTurn2.util);
    },
  },
  {
    name: 'changes strip: after a window reload the changes are still there, and Undo still puts the text back',
    settings: scriptedAgentSettings('changes-strip'),
    async run({ page, workspace }) {
      const files = projectFiles(workspace);
      const { chat, input } = await openComposer(page);
      await sendTurn(chat, input, 1);
      await waitForLocator(strip(chat, 3), 'the strip: 3 files changed');

      await page.reload();
      await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
      // The workbench brings the chat view back by itself; then the palette lists the extension's commands.
      await chatWebviewHost(page).waitFor({ timeout: 60_000 });
      await runFromCommandPalette(page, 'ACP: Open Chat');
      const after = chatFrame(page);
      await waitForLocator(strip(after, 3), 'the strip back after the reload: 3 files changed');
      await screenshots(page, after, 'changes-strip-after-reload');

      await row(after, 'util.js').locator('[data-action="undo-file"]').click();
      await waitForLocator(strip(after, 2), 'the strip: 2 files changed after Undo');
      assert.equal(readFileSync(files.util, 'utf8'), UTIL, "the text from before the agent's change is back");
      await row(after, 'new-1.md').locator('[data-action="undo-file"]').click();
      await waitForLocator(strip(after, 1), 'the strip: 1 file changed');
      assert.equal(existsSync(files.created(1)), false, 'the created file is removed');
    },
  },
  {
    name: 'changes strip: in a git repository, after a window reload Undo puts back the text from the git tree',
    settings: scriptedAgentSettings('changes-strip'),
    async run({ page, workspace }) {
      const files = projectFiles(workspace);
      for (const args of [['init', '-q', '-b', 'main'], ['-c', 'user.email=e2e@example.com', '-c', 'user.name=E2E', 'commit', '-q', '--allow-empty', '-m', 'start'], ['add', 'strip/app.js']]) {
        execFileSync('git', args, { cwd: workspace, stdio: 'ignore' });
      }
      // util.js is untracked: the tree taken when the turn starts holds it all the same.
      const { chat, input } = await openComposer(page);
      await sendTurn(chat, input, 1);
      await waitForLocator(strip(chat, 3), 'the strip: 3 files changed');
      assert.match(execFileSync('git', ['for-each-ref', '--format=%(refname)', 'refs/acp/'], { cwd: workspace, encoding: 'utf8' }), /^refs\/acp\/baselines\/[0-9a-f]{16}-[0-9a-f]{12}\n$/);

      await page.reload();
      await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
      await chatWebviewHost(page).waitFor({ timeout: 60_000 });
      await runFromCommandPalette(page, 'ACP: Open Chat');
      const after = chatFrame(page);
      await waitForLocator(strip(after, 3), 'the strip back after the reload: 3 files changed');
      await row(after, 'util.js').locator('[data-action="undo-file"]').click();
      await waitForLocator(strip(after, 2), 'the strip: 2 files changed after Undo');
      assert.equal(readFileSync(files.util, 'utf8'), UTIL, "the text from before the agent's change is back");
      assert.equal(execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: workspace, encoding: 'utf8' }).includes('strip/lib/util.js'), true, 'still untracked: git add went to a temporary index');
    },
  },
  ...['Default Dark Modern', 'Default High Contrast'].map((theme) => ({
    name: `changes strip: drawn in the ${theme} theme (600 px and 300 px)`,
    settings: scriptedAgentSettings('changes-strip', { 'workbench.colorTheme': theme }),
    async run({ page, workspace }) {
      projectFiles(workspace);
      const { chat, input } = await openComposer(page);
      await sendTurn(chat, input, 1);
      await waitForLocator(strip(chat, 3), 'the strip: 3 files changed');
      await screenshots(page, chat, `changes-strip-${theme.toLowerCase().replace(/\s+/g, '-')}`);
    },
  })),
];
