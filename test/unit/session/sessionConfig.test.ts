import * as assert from 'node:assert/strict';
import type {
  PromptRequest,
  PromptResponse,
  SetSessionConfigOptionRequest,
  SetSessionConfigOptionResponse,
  SetSessionModeRequest,
} from '../../../src/shared/acp';
import { promptText } from '../../../src/demo/turn';
import { Session, SessionTransport } from '../../../src/session/session';
import { createSessionState } from '../../../src/shared/transcript/reducer';
import { applySessionSetup } from '../../../src/shared/transcript/sessionSetup';
import type { SessionKey } from '../../../src/shared/sessionKey';

const scope = { sessionKey: 's1' as SessionKey, sessionId: 's1', cwd: '/w', roots: ['/w'] };
const model = (value: string) => ({
  id: 'model',
  name: 'Model',
  category: 'model',
  type: 'select',
  currentValue: value,
  options: [
    { value: 'fast', name: 'Fast' },
    { value: 'deep', name: 'Deep' },
  ],
});

class ConfigTransport implements SessionTransport {
  modes: SetSessionModeRequest[] = [];
  configs: SetSessionConfigOptionRequest[] = [];
  failMode = false;
  prompt(_params: PromptRequest): Promise<PromptResponse> {
    return Promise.resolve({ stopReason: 'end_turn' });
  }
  cancel(): Promise<void> {
    return Promise.resolve();
  }
  setMode(params: SetSessionModeRequest): Promise<Record<string, never>> {
    this.modes.push(params);
    return this.failMode ? Promise.reject(new Error('no such mode')) : Promise.resolve({});
  }
  setConfigOption(params: SetSessionConfigOptionRequest): Promise<SetSessionConfigOptionResponse> {
    this.configs.push(params);
    return Promise.resolve({ configOptions: [model(String(params.value))] } as unknown as SetSessionConfigOptionResponse);
  }
}

describe('session modes and config options', () => {
  it('session/new answer fills modes and config options; odd entries are skipped', () => {
    const state = createSessionState('s1');
    const change = applySessionSetup(state.header, {
      sessionId: 's1',
      modes: { currentModeId: 'code', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code' }, { name: 'no id' }] },
      configOptions: [model('fast'), { name: 'no id' }],
    });
    assert.equal(change.header, true);
    assert.equal(state.header.currentModeId, 'code');
    assert.deepEqual(state.header.availableModes.map((m) => [m.id, m.name]), [['ask', 'Ask'], ['code', 'code']]);
    assert.deepEqual(state.header.configOptions.map((o) => o.id), ['model']);
    assert.equal(applySessionSetup(state.header, { sessionId: 's1' }).header, false, 'nothing to apply');
    assert.equal(applySessionSetup(state.header, null).header, false);
  });

  it('set_config_option sends {sessionId, configId, value} and the answer replaces the options', async () => {
    const transport = new ConfigTransport();
    const session = new Session(scope, () => transport);
    session.applySetup({ configOptions: [model('fast')] });
    const changes: boolean[] = [];
    session.onDidChange((change) => changes.push(change.header));
    await session.setConfigOption('model', 'deep');
    assert.deepEqual(transport.configs, [{ sessionId: 's1', configId: 'model', value: 'deep' }]);
    assert.equal(session.state.header.configOptions[0].currentValue, 'deep');
    assert.deepEqual(changes, [true]);
    await session.setConfigOption('brave', true);
    assert.deepEqual(transport.configs[1], { sessionId: 's1', configId: 'brave', type: 'boolean', value: true });
  });

  it('set_mode sends {sessionId, modeId}; the mode changes only when the agent accepts', async () => {
    const transport = new ConfigTransport();
    const session = new Session(scope, () => transport);
    session.applySetup({ modes: { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code' }] } });
    await session.setMode('code');
    assert.deepEqual(transport.modes, [{ sessionId: 's1', modeId: 'code' }]);
    assert.equal(session.state.header.currentModeId, 'code');
    transport.failMode = true;
    await assert.rejects(session.setMode('ask'), /no such mode/);
    assert.equal(session.state.header.currentModeId, 'code');
  });

  it('a transport without the methods says so', async () => {
    const bare: SessionTransport = { prompt: () => Promise.resolve({ stopReason: 'end_turn' }), cancel: () => Promise.resolve() };
    const session = new Session(scope, () => bare);
    await assert.rejects(session.setMode('x'), /cannot change modes/);
    await assert.rejects(session.setConfigOption('x', 'y'), /cannot change configuration/);
  });
});

describe('scripted agent: what a prompt says back', () => {
  it('names embedded resources with their text and images with their size', () => {
    assert.equal(
      promptText([
        { type: 'text', text: 'see' },
        { type: 'resource', resource: { uri: 'file:///w/a.ts', text: 'const a = 1;' } },
        { type: 'resource', resource: { uri: 'file:///w/b.bin', blob: 'AAAA' } },
        { type: 'image', mimeType: 'image/png', data: 'aGk=' },
      ]),
      'see\nresource file:///w/a.ts\nconst a = 1;\nresource file:///w/b.bin\nimage image/png 2 bytes',
    );
  });
});
