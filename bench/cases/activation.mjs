// Activation time inside the real extension host (code-server 4.100 = VS Code 1.100, Node 20): a fresh window
// per round loads the production build of the extension, and a tiny extensionTestsPath entry times
// `extension.activate()` (bundle load + activate()). The floor is the same done to an empty extension in the same
// run, in alternating order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ratioFigure } from '../lib/figure.mjs';
import { repoRoot } from '../lib/paths.mjs';
import { productionExtension } from '../lib/productionBuild.mjs';
import { interleave } from '../lib/rounds.mjs';
import { newWorkbenchPage, openWorkbenchSession, within } from '../lib/workbench.mjs';

export const name = 'activation';
export const title = 'Activation in the real extension host (code-server), production bundle';

const here = path.dirname(fileURLToPath(import.meta.url));
const hostEntry = path.join(here, '..', 'activation', 'host-entry.cjs');
const emptyExtension = path.join(here, '..', 'activation', 'empty-extension');
const TAG = '[acp-bench activation]';
const WINDOW_TIMEOUT_MS = 120_000;

async function activateOnce(session, extensionDir) {
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
    await page.goto(session.url(extensionDir, hostEntry));
    const code = await within(exited, WINDOW_TIMEOUT_MS, `the workbench did not run the activation entry within ${WINDOW_TIMEOUT_MS / 1000} s`);
    if (code !== 0 || !result) throw new Error(`the activation entry failed (exit code ${code}); see the code-server log`);
    if (result.wasActive) throw new Error(`${result.id} was already active before the entry activated it`);
    return result;
  } finally {
    await context.close();
  }
}

function activationEventsNote() {
  const events = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).activationEvents ?? [];
  return `activationEvents: ${events.join(', ') || '(none)'}${events.includes('*') ? ' — includes "*": activates at every start (DESIGN: no * activation)' : ' (no "*")'}`;
}

export async function run({ rounds, scratchDir, log }) {
  const ours = productionExtension(path.join(scratchDir, 'extension'));
  const session = await openWorkbenchSession(scratchDir);
  try {
    const samples = await interleave(
      { floor: () => activateOnce(session, emptyExtension), ours: () => activateOnce(session, ours) },
      rounds,
      log,
    );
    const ms = (name) => samples[name].map((sample) => sample.activateMs);
    return {
      figures: [
        ratioFigure({
          id: 'activation.ms', label: 'extension.activate() in the extension host (load bundle + activate)', unit: 'ms',
          subject: ms('ours'), floor: ms('floor'), budget: 100, budgetOn: 'value',
          note: 'floor = activating an empty extension the same way; cold: a new window and extension host per round',
        }),
      ],
      notes: [activationEventsNote()],
      raw: samples,
    };
  } finally {
    await session.close();
  }
}
