// The `_meta` terminal reports of claude-agent-acp and codex-acp tool calls, read leniently.
import * as assert from 'node:assert/strict';
import { agentTerminalReports } from '../../../src/shared/transcript/agentTerminalMeta';

describe('agent terminal _meta reports', () => {
  it("reads claude-agent-acp's lifecycle: terminal_info, terminal_output, terminal_exit", () => {
    const info = { sessionUpdate: 'tool_call', toolCallId: 'toolu_bash', _meta: { claudeCode: { toolName: 'Bash' }, terminal_info: { terminal_id: 'toolu_bash' } } };
    assert.deepEqual(agentTerminalReports(info), [{ terminalId: 'toolu_bash', info: true, data: '' }]);
    const output = { sessionUpdate: 'tool_call_update', toolCallId: 'toolu_bash', _meta: { terminal_output: { terminal_id: 'toolu_bash', data: 'Cargo.lock\nCargo.toml' } } };
    assert.deepEqual(agentTerminalReports(output), [{ terminalId: 'toolu_bash', info: false, data: 'Cargo.lock\nCargo.toml' }]);
    const exit = { sessionUpdate: 'tool_call_update', toolCallId: 'toolu_bash', status: 'completed', _meta: { terminal_exit: { terminal_id: 'toolu_bash', exit_code: 0, signal: null } } };
    assert.deepEqual(agentTerminalReports(exit), [{ terminalId: 'toolu_bash', info: false, data: '', exit: { exitCode: 0, signal: null } }]);
  });

  it("reads codex-acp's form: terminal_info with cwd, terminal_output_delta chunks, output and exit in one update", () => {
    const info = { toolCallId: 'call_1', _meta: { terminal_info: { cwd: '/w', terminal_id: 'call_1' } } };
    assert.deepEqual(agentTerminalReports(info), [{ terminalId: 'call_1', info: true, cwd: '/w', data: '' }]);
    const delta = { toolCallId: 'call_1', _meta: { terminal_output_delta: { data: 'line 1\n', terminal_id: 'call_1' } } };
    assert.equal(agentTerminalReports(delta)[0].data, 'line 1\n');
    const last = {
      toolCallId: 'call_1',
      status: 'failed',
      rawOutput: { formatted_output: 'x', exit_code: 2 },
      _meta: { terminal_output: { data: 'tail\n', terminal_id: 'call_1' }, terminal_exit: { exit_code: 2, signal: null, terminal_id: 'call_1' } },
    };
    assert.deepEqual(agentTerminalReports(last), [{ terminalId: 'call_1', info: false, data: 'tail\n', exit: { exitCode: 2, signal: null } }]);
  });

  it('is lenient: camelCase, a missing terminal id is the tool call id, odd values are skipped, not thrown', () => {
    assert.deepEqual(agentTerminalReports({ toolCallId: 't', _meta: { terminalOutputDelta: { data: 'a' }, terminalExit: { exitCode: null, signal: 'SIGTERM' } } }), [
      { terminalId: 't', info: false, data: 'a', exit: { exitCode: null, signal: 'SIGTERM' } },
    ]);
    assert.deepEqual(agentTerminalReports({ toolCallId: 't', _meta: { terminal_output: { data: 42 }, terminal_info: 'yes', terminal_exit: { exit_code: 'one' } } }), [
      { terminalId: 't', info: false, data: '', exit: { exitCode: null, signal: null } },
    ]);
    assert.deepEqual(agentTerminalReports({ toolCallId: 't', _meta: { claudeCode: { toolName: 'Read' } } }), []);
    assert.deepEqual(agentTerminalReports({ toolCallId: 't', _meta: null }), []);
    assert.deepEqual(agentTerminalReports({ _meta: { terminal_output: { data: 'no id anywhere' } } }), []);
    assert.deepEqual(agentTerminalReports('not an update'), []);
  });

  it('keeps reports of two terminals of one update apart', () => {
    const reports = agentTerminalReports({ toolCallId: 't', _meta: { terminal_output: { terminal_id: 'a', data: 'A' }, terminal_exit: { terminal_id: 'b', exit_code: 1 } } });
    assert.deepEqual(reports.map((r) => [r.terminalId, r.data, r.exit?.exitCode]), [
      ['a', 'A', undefined],
      ['b', '', 1],
    ]);
  });
});
