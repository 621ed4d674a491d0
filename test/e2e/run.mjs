#!/usr/bin/env node
// End-to-end tests: headless Chromium drives the real workbench (code-server with the extension loaded
// from this repo) and the chat webview. Runs every test exported by test/e2e/*.e2e.mjs, each with its own
// code-server and workspace copy. Usage: node test/e2e/run.mjs [substring of a test name]
// Artifacts (screenshots, code-server logs, chat HTML of failures): .test-artifacts/e2e/
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from '../harness/chromium.mjs';
import { exitOnSignals } from '../harness/code-server.mjs';
import { runTests } from '../harness/mini-runner.mjs';
import { extensionEntry, repoRoot } from '../harness/paths.mjs';
import { openWorkbench } from '../harness/workbench.mjs';
import { createFixture, disposeFixture } from './workbench-fixture.mjs';

const TEST_TIMEOUT_MS = 120_000;
const here = path.dirname(fileURLToPath(import.meta.url));

async function loadTests() {
  const files = readdirSync(here).filter((name) => name.endsWith('.e2e.mjs')).sort();
  const tests = [];
  for (const file of files) {
    const module = await import(pathToFileURL(path.join(here, file)).href);
    if (!Array.isArray(module.tests)) throw new Error(`${file} does not export a "tests" array`);
    tests.push(...module.tests);
  }
  if (tests.length === 0) throw new Error(`No tests in ${path.relative(repoRoot, here)}/*.e2e.mjs`);
  return tests;
}

async function main() {
  exitOnSignals();
  if (!existsSync(extensionEntry)) throw new Error(`${path.relative(repoRoot, extensionEntry)} is missing: run \`npm run build\``);
  const tests = (await loadTests()).map((test) => ({
    ...test,
    run: async (fixture) => {
      await openWorkbench(fixture.page, fixture.url);
      await test.run(fixture);
    },
  }));
  const browser = await launchChromium();
  try {
    console.log('e2e');
    const counts = await runTests(tests, {
      setup: (test) => createFixture(browser, test),
      teardown: disposeFixture,
      defaultTimeoutMs: TEST_TIMEOUT_MS,
      grep: process.argv[2],
    });
    return counts.failed === 0 && counts.passed > 0 ? 0 : 1;
  } finally {
    await browser.close();
  }
}

try {
  process.exit(await main());
} catch (error) {
  console.error(`End-to-end run failed: ${error instanceof Error ? error.message : error}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
