import * as assert from 'node:assert/strict';
import { NullLogger } from 'vscode-jsonrpc/node';
import { AcpClientConnection, ProtocolVersionError } from '../../../src/acp/clientConnection';
import { NdjsonMessageReader, NdjsonMessageWriter } from '../../../src/acp/ndjson';
import { WireAgent } from './wireAgent';

const cancelled = { outcome: { outcome: 'cancelled' } };

function connect(agent: WireAgent, onPermission?: () => void): AcpClientConnection {
  return new AcpClientConnection(
    new NdjsonMessageReader(agent.toClient),
    new NdjsonMessageWriter(agent.fromClient),
    {
      sessionUpdate: () => undefined,
      sessionRequest: (_method, _params, token) =>
        new Promise((resolve) => {
          onPermission?.();
          token.onCancellationRequested(() => resolve(cancelled));
        }),
    },
    NullLogger,
  );
}

describe('ACP client connection', () => {
  it('initializes with protocol version 1, client info and capabilities', async () => {
    const agent = new WireAgent();
    const connection = connect(agent);
    const result = connection.initialize({ name: 'test', version: '1' }, { fs: { readTextFile: false, writeTextFile: false }, terminal: false });
    const request = await agent.request('initialize');
    assert.deepEqual(request.params, {
      protocolVersion: 1,
      clientInfo: { name: 'test', version: '1' },
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    });
    agent.send({ id: request.id, result: { protocolVersion: 1, agentCapabilities: {} } });
    assert.equal((await result).protocolVersion, 1);
    connection.dispose();
  });

  it('ends the connection when the agent negotiates another protocol version', async () => {
    const agent = new WireAgent();
    const connection = connect(agent);
    const result = connection.initialize({ name: 'test', version: '1' }, {});
    const request = await agent.request('initialize');
    agent.send({ id: request.id, result: { protocolVersion: 2 } });
    await assert.rejects(result, (error: unknown) => error instanceof ProtocolVersionError && /version 2/.test(error.message) && /only version 1/.test(error.message));
    await assert.rejects(connection.newSession({ cwd: '/tmp', mcpServers: [] }));
  });

  it('answers an unknown request with -32601 and keeps the string id', async () => {
    const agent = new WireAgent();
    const connection = connect(agent);
    agent.send({ id: 'abc-123', method: 'craft/drainMidTurnQueue', params: {} });
    const response = await agent.responseTo('abc-123');
    assert.equal(response.error?.code, -32601);
    connection.dispose();
  });

  it('ignores unknown notifications and keeps working', async () => {
    const agent = new WireAgent();
    const connection = connect(agent);
    agent.send({ method: 'x/unknown', params: { a: 1 } });
    agent.send({ id: 7, method: 'nope' });
    const response = await agent.responseTo(7);
    assert.equal(response.error?.code, -32601);
    connection.dispose();
  });

  it('answers a permission request the agent withdraws with $/cancel_request exactly once, with the cancelled outcome', async () => {
    const agent = new WireAgent();
    let opened!: () => void;
    const handlerRan = new Promise<void>((resolve) => (opened = resolve));
    const connection = connect(agent, () => opened());
    agent.send({ id: 41, method: 'session/request_permission', params: { sessionId: 's', toolCall: { toolCallId: 't' }, options: [] } });
    await handlerRan;
    agent.send({ method: '$/cancel_request', params: { requestId: 41 } });
    const response = await agent.responseTo(41);
    assert.deepEqual(response.result, cancelled);
    // A later message proves no second answer was queued before it.
    agent.send({ id: 42, method: 'nope' });
    await agent.responseTo(42);
    assert.equal(agent.received.filter((m) => m.id === 41).length, 1);
    connection.dispose();
  });
});
