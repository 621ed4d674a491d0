// What each end-to-end test gets: its own code-server (fresh user data, the extension under development
// loaded), a fresh copy of the fixture workspace, and a new browser page on the workbench. Afterwards: a
// screenshot (and, on failure, the chat webview's HTML and the window's logs: the extension's "ACP" log, each
// agent's log, the extension host's) under .test-artifacts/e2e/, then everything stops.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newWorkbenchPage } from '../harness/chromium.mjs';
import { startCodeServer } from '../harness/code-server.mjs';
import { artifactsDir, fixtureWorkspace, repoRoot } from '../harness/paths.mjs';
import { copyFolder, makeTempDir } from '../harness/temp.mjs';
import { chatFrame } from '../harness/workbench.mjs';
import { workbenchUrl } from '../harness/workbench-url.mjs';

export const e2eArtifactsDir = path.join(artifactsDir, 'e2e');

export function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
}

/**
 * @param {import('playwright-core').Browser} browser
 * `settings` may be a function of the test's scratch folder that resolves to the settings (for settings that need
 * something started first, such as a fake model endpoint); what it returns in `dispose` runs once the test is over.
 * `env` is laid over the environment code-server (and so the extension host) starts with. `installedExtensions` are
 * extension folders installed as the user's own (ordinary) extensions beside ours, which is under development.
 * @param {{ name: string, env?: Record<string, string>, installedExtensions?: string[], settings?: Record<string, unknown> | ((scratch: string) => Promise<{ settings: Record<string, unknown>, dispose?: () => Promise<void> }>) }} test
 */
export async function createFixture(browser, test) {
  mkdirSync(e2eArtifactsDir, { recursive: true });
  const scratch = makeTempDir('acp-e2e');
  const cleanups = [async () => scratch.remove()];
  const dispose = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const workspace = copyFolder(fixtureWorkspace, path.join(scratch.dir, 'workspace'));
    let settings = test.settings;
    if (typeof settings === 'function') {
      const made = await settings(scratch.dir);
      if (made.dispose) cleanups.push(made.dispose);
      settings = made.settings;
    }
    const server = await startCodeServer({
      settings,
      logFile: path.join(e2eArtifactsDir, `${slug(test.name)}.code-server.log`),
      env: { ACP_TEST_REPO_ROOT: repoRoot, ACP_TEST_WORKSPACE: workspace, ...test.env },
      installedExtensions: test.installedExtensions,
    });
    cleanups.push(server.stop);
    const { context, page } = await newWorkbenchPage(browser);
    cleanups.push(() => context.close());
    const url = workbenchUrl({ baseUrl: server.baseUrl, folder: workspace, extensionDevelopmentPath: repoRoot });
    return { page, context, server, workspace, url, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

export async function disposeFixture(fixture, { test, error }) {
  const base = path.join(e2eArtifactsDir, slug(test.name));
  try {
    await fixture.page.screenshot({ path: `${base}.png` });
    if (error !== undefined) {
      const html = await chatFrame(fixture.page).locator('html').evaluate((element) => element.outerHTML, undefined, { timeout: 2_000 });
      writeFileSync(`${base}.chat.html`, html);
    }
  } catch {
    // No page or no chat webview to record: the test's own error says why.
  } finally {
    keepWindowLogs(fixture, `${base}.logs`, error !== undefined);
    await fixture.dispose();
  }
}

/** A failed test's window logs (code-server's user-data logs folder) go to `target`; a passed test leaves none there. */
function keepWindowLogs(fixture, target, failed) {
  try {
    rmSync(target, { recursive: true, force: true });
    const logs = path.join(fixture.server.dataDir, 'user-data', 'logs');
    if (failed && existsSync(logs)) cpSync(logs, target, { recursive: true });
  } catch (error) {
    console.error(`The window logs could not be kept in ${target}: ${error instanceof Error ? error.message : error}`);
  }
}
