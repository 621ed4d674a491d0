import * as assert from 'node:assert/strict';
import type { AvailableCommand } from '../../../../src/shared/acp';
import { commandHint, completeCommand, matchCommands, slashQuery } from '../../../../webview-ui/src/composer/slashCommands';

const commands: AvailableCommand[] = [
  { name: 'web', description: 'Search the web', input: { hint: 'query to search for' } },
  { name: 'test', description: 'Run tests' },
  { name: 'review-web', description: 'Review a page' },
  { name: 'plan', description: 'Plan', input: { hint: '   ' } },
];

describe('slash commands', () => {
  it('a query only while the caret ends a leading "/word"', () => {
    assert.equal(slashQuery('/', 1), '');
    assert.equal(slashQuery('/we', 3), 'we');
    assert.equal(slashQuery('/we more', 3), 'we', 'the caret at the end of the first word');
    assert.equal(slashQuery('/we', 2), undefined, 'the caret inside the word');
    assert.equal(slashQuery('/web query', 10), undefined, 'the caret past the first word');
    assert.equal(slashQuery('hello /web', 10), undefined, 'not at the start');
    assert.equal(slashQuery(' /web', 5), undefined);
    assert.equal(slashQuery('/web', 0), undefined);
  });

  it('matches by prefix first (agent order), then by substring, case-insensitively', () => {
    assert.deepEqual(matchCommands(commands, 'WE').map((c) => c.name), ['web', 'review-web']);
    assert.deepEqual(matchCommands(commands, '').map((c) => c.name), ['web', 'test', 'review-web', 'plan']);
    assert.deepEqual(matchCommands(commands, 'zz'), []);
  });

  it('completion writes "/name " and keeps what follows the word', () => {
    assert.deepEqual(completeCommand('/we', 'web'), { text: '/web ', caret: 5 });
    assert.deepEqual(completeCommand('/we   cats', 'web'), { text: '/web cats', caret: 5 });
    assert.deepEqual(completeCommand('/', 'test'), { text: '/test ', caret: 6 });
  });

  it("shows the command's input hint until its argument is written", () => {
    assert.deepEqual(commandHint('/web ', commands), { prefix: '/web ', hint: 'query to search for' });
    assert.deepEqual(commandHint('/web', commands), { prefix: '/web ', hint: 'query to search for' });
    assert.equal(commandHint('/web cats', commands), undefined);
    assert.equal(commandHint('/test ', commands), undefined, 'no input, no hint');
    assert.equal(commandHint('/plan ', commands), undefined, 'a blank hint is no hint');
    assert.equal(commandHint('/nope ', commands), undefined);
  });
});
