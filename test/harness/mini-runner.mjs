// A tiny sequential test runner for browser tests: each test gets a fresh fixture from `setup`, a time
// limit, and a screenshot; the run ends with one `N passed, N failed[, N skipped]` line.

/**
 * Whether this is a CI run: CI set to anything but "", "0" or "false" (the rule of test/harness/skips.ts's `inCi`,
 * which the mocha layers use).
 */
export function inCi(env = process.env) {
  return env.CI !== undefined && !/^(|0|false)$/i.test(env.CI.trim());
}

/**
 * @template Fixture
 * A test's `skip`, when given, is asked once the test is selected: a reason (a prerequisite this machine lacks, saying
 * how to install it) or undefined (it runs). Outside CI the test is then skipped with the reason shown; under CI it
 * fails with it (a skip would hide a test that did not run). Tests that `grep` leaves out are not counted.
 * @param {{ name: string, run: (fixture: Fixture) => Promise<void>, timeoutMs?: number, skip?: () => string | undefined }[]} tests
 * @param {{
 *   setup: (test: { name: string }) => Promise<Fixture>,
 *   teardown: (fixture: Fixture, outcome: { test: { name: string }, error?: unknown }) => Promise<void>,
 *   defaultTimeoutMs: number,
 *   grep?: string,
 *   ci?: boolean,
 * }} options
 * @returns {Promise<{ passed: number, failed: number, skipped: number }>}
 */
export async function runTests(tests, { setup, teardown, defaultTimeoutMs, grep, ci = inCi() }) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const test of tests) {
    if (grep && !test.name.includes(grep)) continue;
    const started = Date.now();
    let error;
    let fixture;
    try {
      const skipped = test.skip?.();
      if (skipped !== undefined && ci) throw new Error(`${skipped} (Under CI=true a test whose prerequisite is missing fails instead of skipping.)`);
      if (skipped !== undefined) {
        counts.skipped += 1;
        console.log(`  - ${test.name} (skipped: ${skipped})`);
        continue;
      }
      fixture = await setup(test);
      await withTimeout(test.run(fixture), test.timeoutMs ?? defaultTimeoutMs, test.name);
    } catch (caught) {
      error = caught;
    }
    if (fixture !== undefined) {
      try {
        await teardown(fixture, { test, error });
      } catch (caught) {
        error ??= caught;
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (error === undefined) {
      counts.passed += 1;
      console.log(`  ✔ ${test.name} (${seconds} s)`);
    } else {
      counts.failed += 1;
      console.log(`  ✘ ${test.name} (${seconds} s)\n${indent(describe(error))}`);
    }
  }
  const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
  console.log(`${counts.passed} passed, ${counts.failed} failed${skipped}`);
  return counts;
}

function withTimeout(promise, ms, name) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`"${name}" did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describe(error) {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

function indent(text) {
  return text.split('\n').map((line) => `      ${line}`).join('\n');
}
