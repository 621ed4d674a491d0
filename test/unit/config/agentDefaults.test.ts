import * as assert from 'node:assert/strict';
import { defaultsToApply, readAgentDefaults, rememberMode, rememberOption, NO_DEFAULTS } from '../../../src/config/agentDefaults';
import type { SessionHeader } from '../../../src/shared/transcript/model';
import type { SessionConfigOption } from '../../../src/shared/acp';

function header(configOptions: unknown[], modes?: { current: string; ids: string[] }): SessionHeader {
  return {
    turn: 'idle',
    plan: [],
    availableCommands: [],
    configOptions: configOptions as SessionConfigOption[],
    availableModes: modes ? modes.ids.map((id) => ({ id, name: id })) : [],
    currentModeId: modes?.current,
  };
}

const model = { id: 'model', name: 'Model', category: 'model', type: 'select', currentValue: 'fast', options: [{ value: 'fast', name: 'Fast' }, { value: 'deep', name: 'Deep' }] };
const brave = { id: 'brave', name: 'Brave', type: 'boolean', currentValue: false };
const mode = { id: 'mode', name: 'Mode', category: 'mode', type: 'select', currentValue: 'ask', options: [{ value: 'ask', name: 'Ask' }, { value: 'code', name: 'Code' }] };

describe('per-agent config defaults', () => {
  it('re-applies remembered values the new session offers and does not have yet', () => {
    let defaults = rememberOption(NO_DEFAULTS, header([model, brave]), 'model', 'deep');
    defaults = rememberOption(defaults, header([model, brave]), 'brave', true);
    assert.deepEqual(defaultsToApply(defaults, header([model, brave])), {
      options: [
        { configId: 'model', value: 'deep' },
        { configId: 'brave', value: true },
      ],
    });
  });

  it('leaves out values already current, options not offered, and values not among the choices', () => {
    const defaults = readAgentDefaults({
      options: { model: { value: 'huge' }, brave: { value: false }, gone: { value: 'x' }, typed: { value: 'yes' } },
    });
    const typed = { id: 'typed', name: 'Typed', type: 'boolean', currentValue: false };
    assert.deepEqual(defaultsToApply(defaults, header([model, brave, typed])), { options: [] });
  });

  it('sets a remembered mode with session/set_mode only when the session has no config options', () => {
    const defaults = rememberMode(NO_DEFAULTS, 'code');
    assert.deepEqual(defaultsToApply(defaults, header([], { current: 'ask', ids: ['ask', 'code'] })), { options: [], modeId: 'code' });
    assert.deepEqual(defaultsToApply(defaults, header([], { current: 'code', ids: ['ask', 'code'] })), { options: [] });
    assert.deepEqual(defaultsToApply(defaults, header([], { current: 'ask', ids: ['ask'] })), { options: [] });
    assert.deepEqual(defaultsToApply(defaults, header([model], { current: 'ask', ids: ['ask', 'code'] })), { options: [] });
  });

  it('falls back to set_mode for a remembered mode-category option the session offers only as a mode', () => {
    const defaults = rememberOption(rememberMode(NO_DEFAULTS, 'ask'), header([mode]), 'mode', 'code');
    assert.equal(defaults.modeId, undefined, 'the newer mode choice replaces the older');
    assert.deepEqual(defaults.options.mode, { value: 'code', category: 'mode' });
    assert.deepEqual(defaultsToApply(defaults, header([], { current: 'ask', ids: ['ask', 'code'] })), { options: [], modeId: 'code' });
    assert.deepEqual(defaultsToApply(defaults, header([mode])), { options: [{ configId: 'mode', value: 'code' }] });
  });

  it('reads stored defaults leniently', () => {
    assert.deepEqual(readAgentDefaults(undefined), { options: {} });
    assert.deepEqual(readAgentDefaults({ options: { a: { value: 3 }, b: 'x', c: { value: 'v', category: 7 } }, modeId: 5 }), {
      options: { c: { value: 'v' } },
    });
  });
});
