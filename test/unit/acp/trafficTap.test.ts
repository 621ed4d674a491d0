import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Message, NullLogger } from 'vscode-jsonrpc/node';
import { AcpClientConnection } from '../../../src/acp/clientConnection';
import { NdjsonMessageReader, NdjsonMessageWriter } from '../../../src/acp/ndjson';
import { TappedReader, TappedWriter, TrafficDirection, TrafficObserver } from '../../../src/acp/trafficTap';
import { WireAgent } from './wireAgent';

class Recording implements TrafficObserver {
  enabled = true;
  readonly seen: [TrafficDirection, Message][] = [];
  record(direction: TrafficDirection, message: Message): void {
    this.seen.push([direction, message]);
  }
}

function connect(agent: WireAgent, traffic: TrafficObserver): AcpClientConnection {
  return new AcpClientConnection(
    new TappedReader(new NdjsonMessageReader(agent.toClient), traffic),
    new TappedWriter(new NdjsonMessageWriter(agent.fromClient), traffic),
    { sessionUpdate: () => undefined, sessionRequest: () => Promise.resolve(null) },
    NullLogger,
  );
}

describe('traffic tap', () => {
  it('records every message in both directions, in order', async () => {
    const agent = new WireAgent();
    const traffic = new Recording();
    const connection = connect(agent, traffic);
    const result = connection.initialize({ name: 't', version: '1' }, {});
    const request = await agent.request('initialize');
    agent.send({ method: 'session/update', params: { sessionId: 's', update: { sessionUpdate: 'plan', entries: [] } } });
    agent.send({ id: request.id, result: { protocolVersion: 1 } });
    await result;
    assert.deepEqual(
      traffic.seen.map(([direction, message]) => [direction, 'method' in message ? message.method : 'response']),
      [
        ['client→agent', 'initialize'],
        ['agent→client', 'session/update'],
        ['agent→client', 'response'],
      ],
    );
    connection.dispose();
  });

  it('records nothing while disabled, and messages still flow', async () => {
    const agent = new WireAgent();
    const traffic = new Recording();
    traffic.enabled = false;
    const connection = connect(agent, traffic);
    const result = connection.initialize({ name: 't', version: '1' }, {});
    const request = await agent.request('initialize');
    agent.send({ id: request.id, result: { protocolVersion: 1 } });
    await result;
    assert.equal(traffic.seen.length, 0);
    connection.dispose();
  });

  it('passes close events of the wrapped reader through', async () => {
    const stream = new PassThrough();
    const reader = new TappedReader(new NdjsonMessageReader(stream), new Recording());
    const closed = new Promise<void>((resolve) => reader.onClose(() => resolve()));
    reader.listen(() => undefined);
    stream.end();
    await closed;
  });
});
