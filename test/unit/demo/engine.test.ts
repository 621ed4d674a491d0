// Pure parts of the scripted agent: scenario validation (every fixture and the embedded demo), turn choice,
// templates, text splitting, line slicing, fences and the command line.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from '../../../src/demo/cli';
import { demoScenario } from '../../../src/demo/demoScenario';
import { fenced, sliceLines } from '../../../src/demo/fileAccess';
import { splitText } from '../../../src/demo/messageSteps';
import type { Json } from '../../../src/demo/json';
import type { Turn } from '../../../src/demo/scenario';
import { fill, fillStep, Vars } from '../../../src/demo/template';
import { pickTurn, promptText } from '../../../src/demo/turn';
import { validateScenario } from '../../../src/demo/validate';
import { scenarioDir } from './testClient';

describe('scripted agent: engine parts', () => {
  describe('validateScenario', () => {
    it('accepts the embedded demo and every fixture scenario', () => {
      assert.deepEqual(validateScenario(demoScenario), { ok: true, scenario: demoScenario });
      const files = fs.readdirSync(scenarioDir).filter((name) => name.endsWith('.json'));
      assert.ok(files.length >= 4);
      for (const name of files) {
        const result = validateScenario(JSON.parse(fs.readFileSync(path.join(scenarioDir, name), 'utf8')));
        assert.ok(result.ok, `${name}: ${result.ok ? '' : result.problems.join('; ')}`);
      }
    });

    it('reports each problem with its path', () => {
      const result = validateScenario({
        name: 'x',
        onInitialize: [{ say: 'no session yet' }],
        session: { afterNew: [{ stop: 'end_turn' }] },
        turns: [
          { match: '(', steps: [] },
          { steps: [{ writeFile: { path: 'a', content: 'x', append: 'y' } }, { repeat: 2 }, { readFile: { path: [] } }, { waitForCancel: 1 }] },
        ],
      });
      assert.equal(result.ok, false);
      const problems = result.ok ? [] : result.problems;
      const expected = [
        /^scenario\.onInitialize\[0\]: "say" cannot be used in onInitialize$/,
        /^scenario\.session\.afterNew\[0\]: "stop" cannot be used outside a prompt turn$/,
        /^scenario\.turns\[0\]\.match: not a valid regular expression/,
        /^scenario\.turns\[1\]\.steps\[0\]\.writeFile: needs exactly one of "content", "edit", "append", "delete" \(got 2\)$/,
        /^scenario\.turns\[1\]\.steps\[1\]: "repeat" needs "steps"$/,
        /^scenario\.turns\[1\]\.steps\[2\]\.readFile\.path: needs at least one path$/,
        /^scenario\.turns\[1\]\.steps\[3\]\.waitForCancel: must be true$/,
      ];
      for (const pattern of expected) assert.ok(problems.some((problem) => pattern.test(problem)), `${pattern} in\n${problems.join('\n')}`);
      assert.equal(problems.length, expected.length, problems.join('\n'));
    });

    it('needs a name and at least one turn', () => {
      const result = validateScenario({ turns: [] });
      assert.deepEqual(result.ok ? [] : result.problems, [
        'scenario.name: expected a string, got undefined undefined',
        'scenario.turns: expected a non-empty array of turns',
      ]);
    });
  });

  describe('turn choice', () => {
    const turns: Turn[] = [
      { match: '^first', once: true, steps: [] },
      { match: 'edit', steps: [] },
      { match: 'CASE', flags: '', steps: [] },
      { match: 'never', steps: [] },
    ];

    it('plays the first turn whose match fits, skipping played once-turns, else the last turn', () => {
      assert.equal(pickTurn(turns, 'first thing', new Set()), 0);
      assert.equal(pickTurn(turns, 'first thing', new Set([0])), 3);
      assert.equal(pickTurn(turns, 'please EDIT this', new Set()), 1);
      assert.equal(pickTurn(turns, 'case', new Set()), 3);
      assert.equal(pickTurn(turns, 'CASE', new Set()), 2);
      assert.equal(pickTurn([{ steps: [] }, { match: 'x', steps: [] }], 'x', new Set()), 0);
    });

    it('reads the prompt text from text blocks and resource links', () => {
      const prompt: Json = [
        { type: 'text', text: 'look at' },
        { type: 'resource_link', uri: 'file:///a.ts', name: 'a.ts' },
        { type: 'image', data: '', mimeType: 'image/png' },
      ];
      assert.equal(promptText(prompt), 'look at\nfile:///a.ts');
      assert.equal(promptText(undefined), '');
    });
  });

  describe('templates', () => {
    it('fills known variables, keeps unknown ones, and leaves nested steps for later', () => {
      const vars = new Vars();
      vars.set('cwd', '/w');
      assert.deepEqual(fill({ a: ['${cwd}/x', 1, null], b: '${nope} ${cwd}' }, vars), { a: ['/w/x', 1, null], b: '${nope} /w' });
      assert.match(fill('${time}', vars), /^\d{4}-\d\d-\d\dT/);
      const step = fillStep({ say: '${cwd}', onAllow: [{ say: '${cwd}' }] }, vars);
      assert.deepEqual(step, { say: '/w', onAllow: [{ say: '${cwd}' }] });
    });

    it('keeps a loop variable in its scope and other writes in the session', () => {
      const session = new Vars();
      const loop = session.scope('i', 2);
      loop.set('file', 'a.md');
      assert.equal(loop.get('i'), '2');
      assert.equal(session.get('i'), undefined);
      assert.equal(session.get('file'), 'a.md');
    });
  });

  describe('helpers', () => {
    it('splits text into pieces without cutting surrogate pairs', () => {
      assert.deepEqual(splitText('abcdefg', 3), ['abc', 'def', 'g']);
      assert.deepEqual(splitText('a👋b👋', 2), ['a👋', 'b👋']);
      assert.deepEqual(splitText('whole', 0), ['whole']);
    });

    it('slices lines like fs/read_text_file (1-based line, limit)', () => {
      assert.equal(sliceLines('1\n2\n3\n4', 2, 2), '2\n3');
      assert.equal(sliceLines('1\n2\n3', undefined, 1), '1');
      assert.equal(sliceLines('1\n2', undefined, undefined), '1\n2');
    });

    it('fences text with a fence longer than any backtick run in it', () => {
      assert.equal(fenced('a', 'x.md'), '```md\na\n```');
      assert.equal(fenced('has ```` inside\n', 'y'), '`````\nhas ```` inside\n`````');
    });

    it('parses the command line and the environment', () => {
      assert.deepEqual(parseArgs(['--scenario', 'a.json'], {}), { ok: true, options: { scenarioPath: path.resolve('a.json'), pace: 1 } });
      assert.deepEqual(parseArgs(['--pace=0'], { ACP_SCENARIO: '/s.json' }), { ok: true, options: { scenarioPath: '/s.json', pace: 0 } });
      assert.deepEqual(parseArgs([], { ACP_SCENARIO_PACE: '0.5' }), { ok: true, options: { scenarioPath: undefined, pace: 0.5 } });
      assert.equal(parseArgs(['--pace', '-1'], {}).ok, false);
      assert.deepEqual(parseArgs(['--scenario', 'a.json', '--login'], {}), { ok: true, options: { scenarioPath: path.resolve('a.json'), pace: 1, login: true } });
      assert.equal(parseArgs(['--scenario'], {}).ok, false);
    });
  });
});
