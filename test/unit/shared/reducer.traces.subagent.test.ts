// claude-agent-acp 0.101 with `subagents: {}` advertised (test/fixtures/traces/claude-agent-acp-0.101-subagent), fed
// through the reducer with a child's messages routed to the child as the session does. The expected values were read
// from the trace file, not produced by the reducer.
import * as assert from 'node:assert/strict';
import type { SessionState, TranscriptEntry } from '../../../src/shared/transcript/model';
import type { SubagentEntry } from '../../../src/shared/transcript/subagentModel';
import { findSubagent, subagentState } from '../../../src/shared/transcript/subagents';
import { TraceReplay, isPermissionRequestFor, isUpdate } from '../helpers/traceReplay';

const TRACE = 'claude-agent-acp-0.101-subagent';
const PARENT = '6b3e7d3a-766f-459a-82ab-c083a4d99af0';
const CHILD = 'ac6d3ce1cdc5b63a4';
const BASH = 'toolu_sub_bash';

function child(state: SessionState): SubagentEntry {
  const entry = findSubagent(state, CHILD);
  assert.ok(entry, 'the child was announced');
  return entry;
}

function textOf(entry: TranscriptEntry): string {
  assert.ok(entry.kind === 'agent' || entry.kind === 'session_message', entry.kind);
  return entry.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('');
}

function hasToolCall(entries: readonly TranscriptEntry[], toolCallId: string): boolean {
  return entries.some((entry) => entry.kind === 'tool_call' && entry.toolCallId === toolCallId);
}

describe(`reducer fed with ${TRACE}`, () => {
  it("builds the child's thread: the task handed over, its command and its answer, in the child's entry, not the parent's", () => {
    const replay = TraceReplay.of(TRACE).runToEnd();
    const { state } = replay;
    assert.deepEqual(replay.unknownKinds, []);
    const entry = child(state);
    assert.deepEqual([entry.title, entry.description, entry.capabilities], ['Touch a file', 'general-purpose', { cancel: {} }]);
    assert.deepEqual([entry.state?.state, entry.state?.stopReason, entry.waiting], ['idle', 'end_turn', 0]);
    // No tool call for the Agent call reaches the parent when subagents are advertised: nothing links the child.
    assert.equal(entry.linkedToolCallId, undefined);
    assert.ok(!hasToolCall(state.entries, 'toolu_agent'));
    assert.ok(!hasToolCall(state.entries, BASH), "the child's command is not in the parent's transcript");

    assert.deepEqual(entry.entries.map((item) => item.kind), ['session_message', 'tool_call', 'agent']);
    const [handover, command, said] = entry.entries;
    assert.ok(handover.kind === 'session_message');
    assert.deepEqual([handover.messageId, handover.senderSessionId, handover.recipientSessionId, textOf(handover)], ['toolu_agent', PARENT, CHILD, 'Create sub.txt with touch']);
    assert.ok(command.kind === 'tool_call');
    assert.deepEqual([command.toolCallId, command.toolKind, command.status, command.title], [BASH, 'execute', 'completed', "touch '/home/user/project/sub.txt'"]);
    assert.equal(command.permission, undefined);
    assert.equal(textOf(said), 'The subagent created it.');
    assert.equal(subagentState(state, CHILD)?.header.configOptions.some((option) => option.id === 'agent'), true, "the child's config options are its own");

    const messages = state.entries.filter((e) => e.kind === 'session_message');
    assert.deepEqual(
      messages.map((m) => (m.kind === 'session_message' ? [m.messageId, m.senderSessionId === CHILD ? 'from child' : 'to child'] : [])),
      [['toolu_agent', 'to child'], ['toolu_agent:reply', 'from child']],
    );
    assert.match(state.entries.filter((e) => e.kind === 'agent').map(textOf).join('\n'), /^Subagent: created sub\.txt\./);
    assert.equal(state.header.turn, 'idle');
  });

  it("shows the child's permission request in its thread while it waits (requires_action), and clears it when answered", () => {
    const replay = TraceReplay.of(TRACE);
    replay.runThrough((rec) => isPermissionRequestFor(rec, BASH));
    let entry = child(replay.state);
    assert.equal(entry.state?.state, 'requires_action');
    assert.equal(entry.waiting, 1, 'the child waits for the user');
    const asking = entry.entries.find((item) => item.kind === 'tool_call' && item.toolCallId === BASH);
    assert.ok(asking?.kind === 'tool_call' && asking.permission, "the request is on the child's tool call");
    assert.deepEqual(asking.permission.options.map((o) => o.kind).sort(), ['allow_once', 'reject_once']);
    assert.ok(!hasToolCall(replay.state.entries, BASH));

    replay.runThrough((rec) => isUpdate(rec, 'subagent_update') && JSON.stringify(rec.msg).includes('"running"'));
    entry = child(replay.state);
    assert.equal(entry.waiting, 0, 'answered');
    const answered = entry.entries.find((item) => item.kind === 'tool_call' && item.toolCallId === BASH);
    assert.ok(answered?.kind === 'tool_call' && answered.permission === undefined);
  });
});
