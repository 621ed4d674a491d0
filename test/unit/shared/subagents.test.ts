import * as assert from 'node:assert/strict';
import type { SessionState, TranscriptEntry } from '../../../src/shared/transcript/model';
import { applySessionUpdate, createSessionState, setPermissionRequest } from '../../../src/shared/transcript/reducer';
import { applyInSubagent, findSubagent, markSubagentCancelling, subagentState } from '../../../src/shared/transcript/subagents';
import type { SessionMessageEntry, SubagentEntry } from '../../../src/shared/transcript/subagentModel';
import { canCancelSubagent } from '../../../src/shared/transcript/subagentModel';
import { deltaSince, recordSent, applyEntryDelta } from '../../../src/shared/transcript/entryDelta';
import { subagentMarkdown } from '../../../src/shared/transcript/subagentMarkdown';
import { transcriptToMarkdown } from '../../../src/shared/transcript/transcriptExport';

const NOW = 1_000;

function apply(state: SessionState, update: Record<string, unknown>) {
  return applySessionUpdate(state, update, NOW);
}

function child(state: SessionState, childId: string, update: Record<string, unknown>) {
  return applyInSubagent(state, childId, (childState) => applySessionUpdate(childState, update, NOW));
}

function row(state: SessionState, childId: string): SubagentEntry {
  const entry = state.entries.find((item) => item.kind === 'subagent' && item.childSessionId === childId);
  assert.ok(entry && entry.kind === 'subagent', `no row for ${childId}`);
  return entry;
}

describe('subagent sessions in the reducer', () => {
  it('announces a child on the first subagent_update and patches it on later ones (omitted keeps, null clears)', () => {
    const state = createSessionState('parent');
    const first = apply(state, {
      sessionUpdate: 'subagent_update',
      sessionId: 'kid',
      title: 'Explore auth',
      description: 'Finds callers of login()',
      capabilities: { cancel: {} },
      state: { state: 'running' },
      cwd: '/w',
    });
    assert.deepEqual(first.entries, ['s:kid']);
    let entry = row(state, 'kid');
    assert.equal(entry.title, 'Explore auth');
    assert.equal(entry.state?.state, 'running');
    assert.ok(canCancelSubagent(entry));
    const rev = entry.rev;

    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', description: null, state: { state: 'idle', stopReason: 'cancelled' } });
    entry = row(state, 'kid');
    assert.equal(state.entries.filter((item) => item.kind === 'subagent').length, 1, 'a later update does not announce another child');
    assert.equal(entry.title, 'Explore auth', 'omitted: kept');
    assert.equal(entry.description, undefined, 'null: cleared');
    assert.equal(entry.cwd, '/w');
    assert.deepEqual(entry.state, { state: 'idle', stopReason: 'cancelled', extra: {} });
    assert.ok(entry.rev > rev);

    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', capabilities: null, state: null });
    entry = row(state, 'kid');
    assert.equal(canCancelSubagent(entry), false, 'clearing capabilities disables child mutations');
    assert.equal(entry.state, undefined, 'clearing state leaves it unset');
  });

  it('keeps unknown fields of the update and of the state, and patches _meta by top-level key', () => {
    const state = createSessionState('parent');
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', model: 'haiku', _meta: { a: 1, b: 2 }, state: { state: '_paused', since: 3 } });
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', _meta: { b: 5 }, budget: { tokens: 9 } });
    const entry = row(state, 'kid');
    assert.deepEqual(entry.extra, { model: 'haiku', budget: { tokens: 9 } });
    assert.deepEqual(entry.meta, { a: 1, b: 5 });
    assert.deepEqual(entry.state, { state: '_paused', extra: { since: 3 } });
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', model: null });
    assert.deepEqual(row(state, 'kid').extra, { budget: { tokens: 9 } });
  });

  it('ignores an update without a usable child id', () => {
    const state = createSessionState('parent');
    assert.deepEqual(apply(state, { sessionUpdate: 'subagent_update' }).entries, []);
    assert.deepEqual(apply(state, { sessionUpdate: 'subagent_update', sessionId: 'parent' }).entries, []);
    assert.deepEqual(apply(state, { sessionUpdate: 'subagent_update', sessionId: 7 }).entries, []);
    assert.equal(state.entries.length, 0);
  });

  it("folds the child's own updates into its thread and reports the parent's row as changed", () => {
    const state = createSessionState('parent');
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', title: 'Explore' });
    assert.equal(child(state, 'nobody', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x' } }), undefined, 'unknown child: not applied');
    const said = child(state, 'kid', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Look' } });
    assert.deepEqual(said?.entries, ['s:kid']);
    child(state, 'kid', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'ing' } });
    child(state, 'kid', { sessionUpdate: 'tool_call', toolCallId: 'read1', title: 'Read a.ts', kind: 'read', status: 'in_progress' });
    child(state, 'kid', { sessionUpdate: 'plan', entries: [{ content: 'step', priority: 'high', status: 'pending' }] });
    const entry = row(state, 'kid');
    assert.deepEqual(entry.entries.map((item) => item.kind), ['agent', 'tool_call']);
    const message = entry.entries[0];
    assert.ok(message.kind === 'agent');
    assert.equal(message.content[0].type === 'text' && message.content[0].text, 'Looking');
    assert.equal(entry.plan?.length, 1);
    // Nothing of the child lands in the parent's own transcript.
    assert.deepEqual(state.entries.map((item) => item.kind), ['subagent']);
    assert.equal(subagentState(state, 'kid')?.entries.length, 2);
  });

  it('posts a changed child entry to the view through the generic entry delta', () => {
    const state = createSessionState('parent');
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid' });
    child(state, 'kid', { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Run', kind: 'execute', status: 'pending' });
    let view: TranscriptEntry = structuredClone(row(state, 'kid'));
    const sent = recordSent(row(state, 'kid'));
    child(state, 'kid', { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' });
    const delta = deltaSince(sent, row(state, 'kid'));
    assert.ok(delta);
    const next = applyEntryDelta(view, structuredClone(delta));
    assert.ok(next && next.kind === 'subagent');
    view = next;
    const call = (view as SubagentEntry).entries[0];
    assert.equal(call.kind === 'tool_call' && call.status, 'completed');
  });

  it("counts the child's pending permission requests on its row, and a child of a child on the top row", () => {
    const state = createSessionState('parent');
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid' });
    child(state, 'kid', { sessionUpdate: 'subagent_update', sessionId: 'grandkid', title: 'Deeper' });
    assert.ok(findSubagent(state, 'grandkid'), 'a child announced on a child is found from the top');
    const asked = applyInSubagent(state, 'grandkid', (grand) => setPermissionRequest(grand, { toolCallId: 'w1', title: 'Write' }, [{ optionId: 'ok', name: 'OK', kind: 'allow_once' }], 'key-1'));
    assert.deepEqual(asked?.entries, ['s:kid']);
    assert.equal(row(state, 'kid').waiting, 1);
    const inner = row(state, 'kid').entries.find((item) => item.kind === 'subagent');
    assert.ok(inner && inner.kind === 'subagent' && inner.waiting === 1);
  });

  it('links a child to the tool call whose session content names it, before or after its announcement', () => {
    const state = createSessionState('parent');
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid' });
    const linked = apply(state, { sessionUpdate: 'tool_call', toolCallId: 'task', title: 'Task', kind: 'other', content: [{ type: 'session', sessionId: 'kid' }] });
    assert.ok(linked.entries.includes('s:kid'));
    assert.equal(row(state, 'kid').linkedToolCallId, 'task');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'task2', title: 'Task', kind: 'other', content: [{ type: 'session', sessionId: 'early' }] });
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'early' });
    assert.equal(row(state, 'early').linkedToolCallId, 'task2');
  });

  it('marks a child as cancelling until the next state', () => {
    const state = createSessionState('parent');
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', state: { state: 'running' } });
    assert.deepEqual(markSubagentCancelling(state, 'kid').entries, ['s:kid']);
    assert.equal(row(state, 'kid').cancelling, true);
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', state: { state: 'idle', stopReason: 'cancelled' } });
    assert.equal(row(state, 'kid').cancelling, undefined);
  });

  it('upserts session_message by messageId and appends session_message_chunk content', () => {
    const state = createSessionState('kid');
    apply(state, { sessionUpdate: 'session_message_chunk', messageId: 'm1', senderSessionId: 'parent', content: { type: 'text', text: 'Find ' } });
    apply(state, { sessionUpdate: 'session_message_chunk', messageId: 'm1', content: { type: 'text', text: 'callers' } });
    apply(state, { sessionUpdate: 'session_message', messageId: 'm1', recipientSessionId: 'kid', senderSessionId: null, senderMessageId: 'p7' });
    assert.equal(state.entries.length, 1);
    const message = state.entries[0] as SessionMessageEntry;
    assert.equal(message.kind, 'session_message');
    assert.equal(message.senderSessionId, 'parent', 'null retains a known value');
    assert.equal(message.recipientSessionId, 'kid');
    assert.deepEqual(message.content, [{ type: 'text', text: 'Find callers' }]);
    assert.deepEqual(message.extra, { senderMessageId: 'p7' });
    apply(state, { sessionUpdate: 'session_message', messageId: 'm1', content: [{ type: 'text', text: 'Replaced' }] });
    assert.deepEqual(message.content, [{ type: 'text', text: 'Replaced' }]);
    apply(state, { sessionUpdate: 'session_message', messageId: 'm1', content: null });
    assert.deepEqual(message.content, []);
  });
});

describe("a subagent's transcript on its own", () => {
  it('is markdown with its title, state and entries; the parent export holds the thread too', () => {
    const state = createSessionState('parent');
    apply(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', title: 'Explorer', state: { state: 'idle', stopReason: 'cancelled' } });
    child(state, 'kid', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Found 3 callers.' } });
    const markdown = subagentMarkdown(state, 'kid');
    assert.ok(markdown);
    assert.match(markdown, /^# Subagent: Explorer \(stopped: cancelled\)/);
    assert.match(markdown, /Session: `kid`/);
    assert.match(markdown, /Found 3 callers\./);
    assert.equal(subagentMarkdown(state, 'nobody'), undefined);
    assert.match(transcriptToMarkdown(state), /## Subagent: Explorer[\s\S]*### Agent[\s\S]*Found 3 callers\./);
  });
});
