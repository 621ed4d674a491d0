// Extension host memory before any agent runs, against the workspace's size: a window on a 20,000-file, 80 MB
// workspace against one on a 20-file workspace, in a git repository (budget: +10 MiB) and outside git (no budget:
// the bounded snapshot reads up to 64 M characters there). Each variant is a fresh window (its own extension host)
// that activates the extension, opens a session on the scripted agent without prompting it, waits until the review
// has settled and reports the heap after garbage collection (bench/baselines/host-entry.cjs). VS Code's own git
// extension is off in every variant, so the figure is this extension's. The workspaces are generated at bench time.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { valueFigure } from '../lib/figure.mjs';
import { benchDir, distDir } from '../lib/paths.mjs';
import { interleave } from '../lib/rounds.mjs';
import { newWorkbenchPage, openWorkbenchSession, saveFailure, within, workbenchUrl } from '../lib/workbench.mjs';
import { repoRoot } from '../lib/paths.mjs';
import { makeWorkspace } from '../baselines/fixtures.mjs';

export const name = 'workspace-memory';
export const title = 'Extension host memory before any agent runs: a 20,000-file / 80 MB workspace vs a 20-file one';

const TAG = '[acp-bench workspace-memory]';
const hostEntry = path.join(benchDir, 'baselines', 'host-entry.cjs');
const WINDOW_TIMEOUT_MS = 180_000;
const MiB = 1024 * 1024;

async function measureWindow(session, folder, scratchDir) {
  const { context, page } = await newWorkbenchPage(session.browser);
  try {
    let result;
    let exit;
    const exited = new Promise((resolve) => (exit = resolve));
    await page.exposeFunction('codeAutomationLog', (_level, message) => {
      const text = String(message);
      const at = text.indexOf(TAG);
      if (at !== -1) result = JSON.parse(text.slice(at + TAG.length));
    });
    await page.exposeFunction('codeAutomationExit', (code) => exit(Number(code)));
    await page.goto(workbenchUrl({ baseUrl: session.server.baseUrl, folder, extensionDevelopmentPath: repoRoot, extensionTestsPath: hostEntry }));
    const code = await within(exited, WINDOW_TIMEOUT_MS, `the window on ${folder} did not report within ${WINDOW_TIMEOUT_MS / 1000} s`);
    if (code !== 0 || !result) {
      await saveFailure(page, 'workspace-memory', scratchDir);
      throw new Error(`the memory entry failed in ${folder} (exit code ${code}); see the code-server log`);
    }
    return result;
  } finally {
    await context.close();
  }
}

export async function run({ rounds, quick, scratchDir, log }) {
  if (!existsSync(path.join(distDir, 'extension.js'))) throw new Error('dist/ is missing: run `npm run build`');
  const files = quick ? 2_000 : 20_000;
  const bytes = 4_000;
  log(`generating the workspaces (${files} files of ${bytes} bytes, in git and outside)`);
  const folders = {
    smallGit: makeWorkspace(path.join(scratchDir, 'small-git'), { count: 20, bytes, repository: true }),
    bigGit: makeWorkspace(path.join(scratchDir, 'big-git'), { count: files, bytes, repository: true }),
    smallPlain: makeWorkspace(path.join(scratchDir, 'small-plain'), { count: 20, bytes, repository: false }),
    bigPlain: makeWorkspace(path.join(scratchDir, 'big-plain'), { count: files, bytes, repository: false }),
  };
  const session = await openWorkbenchSession(scratchDir, { 'git.enabled': false, 'git.autoRepositoryDetection': false });
  try {
    const samples = await interleave(
      Object.fromEntries(Object.entries(folders).map(([variant, folder]) => [variant, () => measureWindow(session, folder, scratchDir)])),
      rounds,
      log,
    );
    const delta = (big, small, stage) => samples[big].map((sample, round) => (sample[stage].heapUsed + sample[stage].external - samples[small][round][stage].heapUsed - samples[small][round][stage].external) / MiB);
    const mb = `${((files * bytes) / 1e6).toFixed(0)} MB`;
    return {
      figures: [
        valueFigure({
          id: 'workspace-memory.git', label: `+heap, ${files} files / ${mb} in git vs 20 files (a session open, no prompt)`, unit: 'MiB',
          samples: delta('bigGit', 'smallGit', 'sessionOpen'), budget: 10,
          note: 'heapUsed + external after gc in the extension host; baselines come from git trees taken when a turn starts',
        }),
        valueFigure({
          id: 'workspace-memory.plain', label: `+heap, ${files} files / ${mb} outside git vs 20 files (a session open, no prompt)`, unit: 'MiB',
          samples: delta('bigPlain', 'smallPlain', 'sessionOpen'),
          note: 'outside git the review keeps a bounded snapshot (at most 20,000 files, 64 M characters, 1 MiB a file) of the roots in use',
        }),
        valueFigure({
          id: 'workspace-memory.activated', label: `+heap, ${files} files / ${mb} outside git vs 20 files, activated (no session)`, unit: 'MiB',
          samples: delta('bigPlain', 'smallPlain', 'activated'),
          note: 'no session: no root in use, nothing scanned or watched',
        }),
      ],
      notes: [`files in the snapshot with a session open: ${Object.entries(samples).map(([variant, list]) => `${variant} ${list.map((sample) => sample.snapshotFiles).join('/')}`).join(', ')}`],
      raw: samples,
    };
  } finally {
    await session.close();
  }
}
