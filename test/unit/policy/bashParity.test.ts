// The differential property of DESIGN.md's rule "the policy's command analysis agrees with bash's own parse or
// asks the user": for every generated line, either the analysis is opaque (no allow rule can approve it) or its
// simple commands and their words are exactly what /bin/bash parses (bashOracle.ts), and bash accepts the line.
// Lines are built from shell metacharacters, quotes, `#`, `$`, backticks, newlines, redirections and operators.
// The seed is fixed (PARITY_SEED to vary it, PARITY_RUNS for more batches of BATCH lines).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyseCommandLine } from '../../../src/policy/shellCommand';
import { bashParses, type OracleStats } from './bashOracle';

const SEED = Number(process.env.PARITY_SEED ?? 20240518);
const RUNS = Number(process.env.PARITY_RUNS ?? 40);
const BATCH = 100;

const NOISE = [
  ' ', ' ', '  ', '\t', "'", "'", '"', '"', '\\', '\\', '#', '#', '$', '${', '$(', '`', ';', ';', '&&', '||', '|', '&',
  '>', '<', '>>', '2>&1', '<<', '<(', '\n', '\n', '\r', '(', ')', '{', '}', '*', '?', '=', '~', '!', '[', ']', ',', '..',
  '-', '\\\n', ';;', '|&', ';&', 'if ', 'then ', 'fi', 'do', 'time ', '[[', '((', 'A=1 ', 'é', '%', '^', ':', '/', '@',
];
const WORDS = ['git', 'status', 'rm', '-rf', 'x', 'a', 'b', 'echo', 'ls', '-la', '--output=f', 'npm', 'test', '--', '.'];

/** A word made of plain text, quoted text (holding metacharacters), escapes and the odd `#`. */
const word = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...WORDS) },
      { weight: 2, arbitrary: fc.constantFrom(...NOISE).map((inner) => `'${inner.replace(/'/g, '')}'`) },
      { weight: 2, arbitrary: fc.constantFrom(...NOISE).map((inner) => `"${inner.replace(/["\\$`]/g, '')}"`) },
      { weight: 1, arbitrary: fc.constantFrom('\\#', '\\;', '\\ ', '\\\\', '\\"', "\\'", '\\&', '\\|', '\\(', '\\<', '\\$', '\\`', '\\\n') },
      { weight: 2, arbitrary: fc.constantFrom('#', '=', '~', '!', '{', '}', '*', '?', ',', '-', '%', 'é', '\r') },
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(''));
const gap = fc.constantFrom(' ', ' ', ' ', '\t', '  ', ' \\\n ');
const simpleCommand = fc.array(word, { minLength: 1, maxLength: 4 }).chain((words) =>
  fc.array(gap, { minLength: words.length, maxLength: words.length }).map((gaps) => words.map((w, i) => (i === 0 ? w : gaps[i] + w)).join('')),
);
const operator = fc.constantFrom(';', ' ; ', ' && ', '&&', ' || ', ' | ', '|', ' & ', '\n', ' &&\n', ' # note\n', '#x\n', ';#', ' |\n');
const structured = fc
  .tuple(fc.array(fc.tuple(simpleCommand, operator), { maxLength: 3 }), simpleCommand, fc.boolean(), fc.constantFrom('', ' ', ';', ' #c', '&'))
  .map(([head, last, group, tail]) => {
    const body = head.map(([c, op]) => c + op).join('') + last;
    return (group ? `(${body})` : body) + tail;
  });
const noise = fc.array(fc.oneof(fc.constantFrom(...NOISE), fc.constantFrom(...WORDS)), { maxLength: 14 }).map((parts) => parts.join(''));
/** A line: well-formed lists of words, the same with a fragment of noise spliced in, or noise alone. */
const line = fc.oneof(
  { weight: 4, arbitrary: structured },
  {
    weight: 3,
    arbitrary: fc.tuple(structured, noise, fc.nat()).map(([text, extra, at]) => {
      const cut = at % (text.length + 1);
      return text.slice(0, cut) + extra + text.slice(cut);
    }),
  },
  { weight: 2, arbitrary: noise },
);

/** The lines the policy judges word by word (an allow rule could approve them). */
function judged(lines: readonly string[]): string[] {
  return lines.filter((text) => {
    const analysis = analyseCommandLine(text);
    return !analysis.opaque && analysis.parsed.length > 0;
  });
}

describe('policy: the command analysis agrees with bash or is opaque (differential, /bin/bash)', function () {
  this.timeout(120_000);

  it(`holds for ${RUNS * BATCH} generated lines (seed ${SEED})`, () => {
    const stats: OracleStats = { bashProcesses: 0 };
    let lines = 0;
    let compared = 0;
    const started = Date.now();
    fc.assert(
      fc.property(fc.array(line, { minLength: BATCH, maxLength: BATCH }), (batch) => {
        lines += batch.length;
        const claimed = judged(batch);
        compared += claimed.length;
        const parses = bashParses(claimed, stats);
        claimed.forEach((text, i) => {
          const bash = parses[i];
          const policy = analyseCommandLine(text).parsed;
          const where = `line ${JSON.stringify(text)}: the policy reads ${JSON.stringify(policy)}`;
          assert.equal(bash.error, undefined, `${where}, bash rejects it: ${bash.error}`);
          assert.deepEqual(bash.notes, [], `${where}, bash sees ${bash.notes.join(', ')}`);
          assert.deepEqual(policy, bash.commands, `${where}, bash ${JSON.stringify(bash.commands)}`);
        });
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: false },
    );
    // For the record (the brief asks how long it takes and how much is really compared).
    console.log(`      ${lines} lines, ${compared} judged word by word and compared, ${stats.bashProcesses} bash processes, ${Date.now() - started} ms`);
    assert.ok(compared > lines / 5, `too few lines judged word by word to compare (${compared} of ${lines})`);
  });

  it('the oracle itself: bash does not take a # inside a word as a comment, and rejects what it must', () => {
    const [issue, quoted, broken] = bashParses(['git status#; rm -rf x', `echo 'a;b' "c d"#e # f`, 'git status &&']);
    assert.deepEqual(issue.commands, [['git', 'status#'], ['rm', '-rf', 'x']]);
    assert.deepEqual(quoted.commands, [['echo', 'a;b', 'c d#e']]);
    assert.match(broken.error ?? '', /syntax error/);
  });
});
