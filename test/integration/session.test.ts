// A real turn and a real cancel with the scripted agent, inside the VS Code extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { AgentMessageEntry, SessionChange } from '../../src/shared/transcript/model';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

function agentText(entry: AgentMessageEntry): string {
  return entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe('a session with a scripted agent', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;

  before(async () => {
    api = await activateExtension();
  });

  after(async () => {
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('completes a turn: the streamed answer arrives and the turn ends with end_turn', async () => {
    await useScriptedAgent(api, 'hello');
    await vscode.commands.executeCommand('acp.newSession');
    const session = api.sessions.session;
    assert.ok(session, 'acp.newSession created a session');
    assert.equal(api.sessions.agent?.status, 'ready');

    await api.sessions.prompt('Say hello');

    const entries = session.state.entries;
    assert.equal(entries[0].kind, 'user');
    const answer = entries.find((e): e is AgentMessageEntry => e.kind === 'agent');
    assert.ok(answer, 'an agent message was streamed');
    assert.match(agentText(answer), /Hello from the scripted agent/);
    assert.equal(session.state.header.lastStopReason, 'end_turn');
    assert.equal(session.state.header.turn, 'idle');
  });

  it('cancels a turn: session/cancel is sent, the turn ends cancelled, updates after cancel are applied', async () => {
    await useScriptedAgent(api, 'cancel');
    await vscode.commands.executeCommand('acp.newSession');
    const session = api.sessions.session;
    assert.ok(session);

    const streaming = waitFor<SessionChange>(session.onDidChange, () =>
      session.state.entries.some((e) => e.kind === 'agent'),
    );
    const turn = api.sessions.prompt('Start something long');
    await streaming;
    assert.equal(session.state.header.turn, 'running');

    await vscode.commands.executeCommand('acp.cancelTurn');
    await turn;

    assert.equal(session.state.header.lastStopReason, 'cancelled');
    assert.equal(session.state.header.turn, 'idle');
    const notices = session.state.entries.filter((e) => e.kind === 'notice');
    assert.ok(notices.some((n) => n.kind === 'notice' && n.text === 'Cancelled.'), 'the user is told the turn was cancelled');
    const texts = session.state.entries.filter((e): e is AgentMessageEntry => e.kind === 'agent').map(agentText);
    assert.ok(texts.some((t) => /after cancel/.test(t)), `the update sent after session/cancel was applied: ${JSON.stringify(texts)}`);
    const tool = session.state.entries.find((e) => e.kind === 'tool_call');
    assert.equal(tool?.kind === 'tool_call' && tool.status, 'failed', "the agent's own final status for its tool call wins over our preemptive 'cancelled'");
  });
});
