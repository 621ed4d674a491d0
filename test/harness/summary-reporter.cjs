// Mocha's spec reporter plus one closing line `N passed, N failed[, N skipped]`, the line CI reads. It also applies
// the run's rule for skipped tests (test/harness/skips.ts, compiled with the tests): a skip the run does not accept
// fails. Used by `npm run test:unit`.
const path = require('node:path');
const Mocha = require('mocha');
const { refuseOtherSkips } = require(path.join(__dirname, '..', '..', 'out', 'test', 'harness', 'skips.js'));

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const skips = refuseOtherSkips(runner);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      const accepted = pending - skips.refused;
      const skipped = accepted > 0 ? `, ${accepted} skipped` : '';
      process.stdout.write(`${passes} passed, ${failures} failed${skipped}\n`);
    });
  }
}

module.exports = SummaryReporter;
