import * as assert from 'node:assert/strict';
import { applySessionUpdate, createSessionState } from '../../../src/shared/transcript/reducer';

const HEADER = { entries: [], header: true };
const NONE = { entries: [], header: false };

describe('reducer: header updates', () => {
  it('starts with an idle, empty header', () => {
    const state = createSessionState('sess-1');
    assert.equal(state.sessionId, 'sess-1');
    assert.deepEqual(state.header, { turn: 'idle', plan: [], availableCommands: [], availableModes: [], configOptions: [] });
    assert.deepEqual(state.entries, []);
  });

  it('plan replaces the whole plan, keeping unknown statuses and extra fields', () => {
    const state = createSessionState('s');
    const first = [
      { content: 'a', priority: 'high', status: 'pending' },
      { content: 'b', priority: 'low', status: 'pending' },
    ];
    assert.deepEqual(applySessionUpdate(state, { sessionUpdate: 'plan', entries: first }, 0), HEADER);
    assert.deepEqual(state.header.plan, first);
    const second = [{ content: 'b', priority: 'low', status: 'cancelled', _meta: { id: 7 } }];
    applySessionUpdate(state, { sessionUpdate: 'plan', entries: second }, 0);
    assert.deepEqual(state.header.plan, second);
  });

  it('plan skips invalid items and ignores a non-array', () => {
    const state = createSessionState('s');
    applySessionUpdate(
      state,
      { sessionUpdate: 'plan', entries: [null, { content: 'ok', priority: 'medium', status: 'completed' }, { content: 'x' }, { content: 'no priority', status: 'pending' }, 5] },
      0,
    );
    assert.deepEqual(state.header.plan, [{ content: 'ok', priority: 'medium', status: 'completed' }]);
    assert.deepEqual(applySessionUpdate(state, { sessionUpdate: 'plan', entries: 'nope' }, 0), NONE);
    assert.equal(state.header.plan.length, 1);
  });

  it('available_commands_update replaces the commands (input null kept, missing description -> "")', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'old', description: 'd' }] }, 0);
    applySessionUpdate(
      state,
      {
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'web', description: 'Search', input: { hint: 'query' } }, { name: 'status', input: null }, { description: 'no name' }],
      },
      0,
    );
    assert.deepEqual(state.header.availableCommands, [
      { name: 'web', description: 'Search', input: { hint: 'query' } },
      { name: 'status', description: '', input: null },
    ]);
  });

  it('current_mode_update sets currentModeId (schema field), also accepting the docs example field modeId', () => {
    const state = createSessionState('s');
    assert.deepEqual(applySessionUpdate(state, { sessionUpdate: 'current_mode_update', currentModeId: 'code' }, 0), HEADER);
    assert.equal(state.header.currentModeId, 'code');
    applySessionUpdate(state, { sessionUpdate: 'current_mode_update', modeId: 'ask' }, 0);
    assert.equal(state.header.currentModeId, 'ask');
    assert.deepEqual(applySessionUpdate(state, { sessionUpdate: 'current_mode_update', currentModeId: 3 }, 0), NONE);
    assert.equal(state.header.currentModeId, 'ask');
  });

  it('config_option_update replaces the option list, unknown option types kept', () => {
    const state = createSessionState('s');
    const mode = { id: 'mode', name: 'Mode', type: 'select', currentValue: 'ask', options: [{ value: 'ask', name: 'Ask' }] };
    const future = { id: 'fancy', name: 'Fancy', type: '_slider', currentValue: 3 };
    applySessionUpdate(state, { sessionUpdate: 'config_option_update', configOptions: [mode, future, { name: 'no id' }] }, 0);
    assert.deepEqual(state.header.configOptions, [mode, future]);
    applySessionUpdate(state, { sessionUpdate: 'config_option_update', configOptions: [] }, 0);
    assert.deepEqual(state.header.configOptions, []);
  });

  it('session_info_update patches title and updatedAt: omitted keeps, null clears', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, { sessionUpdate: 'session_info_update', title: 'Fix bug', updatedAt: '2026-01-01T00:00:00Z' }, 0);
    assert.equal(state.header.title, 'Fix bug');
    assert.equal(state.header.updatedAt, '2026-01-01T00:00:00Z');
    applySessionUpdate(state, { sessionUpdate: 'session_info_update', updatedAt: '2026-01-02T00:00:00Z' }, 0);
    assert.equal(state.header.title, 'Fix bug');
    assert.equal(state.header.updatedAt, '2026-01-02T00:00:00Z');
    applySessionUpdate(state, { sessionUpdate: 'session_info_update', title: null }, 0);
    assert.equal('title' in state.header, false);
    assert.equal(state.header.updatedAt, '2026-01-02T00:00:00Z');
    assert.deepEqual(applySessionUpdate(state, { sessionUpdate: 'session_info_update', title: 5, _meta: {} }, 0), NONE);
  });

  it('usage_update sets used, size and cost; a later update without cost keeps it, null clears it', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, { sessionUpdate: 'usage_update', used: 53000, size: 200000, cost: { amount: 0.045, currency: 'USD' } }, 0);
    assert.deepEqual(state.header.usage, { used: 53000, size: 200000, cost: { amount: 0.045, currency: 'USD' } });
    applySessionUpdate(state, { sessionUpdate: 'usage_update', used: 60000, size: 200000 }, 0);
    assert.deepEqual(state.header.usage, { used: 60000, size: 200000, cost: { amount: 0.045, currency: 'USD' } });
    applySessionUpdate(state, { sessionUpdate: 'usage_update', used: 61000, size: 200000, cost: null }, 0);
    assert.deepEqual(state.header.usage, { used: 61000, size: 200000 });
  });

  it('usage_update ignores malformed numbers and costs', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, { sessionUpdate: 'usage_update', used: 10, size: 100 }, 0);
    const change = applySessionUpdate(state, { sessionUpdate: 'usage_update', used: '11', size: null, cost: { amount: '1' } }, 0);
    assert.deepEqual(change, NONE);
    assert.deepEqual(state.header.usage, { used: 10, size: 100 });
  });
});
