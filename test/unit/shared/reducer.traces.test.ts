// Recorded sessions with real agents (test/fixtures/traces, copied from the shared recordings) fed through the
// reducer. The expected values below were read from the trace files, not produced by the reducer.
import * as assert from 'node:assert/strict';
import type { SessionState, ToolCallEntry, TranscriptEntry } from '../../../src/shared/transcript/model';
import { endTurn, findToolCall } from '../../../src/shared/transcript/reducer';
import { TraceReplay, isPermissionRequestFor, isRequest, isUpdate, traceNames } from '../helpers/traceReplay';

function tool(state: SessionState, toolCallId: string): ToolCallEntry {
  const entry = findToolCall(state, toolCallId);
  assert.ok(entry, `tool call ${toolCallId} exists`);
  return entry;
}

function kinds(state: SessionState): string[] {
  return state.entries.map((e) => e.kind);
}

/** The text of a user/agent/thought entry (all its text blocks). */
function textOf(entry: TranscriptEntry | undefined): string {
  assert.ok(entry && (entry.kind === 'user' || entry.kind === 'agent' || entry.kind === 'thought'));
  return entry.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('');
}

function toolEntries(state: SessionState): ToolCallEntry[] {
  return state.entries.filter((e): e is ToolCallEntry => e.kind === 'tool_call');
}

const isPermissionResponse = (rec: { dir: string; msg: Record<string, unknown> }, id: unknown): boolean =>
  rec.dir === 'c2a' && rec.msg.id === id && !('method' in rec.msg);

const TURN_SHAPE = ['user', 'thought', 'agent', 'tool_call', 'agent', 'tool_call', 'agent', 'tool_call', 'agent', 'tool_call', 'agent'];

describe('reducer fed with recorded traces', () => {
  it('has the recorded traces', () => {
    assert.deepEqual(traceNames(), [
      'claude-agent-acp-0.101-all',
      'claude-agent-acp-0.101-bash-8s',
      'claude-agent-acp-0.101-bash-background',
      'claude-agent-acp-0.101-bash-output',
      'claude-agent-acp-0.101-subagent',
      'claude-agent-acp-0.101-subagent-not-advertised',
      'claude-agent-acp-all',
      'claude-agent-acp-edit-reject',
      'claude-agent-acp-plan',
      'claude-code-acp-all',
      'claude-code-acp-bg',
      'codex-acp-2.6-all',
      'codex-acp-2.6-live-output',
      'codex-acp-2.6-plan',
      'codex-acp-2.6-plan-mode',
      'codex-acp-2.6-subagent',
      'codex-acp-2.6-subagent-cancel',
      'codex-acp-2.6-subagent-not-advertised',
      'codex-acp-all',
      'codex-acp-edit-reject',
      'gemini-cli-all-yolo',
      'qwen-code-all',
      'sdk-example-cancel',
      'sdk-example-prompt',
    ]);
  });

  for (const name of traceNames()) {
    it(`${name}: replays with no unknown variants, unique ids, no permission left pending, turn idle`, () => {
      const replay = TraceReplay.of(name).runToEnd();
      const { state } = replay;
      assert.deepEqual(replay.unknownKinds, []);
      assert.equal(new Set(state.entries.map((e) => e.id)).size, state.entries.length);
      assert.ok(toolEntries(state).every((t) => t.permission === undefined));
      assert.equal(state.header.turn, 'idle');
      assert.equal(kinds(state).filter((k) => k === 'user').length, 1);
    });
  }

  describe('claude-agent-acp-all', () => {
    it('builds thought, messages and four tool calls, chunks joined into one text each', () => {
      const { state } = TraceReplay.of('claude-agent-acp-all').runToEnd();
      assert.deepEqual(kinds(state), TURN_SHAPE);
      assert.equal(textOf(state.entries[0]), 'SCENARIO:all DIR:/home/user/project');
      assert.equal(textOf(state.entries[1]), 'Plan: read, edit, write, run.');
      assert.equal(textOf(state.entries[2]), 'Step 1: read.');
      assert.equal(textOf(state.entries[10]), 'All steps done. Last tool result was: "from-shell\\nhello ACP\\nsecond line"');
      assert.deepEqual(
        toolEntries(state).map((t) => [t.toolCallId, t.title, t.toolKind, t.status]),
        [
          ['toolu_fake_41_4842', 'Read hello.txt', 'read', 'completed'],
          ['toolu_fake_43_4919', 'Edit hello.txt', 'edit', 'completed'],
          ['toolu_fake_45_5024', 'Write new.txt', 'edit', 'completed'],
          ['toolu_fake_47_5071', 'echo from-shell; cat hello.txt; touch ran-marker', 'execute', 'completed'],
        ],
      );
    });

    it('merges the _meta-only update and replaces it with the next _meta', () => {
      const replay = TraceReplay.of('claude-agent-acp-all');
      // The third update for the Read call carries only _meta (claudeCode.toolResponse).
      let seen = 0;
      replay.runThrough((rec) => isUpdate(rec, 'tool_call_update', 'toolu_fake_41_4842') && ++seen === 2);
      const read = tool(replay.state, 'toolu_fake_41_4842');
      assert.equal(read.status, 'pending');
      const meta = read.extra._meta as { claudeCode: { toolResponse: { file: { content: string } } } };
      assert.equal(meta.claudeCode.toolResponse.file.content, 'hello world\nsecond line\n');
      replay.runToEnd();
      assert.deepEqual(read.extra, { _meta: { claudeCode: { toolName: 'Read' } } });
      assert.deepEqual(read.locations, [{ path: '/home/user/project/hello.txt', line: 1 }]);
      assert.deepEqual(read.rawInput, { file_path: '/home/user/project/hello.txt' });
    });

    it('shows the permission on the Edit call while asked, then the full-file diff sent after approval', () => {
      const replay = TraceReplay.of('claude-agent-acp-all');
      const request = replay.runThrough((rec) => isPermissionRequestFor(rec, 'toolu_fake_43_4919'));
      const edit = tool(replay.state, 'toolu_fake_43_4919');
      assert.deepEqual(edit.permission?.options.map((o) => o.optionId), ['allow_always', 'allow', 'reject']);
      assert.deepEqual(edit.content, [{ type: 'diff', path: '/home/user/project/hello.txt', oldText: 'world', newText: 'ACP' }]);
      replay.runThrough((rec) => isPermissionResponse(rec, request.msg.id));
      assert.equal(edit.permission, undefined);
      replay.runToEnd();
      assert.deepEqual(edit.content, [
        { type: 'diff', path: '/home/user/project/hello.txt', oldText: 'hello world\nsecond line', newText: 'hello ACP\nsecond line' },
      ]);
      assert.equal(edit.rawOutput, 'The file /home/user/project/hello.txt has been updated successfully.');
    });

    it('keeps the new-file diff (oldText null) and the shell output', () => {
      const { state } = TraceReplay.of('claude-agent-acp-all').runToEnd();
      assert.deepEqual(tool(state, 'toolu_fake_45_5024').content, [
        { type: 'diff', path: '/home/user/project/new.txt', oldText: null, newText: 'created by agent\n' },
      ]);
      const bash = tool(state, 'toolu_fake_47_5071');
      assert.equal(bash.rawOutput, 'from-shell\nhello ACP\nsecond line');
      assert.deepEqual(bash.content, [{ type: 'content', content: { type: 'text', text: '```console\nfrom-shell\nhello ACP\nsecond line\n```' } }]);
    });

    it('puts usage_update, commands and the stop reason in the header', () => {
      const { state } = TraceReplay.of('claude-agent-acp-all').runToEnd();
      assert.deepEqual(state.header.usage, { used: 101, size: 200000, cost: { amount: 0.003, currency: 'USD' } });
      assert.equal(state.header.availableCommands.length, 14);
      assert.equal(state.header.availableCommands[0].name, 'update-config');
      assert.equal(state.header.lastStopReason, 'end_turn');
    });
  });

  describe('claude-agent-acp-plan', () => {
    it('puts the TodoWrite plan (3 items) in the header and no tool call in the transcript', () => {
      const replay = TraceReplay.of('claude-agent-acp-plan');
      replay.runBefore((rec) => isUpdate(rec, 'plan'));
      assert.deepEqual(replay.state.header.plan, []);
      replay.runToEnd();
      assert.deepEqual(replay.state.header.plan, [
        { content: 'Read the file', status: 'completed', priority: 'medium' },
        { content: 'Edit the file', status: 'in_progress', priority: 'medium' },
        { content: 'Run tests', status: 'pending', priority: 'medium' },
      ]);
      assert.deepEqual(kinds(replay.state), ['user', 'agent']);
      assert.equal(replay.state.header.usage?.cost?.amount, 0.0012000000000000001);
    });
  });

  describe('claude-agent-acp-edit-reject', () => {
    it('shows the rejected edit as failed (from the agent), not cancelled, and the turn goes on', () => {
      const replay = TraceReplay.of('claude-agent-acp-edit-reject').runToEnd();
      const edit = tool(replay.state, 'toolu_fake_15_16094');
      assert.equal(edit.status, 'failed');
      assert.equal(edit.rawOutput, 'User refused permission to run tool');
      assert.deepEqual(edit.content, [{ type: 'content', content: { type: 'text', text: '```\nUser refused permission to run tool\n```' } }]);
      assert.equal(edit.permission, undefined);
      assert.equal(textOf(replay.state.entries[replay.state.entries.length - 1]), 'Edit done. Last tool result was: "User refused permission to run tool"');
      assert.equal(replay.state.header.lastStopReason, 'end_turn');
    });
  });

  describe('claude-code-acp-all', () => {
    it('merges each duplicate tool_call into one entry (8 tool_call messages, 4 entries)', () => {
      const replay = TraceReplay.of('claude-code-acp-all');
      assert.equal(replay.records.filter((rec) => isUpdate(rec, 'tool_call')).length, 8);
      replay.runThrough((rec) => isUpdate(rec, 'tool_call', 'toolu_fake_32_44169'));
      const read = tool(replay.state, 'toolu_fake_32_44169');
      assert.equal(read.title, 'Read File');
      assert.deepEqual(read.rawInput, {});
      replay.runThrough((rec) => isUpdate(rec, 'tool_call', 'toolu_fake_32_44169'));
      assert.equal(tool(replay.state, 'toolu_fake_32_44169'), read);
      assert.equal(read.title, 'Read /home/user/project/hello.txt');
      assert.deepEqual(read.rawInput, { file_path: '/home/user/project/hello.txt' });
      assert.deepEqual(read.locations, [{ path: '/home/user/project/hello.txt', line: 0 }]);
      replay.runToEnd();
      assert.deepEqual(kinds(replay.state), TURN_SHAPE);
      assert.deepEqual(toolEntries(replay.state).map((t) => t.toolCallId), [
        'toolu_fake_32_44169',
        'toolu_fake_34_44232',
        'toolu_fake_36_44276',
        'toolu_fake_38_44310',
      ]);
    });

    it('keeps the client terminal in the Bash call and its final title', () => {
      const { state } = TraceReplay.of('claude-code-acp-all').runToEnd();
      const bash = tool(state, 'toolu_fake_38_44310');
      assert.equal(bash.title, 'Echo and cat');
      assert.equal(bash.status, 'completed');
      assert.deepEqual(bash.content, [{ type: 'terminal', terminalId: 'term-1' }]);
      assert.equal(state.header.usage, undefined);
    });

    it('ends the turn only at the prompt response, though the agent reuses JSON-RPC id 2 for fs/read_text_file', () => {
      const replay = TraceReplay.of('claude-code-acp-all');
      replay.runThrough((rec) => isRequest(rec, 'a2c', 'fs/read_text_file') && rec.msg.id === 2);
      replay.step(); // the client's response with id 2
      assert.equal(replay.state.header.turn, 'running');
      assert.equal(replay.state.header.lastStopReason, undefined);
    });
  });

  describe('claude-code-acp-bg', () => {
    it('keeps the background terminal on its call and merges the triple KillShell tool_call', () => {
      const { state } = TraceReplay.of('claude-code-acp-bg').runToEnd();
      const bg = tool(state, 'toolu_fake_2_12397');
      assert.equal(bg.title, 'Background sleeper');
      assert.equal(bg.status, 'completed');
      assert.deepEqual(bg.content, [{ type: 'terminal', terminalId: 'term-1' }]);
      assert.deepEqual(bg.rawOutput, [{ type: 'text', text: 'Command started in background with id: term-1' }]);
      assert.deepEqual(tool(state, 'toolu_fake_6_12703').rawInput, { shell_id: 'term-1' });
      assert.equal(toolEntries(state).length, 3);
    });
  });

  describe('codex-acp-all', () => {
    it('creates the shell call from the permission request that precedes its tool_call, then merges into it', () => {
      const replay = TraceReplay.of('codex-acp-all');
      const request = replay.runThrough((rec) => isPermissionRequestFor(rec, 'call_92_951'));
      assert.equal(request.msg.id, 'f0efeafc-6400-45d0-bdc9-fd92be9f5fb5');
      const shell = tool(replay.state, 'call_92_951');
      assert.equal(replay.state.entries[replay.state.entries.length - 1], shell);
      assert.equal(shell.status, 'pending');
      assert.equal(shell.toolKind, 'execute');
      assert.equal(shell.title, 'echo from-shell; cat hello.txt; touch ran-marker');
      assert.deepEqual(shell.permission?.options.map((o) => o.optionId), ['approved', 'approved-execpolicy-amendment', 'abort']);

      replay.runThrough((rec) => isPermissionResponse(rec, request.msg.id));
      assert.equal(shell.permission, undefined);

      replay.runThrough((rec) => isUpdate(rec, 'tool_call', 'call_92_951'));
      assert.equal(tool(replay.state, 'call_92_951'), shell);
      assert.equal(shell.status, 'in_progress');
      assert.equal((shell.rawInput as { process_id: string }).process_id, '15271');

      replay.runToEnd();
      assert.equal(toolEntries(replay.state).filter((t) => t.toolCallId === 'call_92_951').length, 1);
      assert.equal(shell.status, 'completed');
      const output = shell.rawOutput as { stdout: string; exit_code: number };
      assert.equal(output.stdout, 'from-shell\nhello ACP\nsecond line\n');
      assert.equal(output.exit_code, 0);
      // The output is only in rawOutput: the content is still the request's question.
      assert.deepEqual(shell.content, [
        {
          type: 'content',
          content: {
            type: 'text',
            text: 'Allow: Echo and cat?\nProposed Amendment: echo\nfrom-shell\nAvailable Decisions: Approved\nApprovedExecpolicyAmendment\nAbort',
          },
        },
      ]);
    });

    it('has the read output only in rawOutput, usage without cost, commands sent mid-turn', () => {
      const replay = TraceReplay.of('codex-acp-all');
      replay.runThrough((rec) => isUpdate(rec, 'available_commands_update'));
      assert.equal(replay.state.header.turn, 'running');
      assert.deepEqual(replay.state.header.availableCommands.map((c) => c.name).slice(0, 2), ['review', 'review-branch']);
      replay.runToEnd();
      const read = tool(replay.state, 'call_80_390');
      assert.deepEqual(read.content, []);
      assert.equal(typeof (read.rawOutput as { stdout?: unknown }).stdout, 'string');
      assert.deepEqual(replay.state.header.usage, { used: 120, size: 258400 });
      assert.equal(replay.state.header.availableCommands.length, 6);
    });
  });

  describe('codex-acp-edit-reject', () => {
    it('shows the edit left unfinished by the rejected turn as cancelled after endTurn', () => {
      const replay = TraceReplay.of('codex-acp-edit-reject');
      replay.runBefore((rec) => rec.dir === 'a2c' && rec.msg.id === 2 && 'result' in rec.msg);
      const edit = tool(replay.state, 'call_78_67904');
      // tool_call said in_progress, the permission request's toolCall then said pending; nothing came after the abort.
      assert.equal(edit.status, 'pending');
      assert.equal(edit.permission, undefined);
      replay.runToEnd();
      assert.equal(edit.status, 'cancelled');
      assert.equal(tool(replay.state, 'call_74_67677').status, 'completed');
      assert.equal(replay.state.header.lastStopReason, 'cancelled');
      assert.deepEqual(edit.content, [
        { type: 'diff', path: '/home/user/project/hello.txt', oldText: 'hello world\nsecond line\n', newText: 'hello ACP\nsecond line\n' },
      ]);
    });
  });

  describe('gemini-cli-all-yolo', () => {
    it('shows the set_mode message before the prompt and the shell call without any output', () => {
      const replay = TraceReplay.of('gemini-cli-all-yolo');
      assert.deepEqual(kinds(replay.runToEnd().state), ['agent', 'user', ...TURN_SHAPE.slice(1)]);
      const { state } = replay;
      assert.equal(textOf(state.entries[0]), '[MODE_UPDATE] yolo');
      const shell = tool(state, 'run_shell_command__run_shell_command_1795318211348_0');
      assert.equal(shell.status, 'completed');
      assert.deepEqual(shell.content, []);
      assert.deepEqual(shell.locations, []);
      assert.equal(shell.rawOutput, undefined);
    });

    it('replaces the shell call content with the empty array of its last update', () => {
      const replay = TraceReplay.of('gemini-cli-all-yolo');
      replay.runThrough((rec) => isUpdate(rec, 'tool_call', 'run_shell_command__run_shell_command_1795318211348_0'));
      assert.deepEqual(tool(replay.state, 'run_shell_command__run_shell_command_1795318211348_0').content, [
        { type: 'content', content: { type: 'text', text: '[current working directory /home/user/project] (Echo and cat)' } },
      ]);
    });

    it('keeps the non-spec _meta inside diff content items', () => {
      const { state } = TraceReplay.of('gemini-cli-all-yolo').runToEnd();
      const diff = tool(state, 'replace__replace_1795318211260_0').content[0] as Record<string, unknown>;
      assert.deepEqual(diff._meta, { kind: 'modify' });
      assert.equal(state.header.availableCommands[0].name, 'memory');
    });
  });

  describe('qwen-code-all', () => {
    it('keeps locations with line null and an empty-string rawOutput', () => {
      const { state } = TraceReplay.of('qwen-code-all').runToEnd();
      const read = tool(state, 'call_42_55983');
      assert.deepEqual(read.locations, [{ path: '/home/user/project/hello.txt', line: null }]);
      assert.equal(read.rawOutput, '');
      assert.deepEqual(read.extra, { _meta: { toolName: 'read_file' } });
    });

    it('creates the edit from its permission request (no tool_call ever) and merges the completion', () => {
      const replay = TraceReplay.of('qwen-code-all');
      assert.equal(replay.records.some((rec) => isUpdate(rec, 'tool_call', 'call_44_56127')), false);
      replay.runThrough((rec) => isPermissionRequestFor(rec, 'call_44_56127'));
      assert.equal(tool(replay.state, 'call_44_56127').toolKind, 'edit');
      replay.runToEnd();
      const edit = tool(replay.state, 'call_44_56127');
      assert.equal(edit.title, 'hello.txt: world => ACP');
      assert.equal(edit.status, 'completed');
      assert.deepEqual(edit.locations, [{ path: '/home/user/project/hello.txt' }]);
      assert.deepEqual(edit.content, [{ type: 'diff', path: 'hello.txt', oldText: 'hello world\nsecond line\n', newText: 'hello ACP\nsecond line\n' }]);
      assert.deepEqual(edit.extra, { _meta: { toolName: 'edit' } });
    });

    it('adds no entries for its empty trailing chunks', () => {
      const { state } = TraceReplay.of('qwen-code-all').runToEnd();
      assert.deepEqual(kinds(state), TURN_SHAPE);
      assert.equal(textOf(state.entries[2]), 'Step 1: read.');
      assert.equal(state.header.availableCommands[0].name, 'status');
      assert.equal(state.header.availableCommands[0].input, null);
    });
  });

  describe('sdk-example-prompt', () => {
    it('merges the permission request into call_2 (its locations replace the tool_call ones)', () => {
      const replay = TraceReplay.of('sdk-example-prompt');
      replay.runThrough((rec) => isUpdate(rec, 'tool_call', 'call_2'));
      const call = tool(replay.state, 'call_2');
      assert.deepEqual(call.locations, [{ path: '/project/config.json' }]);
      replay.runThrough((rec) => isRequest(rec, 'a2c', 'session/request_permission'));
      assert.deepEqual(call.locations, [{ path: '/home/user/project/config.json' }]);
      assert.deepEqual(call.permission?.options.map((o) => [o.optionId, o.name]), [
        ['allow', 'Allow this change'],
        ['reject', 'Skip this change'],
      ]);
      replay.runToEnd();
      assert.equal(call.status, 'completed');
      assert.deepEqual(call.rawOutput, { success: true, message: 'Configuration updated' });
    });

    it('cancelled while asking: the asked call shows cancelled, the finished one stays completed', () => {
      const replay = TraceReplay.of('sdk-example-prompt');
      replay.runThrough((rec) => isRequest(rec, 'a2c', 'session/request_permission'));
      endTurn(replay.state, 'cancelled');
      assert.equal(tool(replay.state, 'call_2').status, 'cancelled');
      assert.equal(tool(replay.state, 'call_2').permission, undefined);
      assert.equal(tool(replay.state, 'call_1').status, 'completed');
    });
  });

  describe('sdk-example-cancel', () => {
    it('is cancelling after session/cancel; at the cancelled response the already completed call stays completed', () => {
      const replay = TraceReplay.of('sdk-example-cancel');
      replay.runThrough((rec) => rec.dir === 'c2a' && rec.msg.method === 'session/cancel');
      assert.equal(replay.state.header.turn, 'cancelling');
      replay.runToEnd();
      assert.equal(replay.state.header.turn, 'idle');
      assert.equal(replay.state.header.lastStopReason, 'cancelled');
      const call = tool(replay.state, 'call_1');
      assert.equal(call.status, 'completed');
      assert.deepEqual(call.content, [{ type: 'content', content: { type: 'text', text: '# My Project\n\nThis is a sample project...' } }]);
      assert.deepEqual(kinds(replay.state), ['user', 'agent', 'tool_call']);
    });
  });
});
