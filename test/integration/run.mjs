#!/usr/bin/env node
// Runs the integration suite (out/test/integration/index.js) inside a real VS Code extension host:
// code-server serves the workbench, headless Chromium opens it with the extension under development and
// the tests path in the payload, and the workbench reports the suite's log and exit code to the page.
// Needs `npm run build` and `npm run compile-tests` first. ACP_TEST_VERBOSE=1 also prints the workbench's
// own log; ACP_TEST_GREP=<text> runs only matching tests. Artifacts: .test-artifacts/integration/
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, newWorkbenchPage } from '../harness/chromium.mjs';
import { exitOnSignals, startCodeServer } from '../harness/code-server.mjs';
import { artifactsDir, extensionEntry, fixtureWorkspace, integrationTestsEntry, repoRoot } from '../harness/paths.mjs';
import { copyFolder, makeTempDir } from '../harness/temp.mjs';
import { workbenchUrl } from '../harness/workbench-url.mjs';

const OVERALL_TIMEOUT_MS = 20 * 60_000;
const SUITE_START_TIMEOUT_MS = 3 * 60_000;
// Both must match test/integration/index.ts.
const SUITE_STARTED_MARKER = '[acp-integration] suite started';
const SUITE_OUTPUT_TAG = '\u200b';
const SUMMARY_LINE = /^\d+ passed, \d+ failed(, \d+ skipped)?$/;
const verbose = process.env.ACP_TEST_VERBOSE === '1';
const outDir = path.join(artifactsDir, 'integration');

function requireBuilt() {
  const missing = [
    [extensionEntry, 'npm run build'],
    [integrationTestsEntry, 'npm run compile-tests'],
  ].filter(([file]) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(missing.map(([file, fix]) => `${path.relative(repoRoot, file)} is missing: run \`${fix}\``).join('\n'));
  }
}

/**
 * Sorts what the workbench logs: the suite's tagged lines are printed, the workbench's own errors are
 * printed marked as such, the rest (workbench info) only with ACP_TEST_VERBOSE=1. The summary line is
 * kept to be printed last.
 */
function createLogSink() {
  const state = { started: false, summary: undefined };
  const onLog = (level, message) => {
    const text = String(message);
    if (text.includes(SUITE_STARTED_MARKER)) {
      state.started = true;
      console.log(SUITE_STARTED_MARKER);
    } else if (text.startsWith(SUITE_OUTPUT_TAG)) {
      console.log(text.slice(SUITE_OUTPUT_TAG.length));
    } else if (SUMMARY_LINE.test(text.trim())) {
      state.summary = text.trim();
    } else if (level === 'error' || verbose) {
      console.log(`[workbench ${level}] ${text}`);
    }
  };
  return { state, onLog };
}

async function main() {
  exitOnSignals();
  requireBuilt();
  mkdirSync(outDir, { recursive: true });
  const scratch = makeTempDir('acp-integration');
  const workspace = copyFolder(fixtureWorkspace, path.join(scratch.dir, 'workspace'));
  const server = await startCodeServer({
    logFile: path.join(outDir, 'code-server.log'),
    env: { ACP_TEST_REPO_ROOT: repoRoot, ACP_TEST_WORKSPACE: workspace },
  });
  const browser = await launchChromium();
  const { page } = await newWorkbenchPage(browser);
  try {
    return await runSuite(page, server.baseUrl, workspace);
  } catch (error) {
    await page.screenshot({ path: path.join(outDir, 'failure.png') }).catch(() => {});
    throw error;
  } finally {
    await browser.close();
    await server.stop();
    scratch.remove();
  }
}

async function runSuite(page, baseUrl, workspace) {
  const sink = createLogSink();
  let markStarted;
  const startedSignal = new Promise((resolve) => { markStarted = resolve; });
  let finish;
  const finished = new Promise((resolve) => { finish = resolve; });

  await page.exposeFunction('codeAutomationLog', (level, message) => {
    sink.onLog(level, message);
    if (sink.state.started) markStarted();
  });
  await page.exposeFunction('codeAutomationExit', (code) => finish(sink.state.started ? Number(code)
    : new Error(`The extension host exited with code ${code} before the suite started (errors above; is ${integrationTestsEntry} loadable?).`)));
  page.on('crash', () => finish(new Error('The workbench page crashed.')));

  const url = workbenchUrl({
    baseUrl,
    folder: workspace,
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: integrationTestsEntry,
  });
  await page.goto(url);

  const result = await raceWithTimers(finished, startedSignal);
  if (result instanceof Error) throw result;
  if (sink.state.summary === undefined) {
    throw new Error(`The suite ended (exit code ${result}) without its "N passed, N failed" line.`);
  }
  console.log(sink.state.summary);
  return result;
}

/** The exit code, unless the suite does not start in time or the whole run takes too long. */
function raceWithTimers(finished, startedSignal) {
  const timers = [];
  const failAfter = (ms, message) => new Promise((_, reject) => { timers.push(setTimeout(() => reject(new Error(message)), ms)); });
  const startTimerIndex = timers.length;
  const notStarted = failAfter(SUITE_START_TIMEOUT_MS, `The workbench did not start the integration suite within ${SUITE_START_TIMEOUT_MS / 1000} s `
    + '(no extension host, or extensionTestsPath was not loaded). See .test-artifacts/integration/code-server.log and failure.png.');
  // Once the suite runs, only the overall limit applies.
  void startedSignal.then(() => clearTimeout(timers[startTimerIndex]));
  const tooLong = failAfter(OVERALL_TIMEOUT_MS, `The integration run took longer than ${OVERALL_TIMEOUT_MS / 60_000} minutes.`);
  return Promise.race([finished, notStarted, tooLong]).finally(() => timers.forEach(clearTimeout));
}

try {
  const code = await main();
  if (code !== 0) console.error(`Integration suite exited with code ${code}.`);
  process.exit(code);
} catch (error) {
  console.error(`Integration run failed: ${error instanceof Error ? error.message : error}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
