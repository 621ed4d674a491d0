import * as assert from 'node:assert/strict';
import { LocationWatch } from '../../../../src/editor/follow/followTarget';
import { applySessionUpdate, createSessionState, setTurnState } from '../../../../src/shared/transcript/reducer';
import type { SessionChange, SessionState } from '../../../../src/shared/transcript/model';

function running(): SessionState {
  const state = createSessionState('s1');
  setTurnState(state, 'running');
  return state;
}

function update(state: SessionState, body: Record<string, unknown>): SessionChange {
  return applySessionUpdate(state, body, 0, () => undefined);
}

describe('which tool call location to follow', () => {
  it('follows the first location of a new tool call, with its line', () => {
    const state = running();
    const watch = new LocationWatch();
    const change = update(state, {
      sessionUpdate: 'tool_call',
      toolCallId: 't1',
      title: 'Read',
      locations: [{ path: '/w/a.ts', line: 12 }, { path: '/w/b.ts' }],
    });
    assert.deepEqual(watch.next(state, change), { path: '/w/a.ts', line: 12, toolCallId: 't1' });
  });

  it('follows a location a tool_call_update adds, and not the same one twice', () => {
    const state = running();
    const watch = new LocationWatch();
    watch.next(state, update(state, { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Edit', locations: [{ path: '/w/a.ts' }] }));
    const same = update(state, { sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'in_progress', locations: [{ path: '/w/a.ts' }] });
    assert.equal(watch.next(state, same), undefined, 'nothing new');
    const moved = update(state, { sessionUpdate: 'tool_call_update', toolCallId: 't1', locations: [{ path: '/w/a.ts' }, { path: '/w/a.ts', line: 40 }] });
    assert.deepEqual(watch.next(state, moved), { path: '/w/a.ts', line: 40, toolCallId: 't1' });
    const status = update(state, { sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed' });
    assert.equal(watch.next(state, status), undefined, 'a status change names no location');
  });

  it('line 0, a negative or a non-integer line means the top of the file', () => {
    const state = running();
    const watch = new LocationWatch();
    for (const [i, line] of [0, -3, 2.5].entries()) {
      const change = update(state, { sessionUpdate: 'tool_call', toolCallId: `t${i}`, title: 'Read', locations: [{ path: '/w/a.ts', line }] });
      assert.deepEqual(watch.next(state, change), { path: '/w/a.ts', toolCallId: `t${i}` }, String(line));
    }
  });

  it('ignores other entries, empty locations and locations without a path', () => {
    const state = running();
    const watch = new LocationWatch();
    assert.equal(watch.next(state, update(state, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } })), undefined);
    assert.equal(watch.next(state, update(state, { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Think' })), undefined);
    assert.equal(
      watch.next(state, update(state, { sessionUpdate: 'tool_call', toolCallId: 't2', title: 'X', locations: [{ line: 3 }, { path: '' }] })),
      undefined,
    );
  });

  it('follows nothing while no turn runs (a session/load replay), and does not follow those later', () => {
    const state = createSessionState('s1');
    const watch = new LocationWatch();
    const replayed = update(state, { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read', locations: [{ path: '/w/old.ts' }] });
    assert.equal(watch.next(state, replayed), undefined);
    setTurnState(state, 'running');
    const again = update(state, { sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed' });
    assert.equal(watch.next(state, again), undefined);
  });

  it('of several tool calls changed at once, the last one wins', () => {
    const state = running();
    const watch = new LocationWatch();
    update(state, { sessionUpdate: 'tool_call', toolCallId: 'a', title: 'A' });
    update(state, { sessionUpdate: 'tool_call', toolCallId: 'b', title: 'B' });
    const ids = state.entries.map((e) => e.id);
    for (const entry of state.entries) if (entry.kind === 'tool_call') entry.locations = [{ path: `/w/${entry.toolCallId}.ts` }];
    assert.deepEqual(watch.next(state, { entries: ids, header: false }), { path: '/w/b.ts', toolCallId: 'b' });
  });
});
