import * as assert from 'node:assert/strict';
import type { SessionState, ToolCallEntry } from '../../../src/shared/transcript/model';
import { applySessionUpdate, createSessionState, findToolCall, markToolCallsUndone, setPolicyDecision } from '../../../src/shared/transcript/reducer';

function apply(state: SessionState, update: Record<string, unknown>): ReturnType<typeof applySessionUpdate> {
  return applySessionUpdate(state, update, 0);
}

function tool(state: SessionState, toolCallId = 'c1'): ToolCallEntry {
  const entry = findToolCall(state, toolCallId);
  assert.ok(entry, `tool call ${toolCallId} exists`);
  return entry;
}

const diff = { type: 'diff', path: '/w/a.ts', oldText: 'a', newText: 'b' };
const textItem = (t: string): Record<string, unknown> => ({ type: 'content', content: { type: 'text', text: t } });

describe('reducer: tool calls', () => {
  it('creates an entry t:<id> from tool_call with the fields given', () => {
    const state = createSessionState('s');
    const change = apply(state, {
      sessionUpdate: 'tool_call',
      toolCallId: 'c1',
      title: 'Read a.ts',
      kind: 'read',
      status: 'in_progress',
      locations: [{ path: '/w/a.ts', line: 3 }],
      rawInput: { path: '/w/a.ts' },
    });
    const entry = tool(state);
    assert.deepEqual(change, { entries: ['t:c1'], header: false });
    assert.equal(entry.id, 't:c1');
    assert.equal(entry.title, 'Read a.ts');
    assert.equal(entry.toolKind, 'read');
    assert.equal(entry.status, 'in_progress');
    assert.deepEqual(entry.locations, [{ path: '/w/a.ts', line: 3 }]);
    assert.deepEqual(entry.rawInput, { path: '/w/a.ts' });
    assert.deepEqual(entry.content, []);
    assert.deepEqual(entry.extra, {});
  });

  it('defaults kind to other and status to pending', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'x' });
    assert.equal(tool(state).toolKind, 'other');
    assert.equal(tool(state).status, 'pending');
  });

  it('treats a second tool_call with the same id as an upsert into the same entry', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Read File', kind: 'read', rawInput: {} });
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Read a.ts', rawInput: { file_path: '/w/a.ts' } });
    assert.equal(state.entries.length, 1);
    assert.equal(tool(state).title, 'Read a.ts');
    assert.equal(tool(state).toolKind, 'read');
    assert.deepEqual(tool(state).rawInput, { file_path: '/w/a.ts' });
  });

  it('tool_call_update keeps omitted fields and replaces given ones', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Edit', kind: 'edit', content: [diff], rawInput: { a: 1 } });
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' });
    const entry = tool(state);
    assert.equal(entry.status, 'completed');
    assert.equal(entry.title, 'Edit');
    assert.equal(entry.toolKind, 'edit');
    assert.deepEqual(entry.content, [diff]);
    assert.deepEqual(entry.rawInput, { a: 1 });
  });

  it('null clears: title "", kind other, status pending, content/locations [], rawInput/rawOutput absent', () => {
    const state = createSessionState('s');
    apply(state, {
      sessionUpdate: 'tool_call',
      toolCallId: 'c1',
      title: 'T',
      kind: 'execute',
      status: 'completed',
      content: [diff],
      locations: [{ path: '/w/a.ts' }],
      rawInput: { a: 1 },
      rawOutput: { b: 2 },
    });
    apply(state, {
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c1',
      title: null,
      kind: null,
      status: null,
      content: null,
      locations: null,
      rawInput: null,
      rawOutput: null,
    });
    const entry = tool(state);
    assert.equal(entry.title, '');
    assert.equal(entry.toolKind, 'other');
    assert.equal(entry.status, 'pending');
    assert.deepEqual(entry.content, []);
    assert.deepEqual(entry.locations, []);
    assert.equal('rawInput' in entry, false);
    assert.equal('rawOutput' in entry, false);
  });

  it('replaces arrays whole (no merging of items); [] clears', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T', content: [diff, textItem('a')] });
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', content: [textItem('b')], locations: [{ path: '/x' }] });
    assert.deepEqual(tool(state).content, [textItem('b')]);
    assert.deepEqual(tool(state).locations, [{ path: '/x' }]);
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', content: [] });
    assert.deepEqual(tool(state).content, []);
    assert.deepEqual(tool(state).locations, [{ path: '/x' }]);
  });

  it('an update for an unknown id creates the entry with defaults', () => {
    const state = createSessionState('s');
    const change = apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'late', status: 'in_progress' });
    const entry = tool(state, 'late');
    assert.deepEqual(change, { entries: ['t:late'], header: false });
    assert.equal(entry.title, '');
    assert.equal(entry.toolKind, 'other');
    assert.equal(entry.status, 'in_progress');
  });

  it('keeps unknown fields in extra; a later _meta replaces the earlier one; null removes', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T', _meta: { a: 1, b: 2 }, futureField: [1] });
    assert.deepEqual(tool(state).extra, { _meta: { a: 1, b: 2 }, futureField: [1] });
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', _meta: { c: 3 } });
    assert.deepEqual(tool(state).extra, { _meta: { c: 3 }, futureField: [1] });
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', _meta: null });
    assert.deepEqual(tool(state).extra, { futureField: [1] });
    assert.equal('sessionUpdate' in tool(state).extra, false);
  });

  it('keeps the tool\'s name (v1: null leaves it, a string replaces it, another type is ignored)', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Reading configuration file', name: 'read_file' });
    assert.equal(tool(state).name, 'read_file');
    assert.equal('name' in tool(state).extra, false, 'a modelled field, not an unknown one');
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', name: null, status: 'completed' });
    assert.equal(tool(state).name, 'read_file');
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', name: 42 });
    assert.equal(tool(state).name, 'read_file');
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', name: 'read_text_file' });
    assert.equal(tool(state).name, 'read_text_file');
  });

  it('keeps unknown kinds, statuses and content types verbatim', () => {
    const state = createSessionState('s');
    const custom = { type: '_vendor_chart', series: [1, 2] };
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T', kind: '_browse', status: '_queued', content: [custom] });
    assert.equal(tool(state).toolKind, '_browse');
    assert.equal(tool(state).status, '_queued');
    assert.deepEqual(tool(state).content, [custom]);
  });

  it('ignores fields of the wrong type and still applies the rest of the update', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T', kind: 'read', content: [diff], locations: [{ path: '/a' }] });
    apply(state, {
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c1',
      title: 42,
      kind: { k: 1 },
      status: 'completed',
      content: 'not an array',
      locations: { path: '/b' },
    });
    const entry = tool(state);
    assert.equal(entry.title, 'T');
    assert.equal(entry.toolKind, 'read');
    assert.equal(entry.status, 'completed');
    assert.deepEqual(entry.content, [diff]);
    assert.deepEqual(entry.locations, [{ path: '/a' }]);
  });

  it('skips invalid items in content and locations and keeps valid ones (line null kept)', () => {
    const state = createSessionState('s');
    apply(state, {
      sessionUpdate: 'tool_call',
      toolCallId: 'c1',
      title: 'T',
      content: [null, 3, { type: 'diff', path: '/a' }, { type: 'content' }, { type: 'terminal' }, diff, { type: 'terminal', terminalId: 't1' }],
      locations: [{ line: 3 }, '/a', { path: '/b', line: null }, { path: '/c', line: 7, _meta: { x: 1 } }],
    });
    assert.deepEqual(tool(state).content, [diff, { type: 'terminal', terminalId: 't1' }]);
    assert.deepEqual(tool(state).locations, [{ path: '/b', line: null }, { path: '/c', line: 7, _meta: { x: 1 } }]);
  });

  it('keeps non-object rawInput/rawOutput values (strings, arrays, empty string)', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T', rawOutput: '' });
    assert.equal(tool(state).rawOutput, '');
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', rawOutput: [{ type: 'text', text: 'x' }] });
    assert.deepEqual(tool(state).rawOutput, [{ type: 'text', text: 'x' }]);
  });

  it('bumps rev on each change and reports no change for an update with nothing to apply', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T' });
    assert.equal(tool(state).rev, 1);
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'in_progress' });
    assert.equal(tool(state).rev, 2);
    const none = apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', title: 7 });
    assert.deepEqual(none, { entries: [], header: false });
    assert.equal(tool(state).rev, 2);
  });

  it('ignores tool updates without a string toolCallId', () => {
    const state = createSessionState('s');
    for (const toolCallId of [undefined, null, 3, {}, ['c1']]) {
      assert.deepEqual(apply(state, { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' }), {
        entries: [],
        header: false,
      });
    }
    assert.equal(state.entries.length, 0);
  });

  it('does not take `__proto__` from the wire as a prototype', () => {
    const state = createSessionState('s');
    const update = JSON.parse('{"sessionUpdate":"tool_call","toolCallId":"c1","title":"T","__proto__":{"polluted":true}}');
    apply(state, update);
    const extra = tool(state).extra;
    assert.equal(Object.getPrototypeOf(extra), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(extra, '__proto__')?.value, { polluted: true });
    assert.equal((extra as { polluted?: unknown }).polluted, undefined);
  });
});

describe('reducer: tool_call_content_chunk (v2 draft)', () => {
  it('appends its one content item; a later update with content replaces all; chunks append after it', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T', content: [textItem('a')] });
    apply(state, { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'c1', content: textItem('b') });
    apply(state, { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'c1', content: diff });
    assert.deepEqual(tool(state).content, [textItem('a'), textItem('b'), diff]);
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', content: [textItem('z')] });
    apply(state, { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'c1', content: textItem('after') });
    assert.deepEqual(tool(state).content, [textItem('z'), textItem('after')]);
  });

  it('creates an unknown tool call with defaults; its chunk-scoped _meta is not kept', () => {
    const state = createSessionState('s');
    const change = apply(state, { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'n', content: diff, _meta: { seq: 1 } });
    assert.deepEqual(change, { entries: ['t:n'], header: false });
    const entry = tool(state, 'n');
    assert.deepEqual(entry.content, [diff]);
    assert.equal(entry.status, 'pending');
    assert.deepEqual(entry.extra, {});
  });

  it('ignores a chunk whose content is not one content item', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T' });
    for (const content of [undefined, null, [diff], 'x', { type: 'diff' }]) {
      assert.deepEqual(apply(state, { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'c1', content }), {
        entries: [],
        header: false,
      });
    }
    assert.deepEqual(tool(state).content, []);
  });

  it('a policy decision and an undone change stay on the card through later updates', () => {
    const state = createSessionState('s');
    apply(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Edit a.ts', kind: 'edit', status: 'pending', content: [diff] });
    const rev = tool(state).rev;
    assert.deepEqual(setPolicyDecision(state, 'c1', { decision: 'allow', rule: 'user rule 1: edits' }), { entries: ['t:c1'], header: false });
    assert.deepEqual(setPolicyDecision(state, 'nope', { decision: 'allow', rule: 'x' }).entries, [], 'an unknown call is left alone');
    assert.deepEqual(markToolCallsUndone(state, ['c1', 'unknown']).entries, ['t:c1']);
    assert.deepEqual(markToolCallsUndone(state, ['c1']).entries, [], 'undone once');
    apply(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' });
    const entry = tool(state);
    assert.deepEqual(entry.decidedBy, { decision: 'allow', rule: 'user rule 1: edits' });
    assert.equal(entry.undone, true);
    assert.equal(entry.rev, rev + 3);
  });
});
