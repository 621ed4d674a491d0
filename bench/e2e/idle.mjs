// Idle CPU of the two processes that hold a long transcript: the extension host (found as the parent of the
// scripted agent, whose command line names this run's scenario file) and Chromium (every Chromium process this
// bench started: the workbench renderer, which in code-server also runs the webview, the GPU and utility ones), each
// beside the same processes of a floor window without the extension, over the same moments.
import { fileURLToPath } from 'node:url';
import { launchChromium, newWorkbenchPage } from '../../test/harness/chromium.mjs';
import { chromiumType, cpuSeconds, descendants, findPids, parentOf } from './processes.mjs';

export function findExtensionHost(scenarioFile) {
  const agents = findPids(scenarioFile).filter((pid) => pid !== process.pid);
  const hosts = [...new Set(agents.map(parentOf).filter((pid) => pid !== undefined))];
  if (hosts.length !== 1) throw new Error(`expected one extension host running the benchmark agent, found ${hosts.length}`);
  return hosts[0];
}

export function findBrowserProcesses() {
  return descendants(process.pid, 'chromium');
}

const EXTENSION_HOST = '--type=extensionHost';

/** A webview view that shows one line and runs nothing (bench/idle/blank-webview-extension). */
export const BLANK_WEBVIEW_EXTENSION = fileURLToPath(new URL('../idle/blank-webview-extension', import.meta.url));

/**
 * The floor for idle CPU: the same workbench (same code-server, folder and settings) in a browser of its own, with a
 * blank webview view open where the chat would be instead of the extension, beside the measured window. Its extension
 * host and Chromium processes are measured over the same windows, so what the workbench does by itself at rest (its
 * extensions, timers, file watcher, and the webview machinery: its host page polls focus every 250 ms) is in both and
 * the difference is ours. Open it before the measured window: then the one new extension host is its.
 * `probe`: the init script the measured window runs too ([script, arg]: the latency probe, whose polling for a
 * replaced document costs some CPU in every frame), so that the bench's own instruments are in both.
 */
export async function openFloorWindow(url, probe) {
  const before = new Set(findBrowserProcesses());
  const hostsBefore = new Set(findPids(EXTENSION_HOST));
  const browser = await launchChromium();
  try {
    const { page, context } = await newWorkbenchPage(browser);
    if (probe) await context.addInitScript(...probe);
    await page.goto(url);
    const item = page.locator('.activitybar a.action-label[aria-label^="Bench Blank"]');
    await item.waitFor({ timeout: 60_000 });
    await item.click();
    const blank = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame').getByText('Blank');
    await blank.waitFor({ timeout: 60_000 });
    const hosts = await waitForNew(() => findPids(EXTENSION_HOST).filter((pid) => !hostsBefore.has(pid)), 'the floor window\'s extension host');
    if (hosts.length !== 1) throw new Error(`expected one new extension host for the floor window, found ${hosts.length}`);
    return {
      page,
      extensionHost: hosts,
      chromium: findBrowserProcesses().filter((pid) => !before.has(pid)),
      close: () => browser.close().catch(() => {}),
    };
  } catch (error) {
    await browser.close().catch(() => {});
    throw error;
  }
}

async function waitForNew(find, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `pids` grouped by Chromium process type, each group named `<prefix>:<type>` (for a breakdown beside the whole). */
export function byChromiumType(prefix, pids) {
  const groups = {};
  for (const pid of pids) (groups[`${prefix}:${chromiumType(pid)}`] ??= []).push(pid);
  return groups;
}

/** Percent of one core used by each group over `ms`. */
export async function idlePercent(groups, ms) {
  const before = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, cpuSeconds(pids)]));
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const seconds = (performance.now() - started) / 1000;
  return Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, ((cpuSeconds(pids) - before[name]) / seconds) * 100]));
}
