// The acp.mcpServers setting reaching session/new (http and sse only where advertised), and per-agent config
// defaults: values the user chose are re-applied to the agent's next sessions. Scripted agents in the extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { AgentMessageEntry } from '../../src/shared/transcript/model';
import { activateExtension, useScriptedAgent } from './helpers/scriptedAgent';

function lastAgentText(session: Session): string {
  const said = session.state.entries.filter((e): e is AgentMessageEntry => e.kind === 'agent').pop();
  return said?.content.map((block) => (block.type === 'text' ? block.text : '')).join('') ?? '';
}

const SERVERS = [
  { name: 'files', command: '/usr/bin/true', args: ['--serve'], env: { FILES_TOKEN: 'secret-1' } },
  { name: 'web', type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer secret-2' } },
  { name: 'events', type: 'sse', url: 'https://mcp.example.com/sse' },
];

describe('MCP servers and per-agent defaults', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;

  before(async () => {
    api = await activateExtension();
  });

  after(async () => {
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('mcpServers', undefined, vscode.ConfigurationTarget.Global);
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  async function mcpServersSeenBy(scenario: string): Promise<unknown> {
    await useScriptedAgent(api, scenario);
    const session = await api.sessions.newSession();
    await api.sessions.prompt('which MCP servers?');
    return JSON.parse(lastAgentText(session));
  }

  it('session/new carries the setting\'s servers; http only to an agent that takes http, sse to none that does not', async () => {
    await vscode.workspace.getConfiguration('acp').update('mcpServers', SERVERS, vscode.ConfigurationTarget.Global);
    assert.deepEqual(await mcpServersSeenBy('mcp-http'), [
      { name: 'files', command: '/usr/bin/true', args: ['--serve'], env: [{ name: 'FILES_TOKEN', value: 'secret-1' }] },
      { type: 'http', name: 'web', url: 'https://mcp.example.com/mcp', headers: [{ name: 'Authorization', value: 'Bearer secret-2' }] },
    ]);
    assert.deepEqual(await mcpServersSeenBy('mcp-stdio'), [
      { name: 'files', command: '/usr/bin/true', args: ['--serve'], env: [{ name: 'FILES_TOKEN', value: 'secret-1' }] },
    ]);
  });

  it('a config option value the user chose is re-applied to the agent\'s next session', async () => {
    await useScriptedAgent(api, 'defaults-config');
    const first = await api.sessions.newSession();
    const value = (session: Session, id: string) => session.state.header.configOptions.find((o) => o.id === id)?.currentValue;
    assert.equal(value(first, 'model'), 'fast');
    await api.composer.handle({ type: 'setConfigOption', configId: 'model', value: 'deep', sessionKey: first.key });
    await api.composer.handle({ type: 'setConfigOption', configId: 'brave', value: true, sessionKey: first.key });

    const second = await api.sessions.newSession();
    assert.notEqual(second.sessionId, first.sessionId);
    assert.equal(value(second, 'model'), 'deep', 'the agent took the remembered model (its set_config_option answer)');
    assert.equal(value(second, 'brave'), true);
    assert.equal(value(second, 'mode'), 'ask', 'what was not chosen stays the agent\'s default');
  });

  it('a mode the user chose is re-applied with session/set_mode where the agent offers only modes', async () => {
    await useScriptedAgent(api, 'defaults-modes');
    const first = await api.sessions.newSession();
    assert.equal(first.state.header.currentModeId, 'ask');
    await api.composer.handle({ type: 'setMode', modeId: 'code', sessionKey: first.key });
    const second = await api.sessions.newSession();
    assert.equal(second.state.header.currentModeId, 'code');
  });
});
