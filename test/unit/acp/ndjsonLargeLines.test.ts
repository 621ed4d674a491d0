import * as assert from 'node:assert/strict';
import type { Message } from 'vscode-jsonrpc/node';
import { InvalidLine, NdjsonMessageReader } from '../../../src/acp/ndjson';
import { heldTextOf } from '../../../src/shared/text/heldText';
import { ENTRY_TEXT_CAP } from '../../../src/shared/transcript/transcriptCaps';
import { ChunkFeeder, nextEvent } from './harness';

async function read(chunks: Array<Buffer | string>, largeLineBytes?: number): Promise<{ messages: Message[]; invalid: InvalidLine[] }> {
  const feeder = new ChunkFeeder();
  const result = { messages: [] as Message[], invalid: [] as InvalidLine[] };
  const reader = new NdjsonMessageReader(feeder.asStream(), { largeLineBytes, onInvalidLine: (problem) => result.invalid.push(problem) });
  const closed = nextEvent(reader.onClose);
  reader.listen((message) => result.messages.push(message));
  feeder.feed(...chunks);
  feeder.end();
  await closed;
  reader.dispose();
  return result;
}

const line = (message: unknown): string => JSON.stringify(message) + '\n';
const chunk = (n: number, text: string): object => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, n } },
});

function pieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

describe('NdjsonMessageReader: large lines (parsed on a worker thread)', function () {
  this.timeout(20_000);

  it('keeps the order of messages around a large line, and holds a huge chunk text aside as UTF-8 bytes', async () => {
    const huge = 'ü'.repeat(1_500_000) + '😀 end';
    const stream = line(chunk(1, 'before')) + line(chunk(2, huge)) + line({ jsonrpc: '2.0', id: 7, method: 'fs/read_text_file', params: {} }) + line(chunk(3, 'after'));
    const { messages, invalid } = await read(pieces(stream, 65_536));
    assert.deepEqual(invalid, []);
    assert.deepEqual(
      messages.map((m) => ('id' in m ? `request ${String(m.id)}` : (m as unknown as { params: { update: { n: number } } }).params.update.n)),
      [1, 2, 'request 7', 3],
    );
    const block = (messages[1] as unknown as { params: { update: { content: { text: string } } } }).params.update.content;
    assert.equal(block.text, huge.slice(0, ENTRY_TEXT_CAP));
    const held = heldTextOf(block);
    assert.ok(held, 'the long text was not held aside');
    assert.equal(held.chars, huge.length);
    assert.ok(held.handle instanceof Uint8Array);
    assert.equal(Buffer.from(held.handle).toString('utf8'), huge);
  });

  it('gives other large messages back whole (a big file to write is never shortened)', async () => {
    const content = 'x'.repeat(1_200_000);
    const request = { jsonrpc: '2.0', id: 1, method: 'fs/write_text_file', params: { sessionId: 's', path: '/a', content } };
    const { messages } = await read(pieces(line(request) + line(chunk(2, 'next')), 65_536));
    assert.deepEqual(messages[0], request);
    assert.equal(messages.length, 2);
  });

  it('reports a large line that is not JSON, and reads on', async () => {
    const { messages, invalid } = await read([`{"jsonrpc":"2.0","x":"${'y'.repeat(2_000)}\n`, line(chunk(1, 'ok'))], 1_000);
    assert.equal(invalid.length, 1);
    assert.equal(invalid[0].reason, 'invalid-json');
    assert.equal(messages.length, 1);
  });

  it('delivers a large last line without a newline before it closes', async () => {
    const { messages } = await read([JSON.stringify(chunk(1, 'z'.repeat(3_000)))], 1_000);
    assert.equal(messages.length, 1);
  });
});
