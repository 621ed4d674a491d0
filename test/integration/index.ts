// Entry point of the integration suite inside a VS Code extension host (code-server or
// @vscode/test-electron): runs every compiled `*.test.js` beside this file with mocha and reports
// `N passed, N failed` on one line at the end. Rejects when a test failed, so the host exits non-zero.
// An `it.only` fails the run, and so does a skip the run does not accept (test/harness/skips.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import { refuseOtherSkips } from '../harness/skips';

/** Printed first, so a runner can tell that the workbench started the suite. */
export const SUITE_STARTED_MARKER = '[acp-integration] suite started';

/**
 * Starts every line the reporter prints. In code-server the extension host's console reaches the page
 * mixed with the workbench's own log; the tag tells the suite's lines apart. A zero-width space: invisible
 * where the output is printed as it is (@vscode/test-electron). (Replacing `console.log` itself does not
 * work: the extension host makes the console methods read-only.)
 */
export const SUITE_OUTPUT_TAG = '\u200b';

function findTests(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTests(full));
    else if (entry.isFile() && entry.name.endsWith('.test.js')) found.push(full);
  }
  return found.sort();
}

interface Tally { passed: number; failed: number; skipped: number }

async function runMocha(): Promise<Tally> {
  // mocha 12 is an ES module: a dynamic import works in every extension host (require(esm) needs Node 20.19+).
  const { default: Mocha } = await import('mocha');
  // Reporters print with printf-style arguments; format them here, once, and tag them.
  Mocha.reporters.Base.consoleLog = (...data: unknown[]) => console.log(SUITE_OUTPUT_TAG + format(...data));
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, forbidOnly: true, timeout: Number(process.env.ACP_TEST_TIMEOUT_MS ?? 20_000) });
  if (process.env.ACP_TEST_GREP) mocha.grep(new RegExp(process.env.ACP_TEST_GREP));
  const files = findTests(__dirname);
  if (files.length === 0) throw new Error(`No *.test.js files under ${__dirname}: run \`npm run compile-tests\` first.`);
  for (const file of files) mocha.addFile(file);
  await mocha.loadFilesAsync();
  return new Promise<Tally>((resolve) => {
    const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
    // A refused skip is reported as skipped, then as failed: it counts once, as failed.
    const runner = mocha.run(() => resolve({ ...tally, skipped: tally.skipped - skips.refused }));
    const skips = refuseOtherSkips(runner);
    runner.on('pass', () => { tally.passed += 1; });
    runner.on('fail', () => { tally.failed += 1; });
    runner.on('pending', () => { tally.skipped += 1; });
  });
}

export async function run(): Promise<void> {
  console.log(SUITE_STARTED_MARKER);
  let tally: Tally;
  try {
    tally = await runMocha();
  } catch (error) {
    console.log('0 passed, 1 failed');
    throw error;
  }
  const skipped = tally.skipped > 0 ? `, ${tally.skipped} skipped` : '';
  console.log(`${tally.passed} passed, ${tally.failed} failed${skipped}`);
  if (tally.failed > 0) throw new Error(`${tally.failed} integration test(s) failed`);
  if (tally.passed === 0) throw new Error('No integration test ran');
}
