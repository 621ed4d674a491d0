import * as assert from 'node:assert/strict';
import type { SessionState, ToolCallEntry } from '../../../src/shared/transcript/model';
import {
  addNotice,
  addUserMessage,
  applySessionUpdate,
  clearPermissionRequest,
  createSessionState,
  endTurn,
  findToolCall,
  markTurnToolCallsCancelled,
  setPermissionRequest,
  setTurnState,
} from '../../../src/shared/transcript/reducer';

const OPTIONS = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];

function toolCall(state: SessionState, toolCallId: string, status: string): void {
  applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId, title: toolCallId, status }, 0);
}

function tool(state: SessionState, toolCallId: string): ToolCallEntry {
  const entry = findToolCall(state, toolCallId);
  assert.ok(entry, `tool call ${toolCallId} exists`);
  return entry;
}

describe('reducer: permission requests', () => {
  it('creates the tool call from the request when no tool_call announced it, and later updates merge into it', () => {
    const state = createSessionState('s');
    const change = setPermissionRequest(
      state,
      { toolCallId: 'c9', title: 'Run ls', kind: 'execute', status: 'pending', rawInput: { cmd: 'ls' } },
      OPTIONS,
      'k1',
    );
    assert.deepEqual(change, { entries: ['t:c9'], header: false });
    const entry = tool(state, 'c9');
    assert.equal(entry.title, 'Run ls');
    assert.equal(entry.toolKind, 'execute');
    assert.deepEqual(entry.permission, { requestKey: 'k1', options: OPTIONS });
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'c9', title: 'ls', status: 'in_progress' }, 0);
    assert.equal(state.entries.length, 1);
    assert.equal(tool(state, 'c9').title, 'ls');
    assert.deepEqual(tool(state, 'c9').rawInput, { cmd: 'ls' });
  });

  it('merges the request fields into an existing tool call and clears the permission by its key', () => {
    const state = createSessionState('s');
    toolCall(state, 'c1', 'in_progress');
    setPermissionRequest(state, { toolCallId: 'c1', status: 'pending', content: [{ type: 'diff', path: '/a', newText: 'x' }] }, OPTIONS, 'k1');
    assert.equal(tool(state, 'c1').status, 'pending');
    assert.equal(tool(state, 'c1').title, 'c1');
    assert.equal(tool(state, 'c1').content.length, 1);
    assert.deepEqual(clearPermissionRequest(state, 'other-key'), { entries: [], header: false });
    assert.ok(tool(state, 'c1').permission);
    const rev = tool(state, 'c1').rev;
    assert.deepEqual(clearPermissionRequest(state, 'k1'), { entries: ['t:c1'], header: false });
    assert.equal('permission' in tool(state, 'c1'), false);
    assert.equal(tool(state, 'c1').rev, rev + 1);
    assert.deepEqual(clearPermissionRequest(state, 'k1'), { entries: [], header: false });
  });

  it('keeps options with a string optionId, verbatim kinds and extra fields; fills a missing name', () => {
    const state = createSessionState('s');
    setPermissionRequest(
      state,
      { toolCallId: 'c1' },
      [{ optionId: 'a', name: 'A', kind: '_allow_for_session', _meta: { x: 1 } }, { optionId: 'b' }, { name: 'no id' }, null],
      'k',
    );
    assert.deepEqual(tool(state, 'c1').permission?.options, [
      { optionId: 'a', name: 'A', kind: '_allow_for_session', _meta: { x: 1 } },
      { optionId: 'b', name: 'b', kind: '' },
    ]);
  });

  it('still shows a request whose toolCall is malformed, keyed by the request', () => {
    const state = createSessionState('s');
    const change = setPermissionRequest(state, 'garbage', 'garbage', 'k7');
    assert.equal(change.entries.length, 1);
    const entry = state.entries[0];
    assert.ok(entry.kind === 'tool_call');
    assert.deepEqual(entry.permission, { requestKey: 'k7', options: [] });
    clearPermissionRequest(state, 'k7');
    assert.equal('permission' in entry, false);
  });

  it('a second request for the same tool call replaces the first', () => {
    const state = createSessionState('s');
    setPermissionRequest(state, { toolCallId: 'c1' }, OPTIONS, 'k1');
    setPermissionRequest(state, { toolCallId: 'c1' }, OPTIONS.slice(0, 1), 'k2');
    assert.equal(tool(state, 'c1').permission?.requestKey, 'k2');
    assert.deepEqual(clearPermissionRequest(state, 'k1'), { entries: [], header: false });
    assert.ok(tool(state, 'c1').permission);
  });
});

describe('reducer: turns', () => {
  it('setTurnState changes the header only when the state changes', () => {
    const state = createSessionState('s');
    assert.deepEqual(setTurnState(state, 'running'), { entries: [], header: true });
    assert.equal(state.header.turn, 'running');
    assert.deepEqual(setTurnState(state, 'running'), { entries: [], header: false });
  });

  it('endTurn marks pending, in_progress and awaiting-permission calls cancelled, leaves finished and custom ones', () => {
    const state = createSessionState('s');
    setTurnState(state, 'running');
    toolCall(state, 'p', 'pending');
    toolCall(state, 'i', 'in_progress');
    toolCall(state, 'c', 'completed');
    toolCall(state, 'f', 'failed');
    toolCall(state, 'x', '_custom');
    setPermissionRequest(state, { toolCallId: 'w' }, OPTIONS, 'k');
    const change = endTurn(state, 'cancelled');
    assert.deepEqual(change.entries.sort(), ['t:i', 't:p', 't:w']);
    assert.equal(change.header, true);
    assert.equal(tool(state, 'p').status, 'cancelled');
    assert.equal(tool(state, 'i').status, 'cancelled');
    assert.equal(tool(state, 'w').status, 'cancelled');
    assert.equal('permission' in tool(state, 'w'), false);
    assert.equal(tool(state, 'c').status, 'completed');
    assert.equal(tool(state, 'f').status, 'failed');
    assert.equal(tool(state, 'x').status, '_custom');
    assert.equal(state.header.turn, 'idle');
    assert.equal(state.header.lastStopReason, 'cancelled');
  });

  it('endTurn cancels a call awaiting permission whatever its status says', () => {
    const state = createSessionState('s');
    toolCall(state, 'q', '_queued');
    setPermissionRequest(state, { toolCallId: 'q' }, OPTIONS, 'k');
    assert.equal(tool(state, 'q').status, '_queued');
    assert.deepEqual(endTurn(state, 'cancelled').entries, ['t:q']);
    assert.equal(tool(state, 'q').status, 'cancelled');
    assert.equal('permission' in tool(state, 'q'), false);
  });

  it('endTurn reports only the calls of this turn', () => {
    const state = createSessionState('s');
    toolCall(state, 'a', 'completed');
    endTurn(state, 'end_turn');
    toolCall(state, 'n', 'pending');
    const change = endTurn(state, 'end_turn');
    assert.deepEqual(change.entries, ['t:n']);
    assert.equal(tool(state, 'a').status, 'completed');
  });

  it('a call from an earlier turn that the agent updates again belongs to the turn of the update', () => {
    const state = createSessionState('s');
    toolCall(state, 'bg', 'completed');
    endTurn(state, 'end_turn');
    applySessionUpdate(state, { sessionUpdate: 'tool_call_update', toolCallId: 'bg', status: 'in_progress' }, 0);
    assert.deepEqual(endTurn(state, 'end_turn').entries, ['t:bg']);
    assert.equal(tool(state, 'bg').status, 'cancelled');
  });

  it('markTurnToolCallsCancelled shows the cancel at once; later agent updates still apply; endTurn re-checks', () => {
    const state = createSessionState('s');
    toolCall(state, 'a', 'in_progress');
    toolCall(state, 'b', 'pending');
    setTurnState(state, 'cancelling');
    const change = markTurnToolCallsCancelled(state);
    assert.deepEqual(change.entries.sort(), ['t:a', 't:b']);
    assert.equal(change.header, false);
    applySessionUpdate(state, { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed' }, 0);
    applySessionUpdate(state, { sessionUpdate: 'tool_call_update', toolCallId: 'b', status: 'in_progress' }, 0);
    assert.equal(tool(state, 'a').status, 'completed');
    endTurn(state, 'cancelled');
    assert.equal(tool(state, 'a').status, 'completed');
    assert.equal(tool(state, 'b').status, 'cancelled');
  });

  it('endTurn without a stop reason (an error) clears the last one', () => {
    const state = createSessionState('s');
    endTurn(state, 'max_tokens');
    assert.equal(state.header.lastStopReason, 'max_tokens');
    endTurn(state, undefined);
    assert.equal('lastStopReason' in state.header, false);
  });

  it('counts calls touched by a content chunk or a permission request; untouched ones of a rebuilt state are left', () => {
    const source = createSessionState('s');
    for (const id of ['a', 'b', 'c']) toolCall(source, id, 'in_progress');
    // A state the reducer did not make (e.g. restored): its turn bookkeeping starts empty.
    const state: SessionState = JSON.parse(JSON.stringify(source));
    applySessionUpdate(state, { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'a', content: { type: 'terminal', terminalId: 't' } }, 0);
    setPermissionRequest(state, { toolCallId: 'b' }, OPTIONS, 'k');
    const change = endTurn(state, 'end_turn');
    assert.deepEqual(change.entries.sort(), ['t:a', 't:b']);
    assert.equal(tool(state, 'c').status, 'in_progress');
  });
});

describe('reducer: notices and ids', () => {
  it('addNotice appends a notice entry with an e<n> id', () => {
    const state = createSessionState('s');
    const change = addNotice(state, 'error', 'The agent exited', 'code 1');
    assert.deepEqual(state.entries, [{ kind: 'notice', id: 'e1', rev: 1, severity: 'error', text: 'The agent exited', detail: 'code 1' }]);
    assert.deepEqual(change, { entries: ['e1'], header: false });
    addNotice(state, 'info', 'x');
    assert.equal('detail' in state.entries[1], false);
  });

  it('finds tool calls and continues ids in a state that was not made by createSessionState (rebuilt bookkeeping)', () => {
    const source = createSessionState('s');
    addUserMessage(source, [{ type: 'text', text: 'q' }]);
    toolCall(source, 'c1', 'in_progress');
    const copy: SessionState = JSON.parse(JSON.stringify(source));
    assert.equal(findToolCall(copy, 'c1')?.status, 'in_progress');
    addNotice(copy, 'info', 'n');
    assert.equal(copy.entries[2].id, 'e2');
    applySessionUpdate(copy, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' }, 0);
    assert.equal(copy.entries.length, 3);
    assert.equal(findToolCall(copy, 'c1')?.status, 'completed');
  });

  it('re-indexes when the entries array is replaced by one of the same length with other entries', () => {
    const state = createSessionState('s');
    toolCall(state, 'a', 'pending');
    const other = createSessionState('s');
    toolCall(other, 'z', 'pending');
    state.entries = other.entries.slice();
    applySessionUpdate(state, { sessionUpdate: 'tool_call_update', toolCallId: 'z', status: 'completed' }, 0);
    assert.deepEqual(state.entries.map((e) => e.id), ['t:z']);
    assert.equal(findToolCall(state, 'z')?.status, 'completed');
    assert.equal(findToolCall(state, 'a'), undefined);
  });

  it('keeps the turn\'s tool calls across a re-index of the same state', () => {
    const state = createSessionState('s');
    toolCall(state, 'a', 'in_progress');
    state.entries = [...state.entries];
    assert.deepEqual(endTurn(state, 'cancelled').entries, ['t:a']);
  });

  it('keeps finding tool calls when the entries array is trimmed or replaced', () => {
    const state = createSessionState('s');
    toolCall(state, 'a', 'pending');
    toolCall(state, 'b', 'pending');
    state.entries.splice(0, 1);
    assert.equal(findToolCall(state, 'a'), undefined);
    assert.equal(findToolCall(state, 'b')?.toolCallId, 'b');
    state.entries = [...state.entries];
    applySessionUpdate(state, { sessionUpdate: 'tool_call_update', toolCallId: 'b', status: 'completed' }, 0);
    assert.equal(state.entries.length, 1);
    assert.equal(findToolCall(state, 'b')?.status, 'completed');
  });
});
