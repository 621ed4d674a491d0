import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import type { Message } from 'vscode-jsonrpc/node';
import { NdjsonMessageWriter } from '../../../src/acp/ndjson';
import { readToEnd } from './harness';

function notification(method: string, params: object): Message & { method: string; params: object } {
  return { jsonrpc: '2.0', method, params };
}

describe('NdjsonMessageWriter', () => {
  it('writes one compact JSON object per line, each ended by \\n', async () => {
    const stream = new PassThrough();
    const output = readToEnd(stream);
    const writer = new NdjsonMessageWriter(stream);
    const first = notification('a', { text: 'line one\nline two', emoji: '😀' });
    const second = { jsonrpc: '2.0', id: 'x-1', result: { ok: true } };
    await writer.write(first);
    await writer.write(second);
    writer.end();
    const text = await output;
    assert.equal(text, JSON.stringify(first) + '\n' + JSON.stringify(second) + '\n');
    assert.equal(text.split('\n').length, 3, 'an embedded newline is escaped, never raw');
  });

  it('keeps the order of writes that are not awaited', async () => {
    const stream = new PassThrough();
    const output = readToEnd(stream);
    const writer = new NdjsonMessageWriter(stream);
    const sent = Array.from({ length: 500 }, (_, i) => notification('n', { i, pad: 'x'.repeat(i * 37) }));
    await Promise.all(sent.map((message) => writer.write(message)));
    writer.end();
    const lines = (await output).split('\n');
    assert.equal(lines.pop(), '');
    assert.deepEqual(lines.map((text) => JSON.parse(text) as unknown), sent);
  });

  it('rejects a failed write and fires the error event once, with the message', async () => {
    const failure = new Error('EPIPE: broken pipe');
    const stream = new Writable({
      write(_chunk, _encoding, callback) {
        callback(failure);
      },
    });
    const writer = new NdjsonMessageWriter(stream);
    const fired: Array<[Error, Message | undefined, number | undefined]> = [];
    writer.onError((event) => fired.push(event));
    const message = notification('a', {});
    await assert.rejects(writer.write(message), failure);
    await new Promise<void>((resolve) => setImmediate(resolve));
    assert.equal(fired.length, 1);
    assert.equal(fired[0]![0], failure);
    assert.equal(fired[0]![1], message);
    assert.equal(fired[0]![2], 1);
  });

  it('rejects a write to a destroyed stream without an uncaught error', async () => {
    const stream = new PassThrough();
    const writer = new NdjsonMessageWriter(stream);
    const fired: Error[] = [];
    writer.onError(([error]) => fired.push(error));
    stream.destroy();
    await assert.rejects(writer.write(notification('a', {})));
    assert.equal(fired.length, 1);
  });

  it('rejects a message that cannot be serialized', async () => {
    const writer = new NdjsonMessageWriter(new PassThrough());
    const fired: Error[] = [];
    writer.onError(([error]) => fired.push(error));
    const message = { jsonrpc: '2.0', method: 'm', params: { n: BigInt(1) } };
    await assert.rejects(writer.write(message));
    assert.equal(fired.length, 1);
  });

  it('end() ends the stream and the close of the stream fires the close event', async () => {
    const stream = new PassThrough();
    stream.resume();
    const writer = new NdjsonMessageWriter(stream);
    let closes = 0;
    writer.onClose(() => closes++);
    const finished = once(stream, 'finish');
    const streamClosed = once(stream, 'close');
    writer.end();
    await finished;
    await streamClosed;
    assert.equal(closes, 1);
  });
});
