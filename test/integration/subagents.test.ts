// Subagent sessions with the scripted agent in the real extension host: the client advertises `subagents` (the agent
// says what it was offered), a Task tool call's child gets its own thread with its thought, tool calls and permission
// request (answered like the parent's; the policy's log names the child), a child is stopped alone with
// session/cancel on its id while the parent's turn goes on, a child's question (elicitation/create under its id) is
// shown and answered in its thread (and answered cancelled when the child is stopped), and a child never announced is
// answered, not left hanging.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { AgentMessageEntry, ElicitationEntry, SessionChange } from '../../src/shared/transcript/model';
import type { SubagentEntry } from '../../src/shared/transcript/subagentModel';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

function agentSaid(session: Session): string {
  return session.state.entries
    .filter((entry): entry is AgentMessageEntry => entry.kind === 'agent')
    .map((entry) => entry.content.map((block) => (block.type === 'text' ? block.text : '')).join(''))
    .join('\n');
}

function child(session: Session, id: string): SubagentEntry | undefined {
  const entry = session.state.entries.find((item) => item.kind === 'subagent' && item.childSessionId === id);
  return entry?.kind === 'subagent' ? entry : undefined;
}

async function until(session: Session, check: () => boolean): Promise<void> {
  if (check()) return;
  await waitFor<SessionChange>(session.onDidChange, check);
}

describe('subagents with a scripted agent', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  let session: Session;

  before(async () => {
    api = await activateExtension();
    await useScriptedAgent(api, 'subagents');
    await vscode.commands.executeCommand('acp.newSession');
    assert.ok(api.sessions.session);
    session = api.sessions.session;
  });

  after(async () => {
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it("advertises subagents and builds the child's thread in the Task card; the child's permission is answered by the user", async () => {
    const turn = api.sessions.prompt('explore the code');
    await until(session, () => (child(session, 'explorer-1')?.waiting ?? 0) > 0);
    const entry = child(session, 'explorer-1');
    assert.ok(entry);
    assert.equal(entry.title, 'Explore the code');
    assert.equal(entry.linkedToolCallId, 'task_1', "the Task card's session content links it");
    assert.equal(entry.state?.state, 'running');
    assert.deepEqual(entry.entries.map((item) => item.kind), ['session_message', 'thought', 'tool_call', 'tool_call']);
    assert.equal(api.sessions.openSessions.length > 0, true);
    const asking = entry.entries.find((item) => item.kind === 'tool_call' && item.permission);
    assert.ok(asking?.kind === 'tool_call' && asking.permission, "the request shows in the child's thread");
    assert.equal(asking.title, 'Write notes.md');
    assert.ok(session.choosePermission(asking.permission.requestKey, 'allow_once'));
    await turn;
    assert.match(agentSaid(session), /Subagents are advertised\./, 'the agent was offered clientCapabilities.subagents');
    assert.match(agentSaid(session), /The subagent's permission: allow_once\./);
    const done = child(session, 'explorer-1');
    assert.equal(done?.state?.state, 'idle');
    const said = done?.entries.filter((item) => item.kind === 'agent').map((item) => (item.kind === 'agent' ? item.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : ''));
    assert.deepEqual(said, ['Child: notes written.']);
    const audit = api.policy.audit.all().at(-1);
    assert.equal(audit?.sessionId, 'explorer-1', "the permission log names the child's session");
    assert.equal(audit?.subagent, 'Explore the code');
  });

  it("stops a child alone (session/cancel on the child's id); the parent's turn goes on", async () => {
    const turn = api.sessions.prompt('stop the long runner');
    await until(session, () => child(session, 'runner-2')?.entries.some((item) => item.kind === 'agent') === true);
    await session.cancelSubagent('runner-2');
    await turn;
    assert.equal(session.state.header.lastStopReason, 'end_turn', 'the parent turn was not cancelled');
    assert.match(agentSaid(session), /The subagent was stopped; the parent goes on\./);
    const stopped = child(session, 'runner-2');
    assert.deepEqual([stopped?.state?.state, stopped?.state?.stopReason, stopped?.cancelling], ['idle', 'cancelled', undefined]);
  });

  it("shows a child's question in its thread (counted as waiting) and answers the child's request from there", async () => {
    const turn = api.sessions.prompt('child question');
    await until(session, () => (child(session, 'asker-3')?.waiting ?? 0) > 0);
    const entry = child(session, 'asker-3');
    const question = entry?.entries.find((item): item is ElicitationEntry => item.kind === 'elicitation');
    assert.ok(question, "the question is in the child's thread");
    assert.equal(question.message, 'Which port should the server use?');
    assert.equal(session.state.entries.filter((item) => item.kind === 'elicitation').length, 0, 'not a row of the parent');
    assert.equal(entry?.waiting, 1);
    assert.ok(session.answerElicitation(question.requestKey, { action: 'accept', values: { port: '8080' } }).ok);
    await turn;
    assert.match(agentSaid(session), /The subagent's question: accept\./);
    const done = child(session, 'asker-3');
    const answered = done?.entries.find((item): item is ElicitationEntry => item.kind === 'elicitation');
    assert.deepEqual([answered?.outcome, done?.waiting], ['accept', 0]);
    const said = done?.entries.filter((item) => item.kind === 'agent').map((item) => (item.kind === 'agent' ? item.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : ''));
    assert.deepEqual(said, ['Child: port {"port":8080}.']);
  });

  it("stopping a child answers its open question cancelled", async () => {
    const turn = api.sessions.prompt('abandoned question');
    await until(session, () => (child(session, 'asker-4')?.waiting ?? 0) > 0);
    await session.cancelSubagent('asker-4');
    await turn;
    assert.match(agentSaid(session), /The asking subagent was stopped\./);
    const stopped = child(session, 'asker-4');
    const question = stopped?.entries.find((item): item is ElicitationEntry => item.kind === 'elicitation');
    // The outcome is recorded when the answer goes to the agent (the agent may read it after the cancel).
    assert.deepEqual([question?.outcome, stopped?.waiting, stopped?.state?.stopReason], ['cancel', 0, 'cancelled']);
    assert.equal(session.state.header.lastStopReason, 'end_turn', 'the parent turn was not cancelled');
  });

  it('answers a permission request of a child never announced (no silent hang) and drops its updates', async () => {
    await api.sessions.prompt('ghost');
    assert.match(agentSaid(session), /Ghost permission: cancelled\. Ghost question: error -32602\./);
    assert.ok(!child(session, 'ghost-9'));
  });
});
