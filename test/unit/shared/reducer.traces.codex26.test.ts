// codex-acp 2.6 (Codex 0.166) plans and subagents as recorded (test/fixtures/traces/codex-acp-2.6-*), fed through the
// reducer with a child's updates routed to the child as the session does. The expected values were read from the
// trace files, not produced by the reducer.
import * as assert from 'node:assert/strict';
import type { SessionState, ToolCallEntry, TranscriptEntry } from '../../../src/shared/transcript/model';
import { SubagentEntry, canCancelSubagent } from '../../../src/shared/transcript/subagentModel';
import { findSubagent } from '../../../src/shared/transcript/subagents';
import { TraceReplay, isPermissionRequestFor } from '../helpers/traceReplay';

const PARENT = '01a20f4a-3f17-7fb3-a11d-a051a56f6362';
const CHILD = `${PARENT}:subagent:01a20f4a-3fc9-7830-82db-c5658c007433`;
const CANCELLED_CHILD = '01a20f4a-4df4-7290-a183-a3ad380e2996:subagent:01a20f4a-4eb5-7173-afc5-d9da45310454';

function textOf(entry: TranscriptEntry): string {
  assert.ok(entry.kind === 'agent', entry.kind);
  return entry.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('');
}

function saidIn(entries: readonly TranscriptEntry[]): string[] {
  return entries.filter((entry) => entry.kind === 'agent').map(textOf);
}

function toolCallIn(entries: readonly TranscriptEntry[], toolCallId: string): ToolCallEntry | undefined {
  return entries.find((entry): entry is ToolCallEntry => entry.kind === 'tool_call' && entry.toolCallId === toolCallId);
}

function child(state: SessionState, id: string): SubagentEntry {
  const entry = findSubagent(state, id);
  assert.ok(entry, 'the child was announced');
  return entry;
}

describe('reducer fed with codex-acp 2.6 plans and subagents', () => {
  it('codex-acp-2.6-plan: update_plan arrives as the legacy plan update, the last one in the header, no identified plan', () => {
    const { state } = TraceReplay.of('codex-acp-2.6-plan').runToEnd();
    assert.deepEqual(
      state.header.plan.map((item) => [item.content, item.status, item.priority]),
      [['Read the file', 'completed', 'medium'], ['Edit the file', 'completed', 'medium'], ['Run the tests', 'in_progress', 'medium']],
    );
    assert.equal(state.header.plans, undefined);
    assert.deepEqual(saidIn(state.entries), ['Planned.']);
  });

  it('codex-acp-2.6-plan-mode: the proposed plan is an identified Markdown plan, its review a switch_mode card made from the permission request', () => {
    const replay = TraceReplay.of('codex-acp-2.6-plan-mode');
    const review = 'plan-review:01a20f54-c51f-74c1-a524-3830a2ab111a-plan';
    replay.runThrough((rec) => isPermissionRequestFor(rec, review));
    const asking = toolCallIn(replay.state.entries, review);
    assert.ok(asking?.permission, 'the review asks on a card of its own');
    assert.deepEqual([asking.title, asking.toolKind], ['Implement this plan?', 'switch_mode']);
    assert.deepEqual(asking.permission.options.map((o) => [o.optionId, o.kind]), [['implement_plan', 'allow_once'], ['revise_plan', 'reject_once']]);

    const { state } = replay.runToEnd();
    assert.deepEqual(state.header.plans?.map((plan) => [plan.planId, plan.type, plan.content]), [['01a20f54-c51f-74c1-a524-3830a2ab111a-plan', 'markdown', '# Plan\n\n1. Read the file\n2. Edit it\n']]);
    const done = toolCallIn(state.entries, review);
    assert.deepEqual([done?.status, done?.rawOutput], ['completed', 'User approved the plan.']);
    assert.deepEqual(saidIn(state.entries), ['Here is my plan.\n\n', 'Implementing it.']);
    assert.equal(state.header.configOptions.find((option) => option.id === 'collaboration_mode')?.currentValue, 'default', 'plan mode ends with the approval');
  });

  it("codex-acp-2.6-subagent: the child's edit and its permission in its thread, described by its task, idle at the end", () => {
    const replay = TraceReplay.of('codex-acp-2.6-subagent');
    replay.runThrough((rec) => isPermissionRequestFor(rec, 'call_child_patch'));
    let entry = child(replay.state, CHILD);
    assert.equal(entry.state?.state, 'requires_action');
    assert.equal(entry.waiting, 1);
    assert.ok(toolCallIn(entry.entries, 'call_child_patch')?.permission, "the request is on the child's card");

    const { state } = replay.runToEnd();
    entry = child(state, CHILD);
    assert.deepEqual([entry.title, entry.description, entry.cwd], [undefined, 'Create child-made.txt', '/home/user/project']);
    assert.deepEqual([entry.state?.state, entry.state?.stopReason, entry.waiting], ['idle', 'end_turn', 0]);
    // `capabilities: {cancel: {}}` while it works, then `{cancel: null}` once idle (a whole new value: no cancel).
    assert.deepEqual(entry.capabilities, { cancel: null });
    assert.equal(canCancelSubagent(entry), false);
    assert.equal(entry.linkedToolCallId, undefined, 'no tool call links it: codex sends none for the spawn');
    assert.deepEqual(entry.entries.map((item) => item.kind), ['agent', 'tool_call', 'agent']);
    const edit = toolCallIn(entry.entries, 'call_child_patch');
    assert.ok(edit);
    assert.deepEqual([edit.toolKind, edit.status, edit.permission], ['edit', 'completed', undefined]);
    assert.deepEqual(edit.content.map((c) => c.type), ['diff']);
    assert.deepEqual(saidIn(entry.entries), ['Creating it.', 'The child made it.']);
    assert.equal(toolCallIn(state.entries, 'call_child_patch'), undefined, "not in the parent's transcript");
    assert.equal(toolCallIn(state.entries, 'call_wait')?.status, 'completed');
    assert.equal(toolCallIn(state.entries, 'call_spawn'), undefined);
    assert.deepEqual(saidIn(state.entries).slice(-2), ['Handing it to a helper.', 'The parent goes on.']);
  });

  it("codex-acp-2.6-subagent-cancel: the child ends cancelled; its command's card takes the agent's later word (completed, exit 0)", () => {
    const replay = TraceReplay.of('codex-acp-2.6-subagent-cancel');
    replay.runThrough((rec) => rec.dir === 'a2c' && JSON.stringify(rec.msg).includes('"stopReason":"cancelled"'));
    let entry = child(replay.state, CANCELLED_CHILD);
    assert.deepEqual([entry.state?.state, entry.state?.stopReason], ['idle', 'cancelled']);
    assert.equal(toolCallIn(entry.entries, 'call_child_sleep')?.status, 'failed');
    const { state } = replay.runToEnd();
    entry = child(state, CANCELLED_CHILD);
    assert.equal(toolCallIn(entry.entries, 'call_child_sleep')?.status, 'completed', 'codex let the command run to its end');
    assert.deepEqual(saidIn(state.entries).slice(-1), ['The parent goes on.']);
    assert.equal(state.header.lastStopReason, 'end_turn');
  });

  it('codex-acp-2.6-subagent-not-advertised: spawn and wait cards in the parent, the child\'s permission on a card made from the request', () => {
    const { state } = TraceReplay.of('codex-acp-2.6-subagent-not-advertised').runToEnd();
    assert.equal(state.entries.some((entry) => entry.kind === 'subagent'), false);
    assert.deepEqual([toolCallIn(state.entries, 'call_spawn')?.title, toolCallIn(state.entries, 'call_spawn')?.status], ['spawnAgent', 'completed']);
    const edit = toolCallIn(state.entries, 'call_child_patch');
    assert.ok(edit, "the child's permission request made a card in the parent");
    assert.deepEqual([edit.title, edit.toolKind, edit.permission], ['Edit files', 'edit', undefined]);
    assert.deepEqual(saidIn(state.entries).slice(-1), ['The parent goes on.']);
  });
});
