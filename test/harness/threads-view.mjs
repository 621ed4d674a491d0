// The Threads view in the workbench, and the scripted agent that fills it with sessions in different states
// (test/fixtures/scenarios/threads.json: a prompt starting with "later" works until the test releases it).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedAgentSettings } from './scripted-agent-settings.mjs';
import { waitForLocator } from './waits.mjs';

const GO_FILE = 'threads-go';

/** The test's settings: the scripted agent playing threads.json, waiting for a file in `scratch` (the workspace's parent). */
export async function threadsAgentSettings(scratch) {
  const settings = scriptedAgentSettings('threads');
  settings['acp.agents'][0].env = { ACP_THREADS_GO: path.join(scratch, GO_FILE) };
  return { settings };
}

/** Ends the turns that wait ("later…"): makes the file they wait for. */
export function releaseWaitingTurns(workspace) {
  writeFileSync(path.join(path.dirname(workspace), GO_FILE), '');
}

/** The side bar's pane whose header says "Threads". */
export function threadsPane(page) {
  return page.locator('.part.sidebar .pane', { has: page.locator('.pane-header h3.title', { hasText: /^Threads$/ }) });
}

/** The row of the session titled `title` (its aria-label: "<title>, <agent> in <folder>, <state>…"). */
export function threadRow(page, title) {
  return threadsPane(page).locator(`.monaco-list-row[role="treeitem"][aria-label^="${title},"]`);
}

/** Opens the Threads pane when it is collapsed, as a person would: a click on its header. */
export async function expandThreads(page) {
  const header = threadsPane(page).locator('.pane-header');
  await waitForLocator(header, 'the Threads view header');
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}
