// What the policy reads from real agents' permission requests (recorded traces), with the session's earlier
// updates merged in the way the session does before it consults the rules.
import * as assert from 'node:assert/strict';
import { describeToolCall, ToolCallDescription } from '../../../src/policy/toolCallFacts';
import { mergedToolCall } from '../../../src/shared/transcript/mergedToolCall';
import { applySessionUpdate, createSessionState } from '../../../src/shared/transcript/reducer';
import { isRequest, loadTrace } from '../helpers/traceReplay';

/** Every permission request of a trace, described with what the updates before it said. */
function permissionDescriptions(trace: string): ToolCallDescription[] {
  const state = createSessionState('s');
  const found: ToolCallDescription[] = [];
  for (const record of loadTrace(trace)) {
    const params = record.msg.params as Record<string, unknown> | undefined;
    if (record.dir === 'a2c' && record.msg.method === 'session/update') applySessionUpdate(state, params?.update, 0);
    if (isRequest(record, 'a2c', 'session/request_permission')) {
      found.push(describeToolCall(mergedToolCall(state, params?.toolCall as Record<string, unknown> & { toolCallId: string })));
    }
  }
  return found;
}

const summary = (d: ToolCallDescription) => ({ kind: d.kind, paths: d.paths, commands: d.command?.commands, opaque: d.command?.opaque, toolName: d.toolName });

describe('policy: what real permission requests say', () => {
  it('the tool call\'s `name` is the tool name, before what older agents put in `_meta`', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'n1', title: 'Run', kind: 'execute', name: 'run_shell', _meta: { claudeCode: { toolName: 'Bash' } } }, 0);
    assert.equal(describeToolCall(mergedToolCall(state, { toolCallId: 'n1' })).toolName, 'run_shell');
    const request = mergedToolCall(state, { toolCallId: 'n2', title: 'Edit', name: 'apply_patch' } as Record<string, unknown> & { toolCallId: string });
    assert.equal(describeToolCall(request).toolName, 'apply_patch', 'the name in the permission request\'s own toolCall');
  });

  it('claude-agent-acp: edit paths from locations and file_path, the Bash command line', () => {
    assert.deepEqual(permissionDescriptions('claude-agent-acp-all').map(summary), [
      { kind: 'edit', paths: ['/home/user/project/hello.txt'], commands: undefined, opaque: undefined, toolName: 'Edit' },
      { kind: 'edit', paths: ['/home/user/project/new.txt'], commands: undefined, opaque: undefined, toolName: 'Write' },
      {
        kind: 'execute',
        paths: [],
        commands: [['echo', 'from-shell'], ['cat', 'hello.txt'], ['touch', 'ran-marker']],
        opaque: false,
        toolName: 'Bash',
      },
    ]);
  });

  it('claude-code-acp: a request without kind takes it from the earlier tool_call', () => {
    const described = permissionDescriptions('claude-code-acp-all');
    assert.deepEqual(
      described.map((d) => [d.kind, d.toolName]),
      [
        ['edit', 'mcp__acp__Edit'],
        ['edit', 'mcp__acp__Write'],
        ['execute', 'mcp__acp__Bash'],
      ],
    );
    assert.deepEqual(described[2].command?.commands[0], ['echo', 'from-shell']);
  });

  it('codex-acp: paths from `changes`, the command from its bash -lc argv', () => {
    const described = permissionDescriptions('codex-acp-all');
    assert.deepEqual(described[0].paths, ['/home/user/project/hello.txt']);
    assert.deepEqual(described[2].command?.commands, [['echo', 'from-shell'], ['cat', 'hello.txt'], ['touch', 'ran-marker']]);
  });

  it('qwen-code: the shell command line of run_shell_command', () => {
    const described = permissionDescriptions('qwen-code-all');
    assert.equal(described[2].kind, 'execute');
    assert.equal(described[2].command?.commands.length, 3);
  });
});
