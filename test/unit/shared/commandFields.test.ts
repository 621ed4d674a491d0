// Which fields of a tool call's raw input name a command, as real agents send them (traces in ../../../shared/traces)
// and as an agent could send them to slip a second command past the rules.
import * as assert from 'node:assert/strict';
import { commandFields, commandText, firstCommandText, shellWord } from '../../../src/shared/commandFields';
import { bashParses } from '../policy/bashOracle';

const fieldsOf = (rawInput: unknown): [string, string][] => commandFields(rawInput).map((f) => [f.field, commandText(f.form)]);

describe('shared: the command fields of a raw input', () => {
  it('claude-agent-acp and qwen-code: `command` as a line', () => {
    assert.deepEqual(fieldsOf({ command: 'echo from-shell; cat hello.txt', description: 'Echo and cat', timeout: 60000 }), [['command', 'echo from-shell; cat hello.txt']]);
  });

  it('codex-acp: `command` as argv, and its own description in parsed_cmd[i].cmd', () => {
    const codex = {
      call_id: 'call_80_390',
      command: ['/bin/bash', '-lc', 'cd src && cat hello.txt'],
      cwd: '/home/user/project',
      parsed_cmd: [{ type: 'read', cmd: 'cat hello.txt', name: 'hello.txt', path: '/home/user/project/src/hello.txt' }],
      proposed_execpolicy_amendment: ['echo', 'from-shell'],
    };
    assert.deepEqual(fieldsOf(codex), [
      ['command', 'cd src && cat hello.txt'],
      ['parsed_cmd[0].cmd', 'cat hello.txt'],
    ]);
  });

  it('finds every command-like field: cmd, argv, commandLine, commands lists, nested ones; top level first', () => {
    const input = { input: { command: 'nested one' }, command: 'git status', cmd: 'rm -rf x', argv: ['ls', '-la'], commandLine: 'a', command_line: 'b', commands: ['c', ['d', 'e'], { cmd: 'f' }] };
    assert.deepEqual(fieldsOf(input), [
      ['command', 'git status'],
      ['cmd', 'rm -rf x'],
      ['argv', 'ls -la'],
      ['commandLine', 'a'],
      ['command_line', 'b'],
      ['commands[0]', 'c'],
      ['commands[1]', 'd e'],
      ['input.command', 'nested one'],
      ['commands[2].cmd', 'f'],
    ]);
  });

  it('lays `args` after the program they belong to (the first command field), keeps non-strings out', () => {
    assert.deepEqual(fieldsOf({ command: 'echo', args: ['a b', 'c', { deep: 'x' }] }), [['command + args', "echo 'a b' c"]]);
    assert.deepEqual(commandFields({ command: ['git'], args: ['status'] })[0].form, { argv: ['git', 'status'] });
    assert.deepEqual(fieldsOf({ cmd: 'git', args: ['status'], command: 'ls' }), [['cmd + args', 'git status'], ['command', 'ls']]);
    assert.deepEqual(fieldsOf({ args: ['rm', '-rf', 'x'] }), [], '`args` without a program name no command');
  });

  it('ignores what is not a command: blank lines, empty or mixed lists, numbers, other keys', () => {
    for (const input of [{ command: '  ' }, { command: [] }, { command: ['a', 1] }, { command: 42 }, { file_path: '/x', new_string: '{"command": "rm"}' }, 'rm -rf x', null]) {
      assert.deepEqual(commandFields(input), [], JSON.stringify(input));
    }
  });

  it('shows a shell argv by its script, any other argv as words bash reads back', () => {
    assert.equal(firstCommandText({ command: ['/bin/bash', '-lc', 'npm test'] }), 'npm test');
    assert.equal(firstCommandText({ command: ['sh', '-c', 'ls'] }), 'ls');
    assert.equal(firstCommandText({ command: ['git', 'commit', '-m', "it's done"] }), "git commit -m 'it'\\''s done'");
    assert.equal(firstCommandText({}), undefined);
  });

  it('quotes words so that bash reads them back unchanged', () => {
    const words = ['plain', 'a b', "it's", '$HOME', '`x`', 'a;b', '*', '', '#x', 'tab\there', 'new\nline', '~', '!', 'é', '--output=f', '\\'];
    const [parsed] = bashParses([words.map(shellWord).join(' ')]);
    assert.equal(parsed.error, undefined);
    assert.deepEqual(parsed.commands, [words]);
    assert.deepEqual(parsed.notes, []);
  });
});
