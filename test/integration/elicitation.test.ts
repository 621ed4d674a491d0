// Elicitations end to end with the scripted agent in the real extension host: the agent's elicitation/create
// shows as an entry, the user's accept / decline / cancel reaches the agent (which says what it got), a cancelled
// turn settles an open elicitation with `cancel`, and a mode the client does not offer is refused with -32602.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { AgentMessageEntry, ElicitationEntry, SessionChange } from '../../src/shared/transcript/model';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

function agentSaid(session: Session): string {
  return session.state.entries
    .filter((e): e is AgentMessageEntry => e.kind === 'agent')
    .map((e) => e.content.map((b) => (b.type === 'text' ? b.text : '')).join(''))
    .join('\n');
}

function openElicitation(session: Session): ElicitationEntry | undefined {
  return session.state.entries.find((e): e is ElicitationEntry => e.kind === 'elicitation' && e.outcome === undefined);
}

async function asked(session: Session): Promise<ElicitationEntry> {
  const now = openElicitation(session);
  if (now) return now;
  await waitFor<SessionChange>(session.onDidChange, () => openElicitation(session) !== undefined);
  const entry = openElicitation(session);
  assert.ok(entry);
  return entry;
}

describe('elicitation with a scripted agent', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  let session: Session;

  before(async () => {
    api = await activateExtension();
    await useScriptedAgent(api, 'elicitation');
    await vscode.commands.executeCommand('acp.newSession');
    assert.ok(api.sessions.session);
    session = api.sessions.session;
  });

  after(async () => {
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('accepts a form: invalid values are refused, the checked content reaches the agent', async () => {
    const turn = api.sessions.prompt('Fill the form');
    const entry = await asked(session);
    assert.ok(entry.request.mode === 'form');
    assert.deepEqual(entry.request.form.fields.map((f) => f.kind), ['text', 'select', 'number', 'boolean']);
    const refused = session.answerElicitation(entry.requestKey, { action: 'accept', values: { name: 'Bad Name', strategy: 'balanced', port: '3000', logging: true } });
    assert.ok(!refused.ok && refused.errors?.name, 'the pattern is checked on the host');
    assert.ok(session.answerElicitation(entry.requestKey, { action: 'accept', values: { name: 'my-app', strategy: 'conservative', port: '8080', logging: false } }).ok);
    await turn;
    assert.match(agentSaid(session), /Got: \{"name":"my-app","strategy":"conservative","port":8080,"logging":false\}/);
    assert.equal(entry.outcome, 'accept');
  });

  it('declines and dismisses a form; the agent hears which', async () => {
    let turn = api.sessions.prompt('Form again');
    let entry = await asked(session);
    session.answerElicitation(entry.requestKey, { action: 'decline' });
    await turn;
    assert.match(agentSaid(session), /You declined \(decline\)\./);
    turn = api.sessions.prompt('One more form');
    entry = await asked(session);
    session.answerElicitation(entry.requestKey, { action: 'cancel' });
    await turn;
    assert.match(agentSaid(session), /You dismissed it \(cancel\)\./);
  });

  it('accepts a URL elicitation only through the user, then takes elicitation/complete', async () => {
    const turn = api.sessions.prompt('Open the url');
    const entry = await asked(session);
    assert.ok(entry.request.mode === 'url');
    assert.equal(entry.request.url, 'https://agent.example.invalid/connect?elicitationId=oauth-1');
    const result = session.answerElicitation(entry.requestKey, { action: 'accept' });
    assert.deepEqual(result, { ok: true, openUrl: 'https://agent.example.invalid/connect?elicitationId=oauth-1' });
    await turn;
    assert.match(agentSaid(session), /You agreed to open it \(accept\)\./);
    if (!entry.completed) await waitFor<SessionChange>(session.onDidChange, () => entry.completed === true);
    assert.equal(entry.completed, true);
  });

  it('settles an open elicitation with cancel when the user cancels the turn', async () => {
    const turn = api.sessions.prompt('wait for me');
    const entry = await asked(session);
    await vscode.commands.executeCommand('acp.cancelTurn');
    await turn;
    assert.equal(entry.outcome, 'cancel');
    assert.equal(session.state.header.lastStopReason, 'cancelled');
    assert.match(agentSaid(session), /Cancelled while asking; the answer was cancel\./);
  });

  it('refuses a mode it does not offer with -32602', async () => {
    await api.sessions.prompt('custom mode');
    assert.match(agentSaid(session), /The client said: error -32602\./);
  });

  it('shows agent notices and compaction rows', async () => {
    await api.sessions.prompt('compact now');
    const notice = session.state.entries.find((e) => e.kind === 'notice' && e.source === 'agent');
    assert.ok(notice?.kind === 'notice' && notice.text === 'MCP server unavailable' && notice.detail === 'Continuing without it.');
    const row = session.state.entries.find((e) => e.kind === 'compaction');
    assert.ok(row?.kind === 'compaction' && row.status === 'completed');
    assert.deepEqual(row.summary, [{ type: 'text', text: '## Retained context\n\nThe user is setting up a project.' }]);
  });
});
