import * as assert from 'node:assert/strict';
import type { SessionConfigOption } from '../../../src/shared/acp';
import { MODE_PICKER_ID, configPickers, pickerChoices, sessionPickers } from '../../../src/shared/configPickers';

const options = [
  { id: 'brave', name: 'Brave', type: 'boolean', currentValue: true },
  { id: 'effort', name: 'Effort', category: 'thought_level', type: 'select', currentValue: 'low', options: [{ value: 'low', name: 'Low' }] },
  {
    id: 'model',
    name: 'Model',
    category: 'model',
    type: 'select',
    currentValue: 'b',
    options: [{ group: 'g1', name: 'Group 1', options: [{ value: 'a', name: 'A' }] }, { group: 'g2', name: 'Group 2', options: [{ value: 'b', name: 'B', description: 'big' }] }],
  },
  { id: 'mode', name: 'Mode', category: 'mode', type: 'select', currentValue: 'ask', options: [{ value: 'ask', name: 'Ask' }] },
  { id: 'weird', name: 'Weird', type: 'slider', currentValue: 3 },
  { id: 'nochoices', name: 'Empty', type: 'select', currentValue: 'x', options: [] },
  { id: 'x', name: 'Custom', category: '_mine', type: 'select', currentValue: 'q', options: [{ value: 'q', name: 'Q' }] },
] as unknown as SessionConfigOption[];

describe('mode and config pickers', () => {
  it('orders by category (mode, model, thought_level, others) and keeps the agent order within', () => {
    assert.deepEqual(configPickers(options).map((p) => p.id), ['mode', 'model', 'effort', 'brave', 'x']);
  });

  it('skips unknown types and selects without values; booleans become switches', () => {
    const pickers = configPickers(options);
    assert.ok(!pickers.some((p) => p.id === 'weird' || p.id === 'nochoices'));
    const brave = pickers.find((p) => p.id === 'brave');
    assert.deepEqual(brave && { kind: brave.kind, value: brave.value }, { kind: 'boolean', value: true });
  });

  it('flattens grouped values, keeping the group names', () => {
    assert.deepEqual(pickerChoices(options[2] && (options[2] as unknown as { options: unknown }).options), [
      { value: 'a', name: 'A', group: 'Group 1' },
      { value: 'b', name: 'B', description: 'big', group: 'Group 2' },
    ]);
    assert.deepEqual(pickerChoices('nope'), []);
  });

  it('config options win over modes; modes show when there are no config options', () => {
    const modes = [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code' }];
    assert.deepEqual(sessionPickers({ configOptions: options, availableModes: modes, currentModeId: 'code' }).map((p) => p.id)[0], 'mode');
    const [mode] = sessionPickers({ configOptions: [], availableModes: modes, currentModeId: 'code' });
    assert.equal(mode.id, MODE_PICKER_ID);
    assert.equal(mode.kind === 'select' && mode.value, 'code');
    assert.deepEqual(sessionPickers({ configOptions: [], availableModes: [] }), []);
  });
});
