// How a mocha test may skip, and which skips a run accepts (the unit layer's reporter and the integration suite
// apply it). A skip hides a test that did not run, so a run accepts two kinds only, each with its reason in the
// test's title:
// - off the platform the test is bound to (`skipOffPlatform`: "[only on linux: …]"), in any run;
// - for a prerequisite this machine lacks (`skipWithout`: "[skipped: …]", e.g. a real agent that is not installed),
//   outside CI only: under CI=true `skipWithout` fails the test with the reason instead.
// Any other skip (it.skip, xit, a bare this.skip()) fails the run: `refuseOtherSkips` turns it into a failure.
// (Mocha's own --forbid-pending would refuse the platform-bound skips too; --forbid-only is used as it is.)

/** Whether this is a CI run: CI set to anything but "", "0" or "false" (.ci/run sets CI=true). */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI !== undefined && !/^(|0|false)$/i.test(env.CI.trim());
}

const PLATFORM_SKIP = /\[only on [a-z0-9]+: [^\]]+\]/;
const PREREQUISITE_SKIP = /\[skipped: [^\]]+\]/;

/** Skips the running test (or, from a hook, every test of the hook's suite) off `platform`, saying why it needs it. */
export function skipOffPlatform(context: Mocha.Context, platform: NodeJS.Platform, why: string): void {
  if (process.platform === platform) return;
  skipWithReason(context, `[only on ${platform}: ${why}]`);
}

/**
 * `missing` undefined: returns. Otherwise (a sentence saying what is missing and how to install it): under CI the
 * test (or, from a hook, every test of its suite) fails with it; elsewhere it is skipped with it.
 */
export function skipWithout(context: Mocha.Context, missing: string | undefined, ci = inCi()): void {
  if (missing === undefined) return;
  if (ci) throw new Error(`${missing} (Under CI=true a test whose prerequisite is missing fails instead of skipping.)`);
  skipWithReason(context, `[skipped: ${missing.replaceAll(']', ')')}]`);
}

function skipWithReason(context: Mocha.Context, reason: string): never {
  const runnable = context.test as Mocha.Test | Mocha.Hook | undefined;
  const mark = (test: Mocha.Test): void => {
    if (!test.title.endsWith(reason)) test.title += ` ${reason}`;
  };
  if (runnable?.type === 'hook') runnable.parent?.eachTest(mark);
  else if (runnable) mark(runnable);
  context.skip();
}

/** Whether a run accepts a skipped test with this full title (see the top of this file). */
export function skipAccepted(fullTitle: string, ci: boolean): boolean {
  return PLATFORM_SKIP.test(fullTitle) || (!ci && PREREQUISITE_SKIP.test(fullTitle));
}

/** Mocha's own way to fail a skipped test (what its --forbid-pending does); protected in its types. */
interface FailingRunner {
  fail(test: Mocha.Test, error: Error, force: true): void;
}

/**
 * Fails each skipped test the run does not accept, through the runner (so the failure count, the reporters and the
 * exit code include it). Returns how many it refused so far (they were reported as skipped as well).
 */
export function refuseOtherSkips(runner: Mocha.Runner, ci = inCi()): { refused: number } {
  const counts = { refused: 0 };
  runner.on('pending', (test: Mocha.Test) => {
    if (skipAccepted(test.fullTitle(), ci)) return;
    counts.refused += 1;
    const how = ci
      ? 'Under CI=true a test skips only off its platform (skipOffPlatform in test/harness/skips.ts).'
      : 'A test skips only off its platform (skipOffPlatform) or for a missing prerequisite (skipWithout), in test/harness/skips.ts.';
    (runner as unknown as FailingRunner).fail(test, new Error(`Skipped without a reason this run accepts. ${how}`), true);
  });
  return counts;
}
