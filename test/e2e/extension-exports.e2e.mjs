// Other extensions get nothing of the client's internals. An ordinary extension (test/fixtures/exports-probe-extension,
// installed as the user's own beside ours, which is loaded under development as in every e2e window: a normal
// window, not one that runs tests) activates the client on startup through vscode.extensions.getExtension and shows
// in the status bar what it was handed. It must be nothing: no sessions, composer, dialogs, policy, auth or history.
// The chat still works in that window.
import assert from 'node:assert/strict';
import path from 'node:path';
import { repoRoot } from '../harness/paths.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { playDemoTurn } from '../harness/workbench.mjs';

const PROBE = path.join(repoRoot, 'test', 'fixtures', 'exports-probe-extension');
const REPORT_PREFIX = 'Exports probe: ';
// ExtensionMode.Production: VS Code runs the probe as an ordinary installed extension.
const PRODUCTION = 1;

/** The probe's report, once its status bar item is there. */
async function probeReport(page) {
  const item = page.locator('.part.statusbar .statusbar-item', { hasText: REPORT_PREFIX });
  await waitForLocator(item, 'the exports probe\'s report in the status bar', { state: 'attached', timeout: 60_000 });
  const text = (await item.textContent()) ?? '';
  return JSON.parse(text.slice(text.indexOf(REPORT_PREFIX) + REPORT_PREFIX.length));
}

export const tests = [
  {
    name: 'an ordinary extension gets nothing of the internal API from activate(), and the chat still works',
    installedExtensions: [PROBE],
    async run({ page }) {
      const report = await probeReport(page);
      assert.equal(report.error, undefined, `the probe failed: ${report.error}`);
      assert.equal(report.probeMode, PRODUCTION, 'the probe runs as an ordinary installed extension (ExtensionMode.Production)');
      assert.equal(report.found, true, 'the probe finds the ACP client through vscode.extensions.getExtension');
      assert.equal(report.active, true, 'the probe activated the ACP client');
      assert.equal(report.underDevelopment, true, 'the ACP client is the one under development, in a window that runs no tests');
      assert.deepEqual(report.activateReturned, { type: 'undefined' }, `activate() handed another extension ${JSON.stringify(report.activateReturned)}`);
      assert.deepEqual(report.exports, { type: 'undefined' }, `the client's exports are ${JSON.stringify(report.exports)}`);

      // The chat works in that window: the demo agent answers, asks before its edit, and finishes its turn.
      await playDemoTurn(page);
    },
  },
];
