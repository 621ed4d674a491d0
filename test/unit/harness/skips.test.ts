// The run's rule for skipped tests (test/harness/skips.ts), on small suites run by a mocha runner of their own: what
// is accepted, what fails, and the reasons the titles carry.
import * as assert from 'node:assert/strict';
import Mocha from 'mocha';
import { inCi, refuseOtherSkips, skipOffPlatform, skipWithout } from '../../harness/skips';

const OTHER_PLATFORM: NodeJS.Platform = process.platform === 'win32' ? 'linux' : 'win32';

interface Outcome {
  passed: string[];
  skipped: string[];
  failed: { title: string; message: string }[];
  refused: number;
}

/** Runs the tests `define` adds to a fresh root suite, with the rule applied as in a run with or without CI. */
function run(ci: boolean, define: (suite: Mocha.Suite) => void): Promise<Outcome> {
  const root = new Mocha.Suite('', new Mocha.Context());
  define(root);
  const runner = new Mocha.Runner(root, { delay: false });
  const outcome: Outcome = { passed: [], skipped: [], failed: [], refused: 0 };
  const skips = refuseOtherSkips(runner, ci);
  runner.on('pass', (test: Mocha.Test) => outcome.passed.push(test.title));
  runner.on('pending', (test: Mocha.Test) => outcome.skipped.push(test.title));
  runner.on('fail', (test: Mocha.Test, error: Error) => outcome.failed.push({ title: test.title, message: error.message }));
  return new Promise((resolve) => runner.run(() => resolve({ ...outcome, refused: skips.refused })));
}

function test(title: string, fn?: (this: Mocha.Context) => void): Mocha.Test {
  return new Mocha.Test(title, fn);
}

describe('skipped tests: what a run accepts', () => {
  it('fails it.skip, a test without a body and a bare this.skip(), with or without CI', async () => {
    for (const ci of [false, true]) {
      const outcome = await run(ci, (suite) => {
        const skipped = test('marked skip', () => undefined);
        skipped.pending = true;
        suite.addTest(skipped);
        suite.addTest(test('no body'));
        suite.addTest(test('skips itself', function () {
          this.skip();
        }));
        suite.addTest(test('runs', () => undefined));
      });
      assert.deepEqual(outcome.passed, ['runs']);
      assert.deepEqual(outcome.failed.map((f) => f.title), ['marked skip', 'no body', 'skips itself'], `CI ${ci}`);
      assert.match(outcome.failed[0]!.message, /Skipped without a reason this run accepts/);
      assert.equal(outcome.refused, 3);
    }
  });

  it('accepts a test bound to another platform, with the platform and the reason in its title, also under CI', async () => {
    const outcome = await run(true, (suite) => {
      suite.addTest(test('reads /proc', function () {
        skipOffPlatform(this, OTHER_PLATFORM, 'reads process groups from /proc');
      }));
      suite.addTest(test('runs here', function () {
        skipOffPlatform(this, process.platform, 'this platform');
      }));
    });
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(outcome.passed, ['runs here']);
    assert.deepEqual(outcome.skipped, [`reads /proc [only on ${OTHER_PLATFORM}: reads process groups from /proc]`]);
  });

  it('from a hook, marks and skips every test of the suite', async () => {
    const outcome = await run(true, (suite) => {
      const bound = Mocha.Suite.create(suite, 'bound');
      bound.beforeAll(function () {
        skipOffPlatform(this, OTHER_PLATFORM, 'why');
      });
      bound.addTest(test('one', () => undefined));
      bound.addTest(test('two', () => undefined));
    });
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(outcome.skipped, [`one [only on ${OTHER_PLATFORM}: why]`, `two [only on ${OTHER_PLATFORM}: why]`]);
  });

  it('a missing prerequisite: skipped with its reason outside CI; under CI the test fails with it', async () => {
    const define = (ci: boolean) => (suite: Mocha.Suite): void => {
      const real = Mocha.Suite.create(suite, 'a real agent');
      real.beforeAll(function () {
        skipWithout(this, 'some-agent is not installed: run npm run install-it.', ci);
      });
      real.addTest(test('talks', () => undefined));
      suite.addTest(test('needs nothing', function () {
        skipWithout(this, undefined, ci);
      }));
    };
    const local = await run(false, define(false));
    assert.deepEqual(local.failed, []);
    assert.deepEqual(local.passed, ['needs nothing']);
    assert.deepEqual(local.skipped, ['talks [skipped: some-agent is not installed: run npm run install-it.]']);

    const ci = await run(true, define(true));
    assert.deepEqual(ci.passed, ['needs nothing']);
    assert.deepEqual(ci.skipped, []);
    assert.equal(ci.failed.length, 1);
    assert.match(ci.failed[0]!.message, /^some-agent is not installed: run npm run install-it\. \(Under CI=true .* fails instead of skipping\.\)$/);
  });

  it('a prerequisite skip a CI run does not accept fails even when the test skipped by itself', async () => {
    const outcome = await run(true, (suite) => {
      suite.addTest(test('skipped as if locally', function () {
        skipWithout(this, 'some-agent is not installed.', false);
      }));
    });
    assert.deepEqual(outcome.failed.map((f) => f.title), ['skipped as if locally [skipped: some-agent is not installed.]']);
  });

  it('CI is CI set to anything but "", "0" or "false"', () => {
    assert.equal(inCi({ CI: 'true' }), true);
    assert.equal(inCi({ CI: '1' }), true);
    assert.equal(inCi({ CI: 'woodpecker' }), true);
    for (const no of [undefined, '', '0', 'false', 'FALSE']) assert.equal(inCi({ CI: no }), false, String(no));
  });
});
