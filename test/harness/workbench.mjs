// Driving the code-server workbench page: wait for it, open the ACP chat view, reach the chat webview.

export const EXTENSION_ID = 'acp-client-dev.acp-client';
const WORKBENCH_TIMEOUT_MS = 60_000;

/** Opens `url` and waits until the workbench has drawn its activity bar. */
export async function openWorkbench(page, url) {
  await page.goto(url);
  await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
}

/**
 * Clicks the "ACP Agents" activity bar item, as a person would. It appears once the extension host has
 * registered the extension's contributions, so this also waits for the extension to be loaded.
 */
export async function openChatView(page) {
  const item = page.locator('.activitybar a.action-label[aria-label^="ACP Agents"]');
  try {
    await item.waitFor({ timeout: WORKBENCH_TIMEOUT_MS });
  } catch {
    throw new Error('No "ACP Agents" item in the activity bar: the extension was not loaded (check extensionDevelopmentPath and engines.vscode).');
  }
  await item.click();
}

/** The outer webview iframe of our extension (the workbench marks it `ready` once its host page loaded). */
export function chatWebviewHost(page) {
  return page.locator(`iframe.webview.ready[src*="extensionId=${EXTENSION_ID}"]`);
}

/** A frame locator for the chat panel's own document: `iframe.webview.ready` > `iframe#active-frame`. */
export function chatFrame(page) {
  return page.frameLocator(`iframe.webview.ready[src*="extensionId=${EXTENSION_ID}"]`).frameLocator('iframe#active-frame');
}
