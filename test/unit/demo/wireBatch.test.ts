// The scripted agent's batch: requests written in one write, repeated ids, cancels, responses in arrival order.
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { silentLog } from '../../../src/demo/log';
import { Wire } from '../../../src/demo/wire';

function linesOf(stream: PassThrough): { chunks: string[] } {
  const seen = { chunks: [] as string[] };
  stream.on('data', (chunk: Buffer) => seen.chunks.push(chunk.toString('utf8')));
  return seen;
}

describe('scripted agent wire: batch', () => {
  it('writes every request and its cancel in one write, and settles once each id has its responses', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written = linesOf(output);
    const wire = new Wire(input, output, silentLog);
    wire.start({ request: () => Promise.resolve(null), notification: () => undefined, closed: () => undefined });
    const answers = wire.batch([
      { method: 'a', params: { n: 1 }, id: 'same' },
      { method: 'b', id: 'same' },
      { method: 'c', cancel: true },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(written.chunks.length, 1, 'one write');
    const lines = written.chunks[0]!.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(lines, [
      { jsonrpc: '2.0', id: 'same', method: 'a', params: { n: 1 } },
      { jsonrpc: '2.0', id: 'same', method: 'b' },
      { jsonrpc: '2.0', id: 0, method: 'c' },
      { jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 0 } },
    ]);
    input.write('{"jsonrpc":"2.0","id":"same","error":{"code":-32600,"message":"dup"}}\n');
    input.write('{"jsonrpc":"2.0","id":0,"error":{"code":-32800,"message":"Request cancelled"}}\n');
    input.write('{"jsonrpc":"2.0","id":"same","result":{"ok":true}}\n');
    assert.deepEqual(await answers, [
      { id: 'same', error: { code: -32600, message: 'dup' } },
      { id: 0, error: { code: -32800, message: 'Request cancelled' } },
      { id: 'same', result: { ok: true } },
    ]);
  });
});
