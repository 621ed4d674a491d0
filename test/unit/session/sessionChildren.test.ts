import * as assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import type { PromptRequest, PromptResponse, RequestPermissionResponse } from '../../../src/shared/acp';
import { Session, SessionTransport } from '../../../src/session/session';
import type { PermissionGate, PermissionQuestion } from '../../../src/session/permissionGate';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { SubagentEntry } from '../../../src/shared/transcript/subagentModel';
import { childEntryKey } from '../../../src/shared/transcript/subagentModel';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import { ENTRY_TEXT_CAP } from '../../../src/shared/transcript/transcriptCaps';
import type { TranscriptSpill } from '../../../src/session/transcriptSpill';
import { ChildRoutes } from '../../../src/acp/childRoutes';

class Transport implements SessionTransport {
  cancels: string[] = [];
  prompt(_params: PromptRequest): Promise<PromptResponse> {
    return new Promise(() => undefined);
  }
  cancel(sessionId: string): Promise<void> {
    this.cancels.push(sessionId);
    return Promise.resolve();
  }
}

const scope = { sessionKey: 'k1' as SessionKey, sessionId: 'parent', cwd: '/work', roots: ['/work'] };
const options = [
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

function row(session: Session, childId = 'kid'): SubagentEntry {
  const entry = session.state.entries.find((item) => item.kind === 'subagent' && item.childSessionId === childId);
  assert.ok(entry?.kind === 'subagent');
  return entry;
}

function until(session: Session, check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const subscription = session.onDidChange(() => {
      if (!check()) return;
      subscription.dispose();
      resolve();
    });
  });
}

function announce(session: Session, fields: Record<string, unknown> = {}): void {
  session.sessionUpdate({ sessionId: 'parent', update: { sessionUpdate: 'subagent_update', sessionId: 'kid', title: 'Explorer', ...fields } });
}

describe('a session with subagents', () => {
  it("routes updates under the child's sessionId to the child's thread, not to the parent's transcript", () => {
    const session = new Session(scope, () => new Transport());
    announce(session);
    session.sessionUpdate({ sessionId: 'kid', update: { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Read a.ts', kind: 'read', status: 'in_progress' } });
    session.sessionUpdate({ sessionId: 'stranger', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'lost' } } });
    assert.deepEqual(session.state.entries.map((entry) => entry.kind), ['subagent']);
    assert.deepEqual(row(session).entries.map((entry) => entry.kind), ['tool_call']);
  });

  it("shows a child's permission request in its thread, counts it on the row, and the answer reaches the agent", async () => {
    const questions: PermissionQuestion[] = [];
    const gate: PermissionGate = { consider: (question) => (questions.push(question), Promise.resolve({ settled: () => undefined })) };
    const session = new Session(scope, () => new Transport(), [], () => undefined, Date.now, gate);
    announce(session);
    const answer = session.handleRequest(
      'session/request_permission',
      { sessionId: 'kid', toolCall: { toolCallId: 'w1', title: 'Write b.ts', kind: 'edit', status: 'pending' }, options },
      new CancellationTokenSource().token,
    ) as Promise<RequestPermissionResponse>;
    await until(session, () => row(session).waiting === 1);
    const call = row(session).entries.find((entry) => entry.kind === 'tool_call');
    assert.ok(call?.kind === 'tool_call' && call.permission);
    assert.equal(questions[0].sessionId, 'kid', 'the policy and its log see the child');
    assert.equal(questions[0].subagent, 'Explorer');
    assert.ok(session.choosePermission(call.permission.requestKey, 'yes'));
    assert.deepEqual(await answer, { outcome: { outcome: 'selected', optionId: 'yes' } });
    assert.equal(row(session).waiting, 0);
  });

  it('cancels a child alone with session/cancel on its id when it advertises cancel, answering its open request', async () => {
    const transport = new Transport();
    const session = new Session(scope, () => transport);
    announce(session, { capabilities: { cancel: {} }, state: { state: 'running' } });
    const answer = session.handleRequest(
      'session/request_permission',
      { sessionId: 'kid', toolCall: { toolCallId: 'w1', title: 'Write', kind: 'edit', status: 'pending' }, options },
      new CancellationTokenSource().token,
    ) as Promise<RequestPermissionResponse>;
    await until(session, () => row(session).waiting === 1);
    await session.cancelSubagent('kid');
    assert.deepEqual(transport.cancels, ['kid']);
    assert.deepEqual(await answer, { outcome: { outcome: 'cancelled' } });
    assert.equal(row(session).cancelling, true);
  });

  it('refuses to cancel a child that does not advertise cancel (nothing is sent)', async () => {
    const transport = new Transport();
    const session = new Session(scope, () => transport);
    announce(session, { capabilities: { cancel: null } });
    await assert.rejects(session.cancelSubagent('kid'), /cannot be stopped on its own/);
    await assert.rejects(session.cancelSubagent('nobody'), /not part of this session/);
    assert.deepEqual(transport.cancels, []);
  });

  it("a child's questions live in its thread: a URL one is completed there, and Stop answers an open one cancel", async () => {
    const session = new Session(scope, () => new Transport());
    announce(session, { capabilities: { cancel: {} }, state: { state: 'running' } });
    const token = new CancellationTokenSource().token;
    const url = session.handleRequest('elicitation/create', { sessionId: 'kid', mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'el-1' }, token);
    const asked = row(session).entries.find((item) => item.kind === 'elicitation');
    assert.ok(asked?.kind === 'elicitation');
    assert.equal(row(session).waiting, 1);
    assert.deepEqual(session.answerElicitation(asked.requestKey, { action: 'accept' }), { ok: true, openUrl: 'https://example.com/login' });
    assert.deepEqual(await url, { action: 'accept' });
    session.elicitationComplete({ elicitationId: 'el-1' });
    const done = row(session).entries.find((item) => item.kind === 'elicitation');
    assert.ok(done?.kind === 'elicitation' && done.completed, "completed in the child's thread");
    const form = session.handleRequest('elicitation/create', { sessionId: 'kid', mode: 'form', message: 'Port?', requestedSchema: { type: 'object', properties: {} } }, token);
    assert.equal(row(session).waiting, 1);
    await session.cancelSubagent('kid');
    assert.deepEqual(await form, { action: 'cancel' });
    assert.equal(row(session).waiting, 0);
    assert.equal(session.state.entries.filter((item) => item.kind === 'elicitation').length, 0, 'none in the parent');
  });

  it('once a load is answered, children the replay left working are history until they are heard from again', () => {
    const session = new Session(scope, () => new Transport());
    announce(session, { state: { state: 'running' } });
    session.sessionUpdate({ sessionId: 'parent', update: { sessionUpdate: 'subagent_update', sessionId: 'done', state: { state: 'idle' } } });
    session.sessionUpdate({ sessionId: 'kid', update: { sessionUpdate: 'subagent_update', sessionId: 'grandkid', state: { state: 'requires_action' } } });
    session.applySetup({});
    const grandkid = (): SubagentEntry | undefined => row(session).entries.find((item): item is SubagentEntry => item.kind === 'subagent');
    assert.deepEqual([row(session).replayed, row(session, 'done').replayed, grandkid()?.replayed], [true, undefined, true]);
    session.sessionUpdate({ sessionId: 'kid', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'still here' } } });
    assert.equal(row(session).replayed, undefined, 'a live update: the child works');
    assert.equal(grandkid()?.replayed, true);
    session.sessionUpdate({ sessionId: 'kid', update: { sessionUpdate: 'subagent_update', sessionId: 'grandkid', state: { state: 'running' } } });
    assert.equal(grandkid()?.replayed, undefined, 'a new state: live again');
  });

  it("a child's message cut at its cap keeps its whole text under the child's key (not the parent's entry of the same id)", async () => {
    const spilled = new Map<string, string>();
    const dropped: TranscriptEntry[] = [];
    const spill: TranscriptSpill = {
      appendEntry: (entryId, text) => void spilled.set(entryId, (spilled.get(entryId) ?? '') + text),
      appendDropped: (entries) => void dropped.push(...entries),
      entryFile: (entryId) => Promise.resolve(spilled.has(entryId) ? `file of ${entryId}` : undefined),
      droppedFile: () => Promise.resolve(undefined),
      dispose: () => Promise.resolve(),
    };
    const session = new Session(scope, () => new Transport(), [], () => undefined, Date.now, undefined, spill);
    session.sessionUpdate({ sessionId: 'parent', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'parent' } } });
    announce(session);
    const huge = 'k'.repeat(ENTRY_TEXT_CAP + 10);
    session.sessionUpdate({ sessionId: 'kid', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: huge } } });
    const message = row(session).entries[0];
    assert.ok(message.kind === 'agent' && message.cut, "the child's message is cut");
    const key = childEntryKey('kid', message.id);
    assert.equal(spilled.get(key), huge, "the whole text, under the child's key");
    assert.equal(await session.fullMessageFile(key), `file of ${key}`);
    assert.equal(spilled.has(message.id), false, "nothing under the bare id, which may name a parent's entry");
  });
});

describe('child routes', () => {
  it('routes an announced child (and its children) to the owner of the session that announced it, until the owner goes', () => {
    const routes = new ChildRoutes<string>();
    const isSession = (id: string) => id === 'parent';
    routes.note({ sessionId: 'parent', update: { sessionUpdate: 'agent_message_chunk' } }, 'P', isSession);
    assert.equal(routes.get('parent'), undefined);
    routes.note({ sessionId: 'parent', update: { sessionUpdate: 'subagent_update', sessionId: 'kid' } }, 'P', isSession);
    routes.note({ sessionId: 'kid', update: { sessionUpdate: 'subagent_update', sessionId: 'grandkid' } }, routes.get('kid') ?? '', isSession);
    routes.note({ sessionId: 'x', update: { sessionUpdate: 'subagent_update', sessionId: 'parent' } }, 'Q', isSession);
    assert.equal(routes.get('kid'), 'P');
    assert.equal(routes.get('grandkid'), 'P');
    assert.equal(routes.get('parent'), undefined, 'a registered session is never re-routed');
    routes.forget('P');
    assert.equal(routes.get('kid'), undefined);
  });
});
