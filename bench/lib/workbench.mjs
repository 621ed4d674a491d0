// The real workbench for benchmarks, through the test harness of test/harness (read-only use): a private
// code-server on 127.0.0.1, Debian's Chromium driven by playwright-core.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, newWorkbenchPage } from '../../test/harness/chromium.mjs';
import { startCodeServer } from '../../test/harness/code-server.mjs';
import { workbenchUrl } from '../../test/harness/workbench-url.mjs';
import { repoRoot } from './paths.mjs';

export { newWorkbenchPage, workbenchUrl };

/** A code-server and a browser for one case; `close()` stops both. */
export async function openWorkbenchSession(scratchDir, settings) {
  const workspace = path.join(scratchDir, 'workspace');
  mkdirSync(workspace, { recursive: true });
  const server = await startCodeServer({ settings, logFile: path.join(scratchDir, 'code-server.log') });
  let browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    server,
    browser,
    workspace,
    url: (extensionDevelopmentPath, extensionTestsPath) =>
      workbenchUrl({ baseUrl: server.baseUrl, folder: workspace, extensionDevelopmentPath, extensionTestsPath }),
    async close() {
      await browser.close().catch(() => {});
      await server.stop();
    },
  };
}

export const artifactsDir = path.join(repoRoot, '.test-artifacts', 'bench');

/** A screenshot of `page` (and the code-server log of `scratchDir`) under .test-artifacts/bench/, for a failed case. */
export async function saveFailure(page, name, scratchDir) {
  mkdirSync(artifactsDir, { recursive: true });
  await page?.screenshot({ path: path.join(artifactsDir, `${name}-failure.png`) }).catch(() => {});
  const log = scratchDir && path.join(scratchDir, 'code-server.log');
  if (log && existsSync(log)) copyFileSync(log, path.join(artifactsDir, `${name}-code-server.log`));
}

/** Rejects after `ms` with `message` unless `promise` settles first. */
export function within(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
