import * as assert from 'node:assert/strict';
import type { CompactionEntry } from '../../../src/shared/transcript/model';
import { applySessionUpdate, createSessionState } from '../../../src/shared/transcript/reducer';

const compaction = (entries: unknown[]): CompactionEntry => {
  const found = entries.find((e) => (e as { kind: string }).kind === 'compaction');
  assert.ok(found);
  return found as CompactionEntry;
};

describe('reducer: agent notices and compaction', () => {
  it('adds each notice as its own entry, keeping unknown severities and skipping title-less ones', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, { sessionUpdate: 'notice', severity: 'warning', title: 'MCP server unavailable', description: 'Continuing without it.' }, 0);
    applySessionUpdate(state, { sessionUpdate: 'notice', severity: 'warning', title: 'MCP server unavailable', description: null }, 0);
    applySessionUpdate(state, { sessionUpdate: 'notice', severity: '_custom', title: 'Rerouted' }, 0);
    applySessionUpdate(state, { sessionUpdate: 'notice', severity: 'info', title: '  ' }, 0);
    assert.deepEqual(
      state.entries.map((e) => (e.kind === 'notice' ? [e.severity, e.text, e.detail, e.source] : e.kind)),
      [
        ['warning', 'MCP server unavailable', 'Continuing without it.', 'agent'],
        ['warning', 'MCP server unavailable', undefined, 'agent'],
        ['_custom', 'Rerouted', undefined, 'agent'],
      ],
    );
  });

  it('keeps one compaction row per id, in place, with patch semantics for summary and error', () => {
    const state = createSessionState('s');
    const first = applySessionUpdate(state, { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'in_progress' }, 0);
    applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'later' } }, 0);
    applySessionUpdate(state, { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: { type: 'text', text: '## Kept\n' } }, 0);
    const chunk = applySessionUpdate(state, { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: { type: 'text', text: 'the plan' } }, 0);
    assert.deepEqual(chunk.entries, first.entries, 'chunks update the same row');
    let row = compaction(state.entries);
    assert.equal(state.entries[0], row, 'the row stays where it started');
    assert.deepEqual(row.summary, [{ type: 'text', text: '## Kept\nthe plan' }]);
    applySessionUpdate(state, { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed' }, 0);
    row = compaction(state.entries);
    assert.equal(row.status, 'completed');
    assert.equal(row.summary.length, 1, 'an omitted summary keeps what the chunks built');
    applySessionUpdate(state, { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed', summary: [{ type: 'text', text: 'final' }] }, 0);
    assert.deepEqual(compaction(state.entries).summary, [{ type: 'text', text: 'final' }], 'a concrete summary replaces');
    applySessionUpdate(state, { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed', summary: null }, 0);
    assert.deepEqual(compaction(state.entries).summary, []);
    applySessionUpdate(state, { sessionUpdate: 'compaction_update', compactionId: 'c2', status: 'failed', error: 'Too large' }, 0);
    applySessionUpdate(state, { sessionUpdate: 'compaction_update', compactionId: 'c2', status: '_paused', error: null }, 0);
    const second = state.entries.find((e) => e.kind === 'compaction' && e.compactionId === 'c2') as CompactionEntry;
    assert.equal(second.status, '_paused', 'unknown statuses are kept as they came');
    assert.equal(second.error, undefined, 'null clears the error');
    assert.equal(state.entries.filter((e) => e.kind === 'compaction').length, 2);
  });

  it('ignores malformed compaction updates and still reports unknown kinds', () => {
    const state = createSessionState('s');
    const unknown: string[] = [];
    applySessionUpdate(state, { sessionUpdate: 'compaction_update', status: 'in_progress' }, 0, (k) => unknown.push(k));
    applySessionUpdate(state, { sessionUpdate: 'compaction_update', compactionId: 'c', status: 3 }, 0, (k) => unknown.push(k));
    applySessionUpdate(state, { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c', content: 'x' }, 0, (k) => unknown.push(k));
    applySessionUpdate(state, { sessionUpdate: 'session_flux', anything: 1 }, 0, (k) => unknown.push(k));
    assert.equal(state.entries.length, 0);
    assert.deepEqual(unknown, ['session_flux']);
  });
});
