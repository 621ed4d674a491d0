// Two requests from the agent with the same id: the first keeps its answer, the second gets -32600 at once.
import * as assert from 'node:assert/strict';
import { CancellationToken, NullLogger } from 'vscode-jsonrpc/node';
import { AcpClientConnection } from '../../../src/acp/clientConnection';
import { duplicateIdMessage } from '../../../src/acp/duplicateRequests';
import { NdjsonMessageReader, NdjsonMessageWriter } from '../../../src/acp/ndjson';
import { WireAgent, WireMessage } from './wireAgent';

const cancelled = { outcome: { outcome: 'cancelled' } };

interface Call {
  params: unknown;
  token: CancellationToken;
  answer(value: unknown): void;
}

function connect(agent: WireAgent, calls: Call[]): AcpClientConnection {
  return new AcpClientConnection(
    new NdjsonMessageReader(agent.toClient),
    new NdjsonMessageWriter(agent.fromClient),
    {
      sessionUpdate: () => undefined,
      sessionRequest: (_method, params, token) =>
        new Promise((resolve) => {
          token.onCancellationRequested(() => resolve(cancelled));
          calls.push({ params, token, answer: resolve });
        }),
    },
    NullLogger,
  );
}

function permission(id: number | string, tag: string): string {
  return `${JSON.stringify({ jsonrpc: '2.0', id, method: 'session/request_permission', params: { sessionId: 's', tag, toolCall: { toolCallId: 't' }, options: [] } })}\n`;
}

function responsesTo(agent: WireAgent, id: number | string): WireMessage[] {
  return agent.received.filter((m) => m.id === id && m.method === undefined);
}

/** The answer to a later request proves that everything the client wrote before it has arrived. */
async function settle(agent: WireAgent, id: string): Promise<void> {
  agent.send({ id, method: 'nope' });
  await agent.responseTo(id);
}

describe('duplicate request ids from the agent', () => {
  let agent: WireAgent;
  let calls: Call[];
  let connection: AcpClientConnection;

  beforeEach(() => {
    agent = new WireAgent();
    calls = [];
    connection = connect(agent, calls);
  });

  afterEach(() => connection.dispose());

  it('answers the second of two requests queued together with -32600; the first is handled and answered', async () => {
    agent.toClient.write(permission(5, 'first') + permission(5, 'second'));
    const refused = await agent.responseTo(5);
    assert.deepEqual(refused.error, { code: -32600, message: duplicateIdMessage(5) });
    await settle(agent, 'x1');
    assert.equal(calls.length, 1);
    assert.equal((calls[0]!.params as { tag: string }).tag, 'first');
    calls[0]!.answer({ outcome: { outcome: 'selected', optionId: 'ok' } });
    await agent.next((m) => m.id === 5 && m.result !== undefined);
    await settle(agent, 'x2');
    assert.deepEqual(
      responsesTo(agent, 5).map((m) => m.result ?? m.error?.code),
      [-32600, { outcome: { outcome: 'selected', optionId: 'ok' } }],
    );
  });

  it('refuses a duplicate of a request that is already running, and the cancel still reaches the first', async () => {
    agent.toClient.write(permission('abc', 'first'));
    await settle(agent, 'x1');
    assert.equal(calls.length, 1);
    agent.toClient.write(permission('abc', 'second'));
    const refused = await agent.responseTo('abc');
    assert.equal(refused.error?.code, -32600);
    await settle(agent, 'x2');
    assert.equal(calls.length, 1, 'the duplicate never reaches a handler');
    agent.send({ method: '$/cancel_request', params: { requestId: 'abc' } });
    const answered = await agent.next((m) => m.id === 'abc' && m.result !== undefined);
    assert.deepEqual(answered.result, cancelled);
    assert.equal(calls[0]!.token.isCancellationRequested, true);
    await settle(agent, 'x3');
    assert.equal(responsesTo(agent, 'abc').length, 2);
  });

  it('accepts the id again once the first request is answered', async () => {
    agent.toClient.write(permission(9, 'first'));
    await settle(agent, 'x1');
    calls[0]!.answer({ outcome: { outcome: 'selected', optionId: 'a' } });
    await agent.responseTo(9);
    agent.toClient.write(permission(9, 'again'));
    await settle(agent, 'x2');
    assert.equal(calls.length, 2);
    calls[1]!.answer({ outcome: { outcome: 'selected', optionId: 'b' } });
    await agent.next((m) => m.id === 9 && (m.result as { outcome?: { optionId?: string } } | undefined)?.outcome?.optionId === 'b');
    assert.deepEqual(responsesTo(agent, 9).map((m) => m.error?.code), [undefined, undefined]);
  });

  it('tells the number id 1 from the string id "1"', async () => {
    agent.toClient.write(permission(1, 'number'));
    await settle(agent, 'x1');
    agent.toClient.write(permission('1', 'string'));
    await settle(agent, 'x2');
    assert.equal(calls.length, 2);
    assert.equal(responsesTo(agent, 1).length + responsesTo(agent, '1').length, 0);
  });
});
