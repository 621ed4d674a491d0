// The scripted agent playing the test scenarios in test/fixtures/scenarios, driven over NDJSON.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Msg, Params, scenarioFile, TestClient } from './testClient';

describe('scripted agent: test scenarios', function () {
  this.timeout(15000);
  let client: TestClient | undefined;
  let cwd: string;

  beforeEach(() => {
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'scripted-agent-'));
  });

  afterEach(async () => {
    const failures = client?.failures ?? [];
    await client?.close();
    client = undefined;
    fs.rmSync(cwd, { recursive: true, force: true });
    if (failures.length > 0) throw failures[0];
  });

  const stopReason = (answer: Msg): unknown => (answer.result as Params | undefined)?.stopReason;

  it('hello.json streams a known answer in several chunks of one message, then end_turn', async () => {
    client = TestClient.scenario('hello.json');
    const { sessionId, init } = await client.start({}, cwd);
    const info = (init.result as Params).agentInfo as Params;
    assert.equal(info.title, 'Hello (scripted test agent)');
    assert.equal((init.result as Params).protocolVersion, 1);
    const answer = await client.prompt(sessionId, 'ping');
    assert.equal(stopReason(answer), 'end_turn');
    assert.equal(client.text(), 'Hello from the scripted agent! You said: ping');
    assert.equal(client.text('agent_thought_chunk'), 'A greeting is in order.');
    const chunks = client.updates().filter((update) => update.sessionUpdate === 'agent_message_chunk');
    assert.ok(chunks.length >= 5, `expected several chunks, got ${chunks.length}`);
    const ids = new Set(chunks.map((chunk) => chunk.messageId));
    assert.equal(ids.size, 1);
    assert.equal(typeof [...ids][0], 'string');
    const sessions = client.received.filter((message) => message.method === 'session/update').map((message) => (message.params as Params).sessionId);
    assert.ok(sessions.every((id) => id === sessionId));
  });

  it('cancel.json: after session/cancel the post-cancel updates arrive and the turn ends cancelled', async () => {
    client = TestClient.scenario('cancel.json');
    const { sessionId } = await client.start({}, cwd);
    const answer = client.prompt(sessionId, 'do the long thing');
    await client.waitFor((message) => (message.params as Params | undefined)?.update !== undefined && ((message.params as Params).update as Params).sessionUpdate === 'tool_call', 'the tool call');
    client.notify('session/cancel', { sessionId });
    assert.equal(stopReason(await answer), 'cancelled');
    assert.equal(client.text(), 'Working on itafter cancel');
    const last = client.updates().filter((update) => update.toolCallId === 'call_long').pop();
    assert.equal(last?.status, 'failed');
    const answerIndex = client.received.findIndex((message) => (message.result as Params | undefined)?.stopReason === 'cancelled');
    const afterIndex = client.received.findIndex((message) => JSON.stringify(message).includes('after cancel'));
    assert.ok(afterIndex !== -1 && afterIndex < answerIndex, 'the post-cancel update comes before the answer');
  });

  it('cancel.json: a cancel interrupts streaming, the onCancel steps play, stopReason cancelled', async () => {
    // Real pacing here: the cancel has to land while the text is still streaming.
    client = new TestClient(['--scenario', scenarioFile('cancel.json')]);
    const { sessionId } = await client.start({}, cwd);
    const answer = client.prompt(sessionId, 'slow please');
    await client.waitFor((message) => message.method === 'session/update', 'a first chunk');
    client.notify('session/cancel', { sessionId });
    assert.equal(stopReason(await answer), 'cancelled');
    const text = client.text();
    assert.ok(text.endsWith(' [interrupted]'), text);
    assert.ok(!text.includes('UNREACHABLE'));
    assert.ok(text.length < 60, `streaming should stop early, got ${JSON.stringify(text)}`);
  });

  for (const [optionId, status, said] of [
    ['allow', 'completed', 'Done (allow).'],
    ['reject', 'failed', 'OK, I left build/ alone (reject).'],
  ] as const) {
    it(`permission.json: answer "${optionId}" makes the tool call ${status}`, async () => {
      client = TestClient.scenario('permission.json');
      let asked: Params | undefined;
      client.handle('session/request_permission', (params) => {
        asked = params;
        return { outcome: { outcome: 'selected', optionId } };
      });
      const { sessionId } = await client.start({}, cwd);
      const answer = await client.prompt(sessionId, 'clean up');
      assert.equal(stopReason(answer), 'end_turn');
      assert.equal(asked?.sessionId, sessionId);
      assert.equal((asked?.toolCall as Params).toolCallId, 'call_perm');
      assert.deepEqual((asked?.options as Params[]).map((option) => option.kind), ['allow_once', 'reject_once']);
      const call = client.updates().find((update) => update.sessionUpdate === 'tool_call');
      assert.deepEqual(call?.locations, [{ path: `${cwd}/build` }]);
      const last = client.updates().filter((update) => update.toolCallId === 'call_perm').pop();
      assert.equal(last?.status, status);
      assert.equal(client.text(), said);
    });
  }

  it('permission.json: a cancelled permission answer ends the turn cancelled', async () => {
    client = TestClient.scenario('permission.json');
    let sessionId = '';
    client.handle('session/request_permission', () => {
      client?.notify('session/cancel', { sessionId });
      return { outcome: { outcome: 'cancelled' } };
    });
    ({ sessionId } = await client.start({}, cwd));
    assert.equal(stopReason(await client.prompt(sessionId, 'clean up')), 'cancelled');
    assert.equal(client.text(), '');
  });

  it('tool-calls.json reports tool calls with open kinds, statuses and content, and a plan', async () => {
    client = TestClient.scenario('tool-calls.json');
    const { sessionId } = await client.start({}, cwd);
    assert.equal(stopReason(await client.prompt(sessionId, 'go')), 'end_turn');
    const all = client.updates();
    const [starting, ...updates] = all;
    assert.deepEqual(
      updates.map((update) => update.sessionUpdate),
      ['plan', 'tool_call', 'tool_call_update', 'tool_call_update', 'tool_call', 'tool_call_update', 'tool_call_update', 'tool_call_update', 'tool_call_update', 'plan', 'agent_message_chunk', 'agent_message_chunk'],
    );
    assert.equal(client.text(), 'Starting.All tool calls reported.');
    assert.equal(updates[10].messageId, updates[11].messageId, 'consecutive says are one message');
    assert.notEqual(starting.messageId, updates[10].messageId, 'a say after tool calls starts a new message');
    assert.equal(updates[1].toolCallId, 'tc_read');
    assert.deepEqual(updates[1].locations, [{ path: `${cwd}/notes.txt`, line: 3 }]);
    assert.equal(updates[4].kind, '_custom');
    assert.equal(updates[5].status, 'paused');
    assert.deepEqual(updates[5].content, [{ type: '_custom_content', data: 42 }]);
    assert.deepEqual(updates[7], { sessionUpdate: 'tool_call_update', toolCallId: 'tc_custom', _meta: { note: 'an update with nothing but _meta' } });
    assert.equal(updates[8].toolCallId, 'tc_unannounced');
    assert.deepEqual(updates[0].entries, [
      { content: 'Look around', priority: 'high', status: 'in_progress' },
      { content: 'Report back', priority: 'low', status: 'pending' },
    ]);
    assert.deepEqual((updates[9].entries as Params[]).map((entry) => entry.status), ['completed', 'completed']);
  });
});
