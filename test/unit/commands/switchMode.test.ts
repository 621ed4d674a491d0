import * as assert from 'node:assert/strict';
import { modeItems, sessionModePicker } from '../../../src/commands/switchMode';
import { createSessionState } from '../../../src/shared/transcript/reducer';
import type { SessionHeader } from '../../../src/shared/transcript/model';

function header(patch: Partial<SessionHeader>): SessionHeader {
  return { ...createSessionState('s').header, ...patch };
}

describe('Switch Mode: which picker', () => {
  const modes = [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code', description: 'Edits files' }];

  it('the modes when the agent sends no config options, the current one marked', () => {
    const picker = sessionModePicker(header({ availableModes: modes, currentModeId: 'code' }));
    assert.ok(picker);
    assert.deepEqual(modeItems(picker), [
      { label: 'Ask', description: undefined, detail: undefined, value: 'ask', current: false },
      { label: 'Code', description: undefined, detail: 'Edits files', value: 'code', current: true },
    ]);
  });

  it('the mode-category config option when there is one, over the modes', () => {
    const configOptions = [
      { id: 'model', name: 'Model', category: 'model', type: 'select', currentValue: 'a', options: [{ value: 'a', name: 'A' }] },
      { id: 'approval', name: 'Approval', category: 'mode', type: 'select', currentValue: 'auto', options: [{ value: 'ask', name: 'Ask' }, { value: 'auto', name: 'Auto' }] },
    ] as unknown as SessionHeader['configOptions'];
    const picker = sessionModePicker(header({ availableModes: modes, currentModeId: 'ask', configOptions }));
    assert.equal(picker?.id, 'approval');
    assert.deepEqual(picker && modeItems(picker).map((i) => [i.value, i.current]), [['ask', false], ['auto', true]]);
  });

  it('nothing when config options replace modes and none is a mode, or when there are neither', () => {
    const configOptions = [{ id: 'model', name: 'Model', category: 'model', type: 'select', currentValue: 'a', options: [{ value: 'a' }] }] as unknown as SessionHeader['configOptions'];
    assert.equal(sessionModePicker(header({ availableModes: modes, configOptions })), undefined);
    assert.equal(sessionModePicker(header({})), undefined);
  });
});
