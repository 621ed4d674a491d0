// The connection's `dispatched()`: an agent's burst of messages read at once sits in vscode-jsonrpc's queue (one
// message dispatched per turn of the event loop); `dispatched()` resolves only when all of it has reached the handlers.
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Logger } from 'vscode-jsonrpc/node';
import { AcpClientConnection } from '../../../src/acp/clientConnection';
import { NdjsonMessageReader, NdjsonMessageWriter } from '../../../src/acp/ndjson';
import { ChunkFeeder } from './harness';

function update(index: number): string {
  return `${JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { index } } })}\n`;
}

function burst(from: number, count: number): string {
  return Array.from({ length: count }, (_, offset) => update(from + offset)).join('');
}

interface Connected {
  connection: AcpClientConnection;
  output: ChunkFeeder;
  received: number[];
  logged: string[];
}

function connected(): Connected {
  const output = new ChunkFeeder();
  const received: number[] = [];
  const logged: string[] = [];
  const note = (message: string): void => void logged.push(message);
  const logger: Logger = { error: note, warn: note, info: note, log: note };
  const connection = new AcpClientConnection(
    new NdjsonMessageReader(output.asStream()),
    new NdjsonMessageWriter(new PassThrough()),
    {
      sessionUpdate: (params) => received.push((params as { update: { index: number } }).update.index),
      sessionRequest: () => Promise.reject(new Error('unexpected')),
    },
    logger,
  );
  return { connection, output, received, logged };
}

describe('the connection knows when the agent\'s messages are dispatched', () => {
  it('after the output ends, resolves only once every message in it reached its handler', async () => {
    const { connection, output, received } = connected();
    output.feed(burst(0, 500));
    output.end();
    assert.ok(received.length < 500, 'the burst is still queued when the output has ended');
    await connection.dispatched();
    assert.deepEqual(received, Array.from({ length: 500 }, (_, index) => index));
    connection.dispose();
    assert.equal(received.length, 500, 'nothing was left in the queue to lose');
  });

  it('while the output is open, resolves once what was read so far is dispatched', async () => {
    const { connection, output, received } = connected();
    output.feed(burst(0, 200));
    const first = connection.dispatched();
    output.feed(burst(200, 200));
    await first;
    assert.ok(received.length >= 200 && received.length < 400, `the first burst dispatched (${received.length} so far)`);
    await connection.dispatched();
    assert.equal(received.length, 400);
    connection.dispose();
  });

  it('never hands its marker to a handler, and a notification of the same name from the agent is just unknown', async () => {
    const { connection, output, logged } = connected();
    output.feed(`${JSON.stringify({ jsonrpc: '2.0', method: '$/acpClient/dispatched' })}\n`);
    output.end();
    await connection.dispatched();
    assert.deepEqual(logged, ['Ignored notification $/acpClient/dispatched'], 'only the agent\'s notification was seen');
    connection.dispose();
  });

  it('resolves when the connection is disposed with messages still queued', async () => {
    const { connection, output, received } = connected();
    output.feed(burst(0, 500));
    const waiting = connection.dispatched();
    connection.dispose();
    await waiting;
    assert.ok(received.length < 500, 'the queue was dropped, and the wait did not hang');
  });
});
