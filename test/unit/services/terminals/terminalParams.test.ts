import * as assert from 'node:assert/strict';
import { INVALID_PARAMS } from '../../../../src/acp/errors';
import { parseCreateTerminal, parseTerminalRef } from '../../../../src/services/terminals/terminalParams';

function rejects(fn: () => unknown, field: string): void {
  assert.throws(fn, (error: { code?: number; message?: string; data?: { field?: string } }) => {
    assert.equal(error.code, INVALID_PARAMS);
    assert.equal(error.data?.field, field);
    assert.ok(error.message?.includes(`"${field}"`), `the message names ${field}: ${error.message}`);
    return true;
  });
}

const base = { sessionId: 's1', command: 'npm' };

describe('terminal params', () => {
  it('reads a full terminal/create request', () => {
    const parsed = parseCreateTerminal({
      ...base,
      args: ['test', '--coverage'],
      env: [{ name: 'NODE_ENV', value: 'test', _meta: { x: 1 } }],
      cwd: '/home/user/project',
      outputByteLimit: 1048576,
      _meta: { anything: true },
    });
    assert.deepEqual(parsed, {
      sessionId: 's1',
      command: 'npm',
      args: ['test', '--coverage'],
      env: [{ name: 'NODE_ENV', value: 'test' }],
      cwd: '/home/user/project',
      outputByteLimit: 1048576,
    });
  });

  it('treats absent and null optional fields alike', () => {
    const expected = { sessionId: 's1', command: 'echo hi | wc -c', args: [], env: [], cwd: undefined, outputByteLimit: undefined };
    assert.deepEqual(parseCreateTerminal({ ...base, command: 'echo hi | wc -c' }), expected);
    assert.deepEqual(parseCreateTerminal({ ...base, command: 'echo hi | wc -c', args: null, env: null, cwd: null, outputByteLimit: null }), expected);
  });

  it('rejects a missing, empty or non-string command', () => {
    rejects(() => parseCreateTerminal({ sessionId: 's1' }), 'command');
    rejects(() => parseCreateTerminal({ ...base, command: '  ' }), 'command');
    rejects(() => parseCreateTerminal({ ...base, command: 42 }), 'command');
  });

  it('rejects a relative cwd', () => {
    rejects(() => parseCreateTerminal({ ...base, cwd: 'src' }), 'cwd');
    rejects(() => parseCreateTerminal({ ...base, cwd: './' }), 'cwd');
  });

  it('rejects bad args and env entries, naming the item', () => {
    rejects(() => parseCreateTerminal({ ...base, args: 'test' }), 'args');
    rejects(() => parseCreateTerminal({ ...base, args: ['ok', 3] }), 'args[1]');
    rejects(() => parseCreateTerminal({ ...base, args: ['a\0b'] }), 'args[0]');
    rejects(() => parseCreateTerminal({ ...base, env: { NODE_ENV: 'test' } }), 'env');
    rejects(() => parseCreateTerminal({ ...base, env: [{ name: 'A' }] }), 'env[0].value');
    rejects(() => parseCreateTerminal({ ...base, env: [{ name: '', value: 'x' }] }), 'env[0].name');
    rejects(() => parseCreateTerminal({ ...base, env: [{ name: 'A=B', value: 'x' }] }), 'env[0].name');
    rejects(() => parseCreateTerminal({ ...base, env: ['A=B'] }), 'env[0]');
  });

  it('rejects an outputByteLimit that is not a non-negative integer', () => {
    rejects(() => parseCreateTerminal({ ...base, outputByteLimit: -1 }), 'outputByteLimit');
    rejects(() => parseCreateTerminal({ ...base, outputByteLimit: 1.5 }), 'outputByteLimit');
    rejects(() => parseCreateTerminal({ ...base, outputByteLimit: '100' }), 'outputByteLimit');
    assert.equal(parseCreateTerminal({ ...base, outputByteLimit: 0 }).outputByteLimit, 0);
  });

  it('reads and checks terminal references', () => {
    assert.deepEqual(parseTerminalRef('terminal/output', { sessionId: 's1', terminalId: 'term-1' }), { sessionId: 's1', terminalId: 'term-1' });
    rejects(() => parseTerminalRef('terminal/output', { sessionId: 's1' }), 'terminalId');
    rejects(() => parseTerminalRef('terminal/kill', { terminalId: 'term-1' }), 'sessionId');
    assert.throws(() => parseTerminalRef('terminal/release', null), { code: INVALID_PARAMS });
  });
});
