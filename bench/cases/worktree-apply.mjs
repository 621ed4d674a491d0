// Apply of a worktree thread that changed 1,000 files (issue 27: "finishes within 2x `git apply` of the same diff"):
// in the real extension host (code-server), "ACP: Apply Thread to Working Tree" on a 5,000-file repository, from the
// command's start until its promise settles (the files written), against `git apply` of `git diff <base> <thread's
// tree>` on an identical fresh copy of the main tree, rounds alternating in the same window
// (worktrees/apply-host-entry.cjs). The repositories are generated at bench time (worktrees/applyFixture.mjs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ratioFigure } from '../lib/figure.mjs';
import { benchDir, distDir, repoRoot } from '../lib/paths.mjs';
import { newWorkbenchPage, openWorkbenchSession, saveFailure, within, workbenchUrl } from '../lib/workbench.mjs';
import { makeApplyFixture } from '../worktrees/applyFixture.mjs';

export const name = 'worktree-apply';
export const title = 'Apply of a worktree thread that changed 1,000 files vs git apply of the same diff';

const TAG = '[acp-bench worktree-apply]';
const hostEntry = path.join(benchDir, 'worktrees', 'apply-host-entry.cjs');

export async function run({ rounds, quick, scratchDir, log }) {
  if (!existsSync(path.join(distDir, 'extension.js'))) throw new Error('dist/ is missing: run `npm run build`');
  const files = quick ? 1_000 : 5_000;
  const changed = quick ? 100 : 1_000;
  log(`generating a ${files}-file repository and a thread that changed ${changed} files`);
  const fixture = await makeApplyFixture(path.join(scratchDir, 'apply'), { files, bytes: 2_000, changed, rounds });
  // VS Code's git extension is off, so the figure is this extension's (and the window's file service).
  const session = await openWorkbenchSession(scratchDir, { 'git.enabled': false, 'git.autoRepositoryDetection': false });
  const { context, page } = await newWorkbenchPage(session.browser);
  try {
    let result;
    let exit;
    // What the extension host said last (its error, when the entry fails).
    const said = [];
    const exited = new Promise((resolve) => (exit = resolve));
    await page.exposeFunction('codeAutomationLog', (_level, message) => {
      const text = String(message);
      said.push(text);
      said.splice(0, said.length - 5);
      const at = text.indexOf(TAG);
      if (at === -1) return;
      const line = text.slice(at + TAG.length);
      if (line.startsWith('progress ')) log(`round ${line.slice('progress '.length)}`);
      else result = JSON.parse(line);
    });
    await page.exposeFunction('codeAutomationExit', (code) => exit(Number(code)));
    await page.goto(workbenchUrl({ baseUrl: session.server.baseUrl, folder: fixture.thread.repository, extensionDevelopmentPath: repoRoot, extensionTestsPath: hostEntry }));
    const timeoutMs = 120_000 + (rounds + 1) * 2 * 60_000;
    const code = await within(exited, timeoutMs, `the Apply window did not report within ${timeoutMs / 1000} s`);
    if (code !== 0 || !result) {
      await saveFailure(page, 'worktree-apply', scratchDir);
      throw new Error(`the Apply entry failed (exit code ${code}): ${said.join(' | ').slice(-2000)}`);
    }
    const { edited, added, deleted } = fixture.mix;
    return {
      figures: [
        ratioFigure({
          id: 'worktrees.apply',
          label: `Apply Thread to Working Tree, ${changed.toLocaleString('en')} files changed (${edited} edited, ${added} added, ${deleted} deleted) in a ${files.toLocaleString('en')}-file repository`,
          unit: 'ms',
          subject: result.apply,
          floor: result.floor,
          budget: 2,
          note: 'acp.applyThread from its start until its promise settles (the paths the thread touched asked of git, each file read and planned, written on disk, recorded for the review); floor = git apply of git diff <base> <thread tree> on an identical fresh copy of the main tree, same window, order rotating, each variant started with the disk synced and the host idle; the tree checked to be the thread\'s after each variant',
        }),
        ratioFigure({
          id: 'worktrees.apply.busy',
          label: 'the same until the extension host is idle again (what Apply leaves for later counted: the review of the files it wrote)',
          unit: 'ms',
          subject: result.applyBusy,
          floor: result.floorBusy,
          note: 'from the start until the host\'s event loop was last late (a 10 ms timer late by over 5 ms), then quiet for 300 ms; the same for the floor',
        }),
      ],
      raw: result,
    };
  } finally {
    await context.close();
    await session.close();
  }
}
