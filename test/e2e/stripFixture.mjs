// The project the changes-strip and checkpoint e2e tests work on (scenario changes-strip.json changes these files):
// the files as they are before the first turn, and a turn of that scenario sent from the chat.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { waitForLocator } from '../harness/waits.mjs';

export const APP = "export const app = 'beta';\n";
export const UTIL = 'export const util = 1;\n';

/** The three files the scenario changes, as they are before the first turn. */
export function projectFiles(workspace) {
  const app = path.join(workspace, 'strip', 'app.js');
  const util = path.join(workspace, 'strip', 'lib', 'util.js');
  mkdirSync(path.dirname(util), { recursive: true });
  writeFileSync(app, APP);
  writeFileSync(util, UTIL);
  return { app, util, created: (turn) => path.join(workspace, 'strip', `new-${turn}.md`) };
}

/** Sends turn `turn` of the scenario and waits for its answer. */
export async function sendTurn(chat, input, turn) {
  await input.fill(`change the files (${turn})`);
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled');
  await input.press('Enter');
  await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: `Changed three files (turn ${turn}).` }), `the agent's answer of turn ${turn}`);
}
