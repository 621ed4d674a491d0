import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import type { Message } from 'vscode-jsonrpc/node';
import { InvalidLine, NdjsonMessageReader, NdjsonReaderOptions } from '../../../src/acp/ndjson';
import { ChunkFeeder, nextEvent } from './harness';

interface Reading {
  messages: Message[];
  invalid: InvalidLine[];
  errors: Error[];
}

/** Feeds `chunks` one 'data' event each, ends the stream, and resolves after the reader's close event. */
async function read(chunks: Array<Buffer | string>, options: NdjsonReaderOptions = {}): Promise<Reading> {
  const feeder = new ChunkFeeder();
  const result: Reading = { messages: [], invalid: [], errors: [] };
  const reader = new NdjsonMessageReader(feeder.asStream(), {
    ...options,
    onInvalidLine: (problem) => result.invalid.push(problem),
  });
  reader.onError((error) => result.errors.push(error));
  const closed = nextEvent(reader.onClose);
  reader.listen((message) => result.messages.push(message));
  feeder.feed(...chunks);
  feeder.end();
  await closed;
  return result;
}

function notification(method: string, params: object): Message & { method: string; params: object } {
  return { jsonrpc: '2.0', method, params };
}

const line = (message: unknown): string => JSON.stringify(message) + '\n';

describe('NdjsonMessageReader', () => {
  it('delivers several messages from one chunk, in order', async () => {
    const messages = [notification('a', { n: 1 }), notification('b', { n: 2 }), { jsonrpc: '2.0', id: 3, result: null }];
    const { messages: got, invalid } = await read([messages.map(line).join('')]);
    assert.deepEqual(got, messages);
    assert.deepEqual(invalid, []);
  });

  it('assembles a message sent as 1-byte chunks', async () => {
    const message = notification('session/update', { text: 'héllo 😀 wörld' });
    const bytes = Buffer.from(line(message));
    const chunks = Array.from(bytes, (byte) => Buffer.from([byte]));
    const { messages } = await read(chunks);
    assert.deepEqual(messages, [message]);
  });

  it('decodes multi-byte characters split across chunks at every byte offset', async () => {
    const message = notification('x', { text: 'ü€😀 a ü€😀' });
    const bytes = Buffer.from(line(message) + line(message));
    for (let cut = 0; cut <= bytes.length; cut++) {
      const { messages, invalid } = await read([bytes.subarray(0, cut), bytes.subarray(cut)]);
      assert.deepEqual(messages, [message, message], `split at byte ${cut}`);
      assert.deepEqual(invalid, [], `split at byte ${cut}`);
    }
  });

  it('decodes a message split into three chunks at every pair of offsets', async () => {
    const message = notification('x', { t: '€😀' });
    const bytes = Buffer.from(line(message));
    for (let a = 0; a <= bytes.length; a++) {
      for (let b = a; b <= bytes.length; b++) {
        const { messages } = await read([bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)]);
        assert.deepEqual(messages, [message], `cuts ${a}, ${b}`);
      }
    }
  });

  it('accepts string chunks', async () => {
    const message = notification('s', { t: 'ü' });
    const { messages } = await read([line(message)]);
    assert.deepEqual(messages, [message]);
  });

  it('strips CRLF line endings, also when the \\r and \\n arrive in different chunks', async () => {
    const first = notification('a', {});
    const second = notification('b', {});
    const { messages, invalid } = await read([JSON.stringify(first) + '\r', '\n' + JSON.stringify(second) + '\r\n']);
    assert.deepEqual(messages, [first, second]);
    assert.deepEqual(invalid, []);
  });

  it('skips blank and whitespace-only lines silently', async () => {
    const message = notification('a', {});
    const { messages, invalid } = await read(['\n\r\n   \n\t \r\n', line(message), '\n\n']);
    assert.deepEqual(messages, [message]);
    assert.deepEqual(invalid, []);
  });

  it('ignores a byte order mark before a message', async () => {
    const message = notification('a', {});
    const { messages, invalid } = await read(['\uFEFF' + line(message)]);
    assert.deepEqual(messages, [message]);
    assert.deepEqual(invalid, []);
  });

  it('reports an invalid JSON line, skips it, and delivers the next one', async () => {
    const message = notification('after', {});
    const { messages, invalid, errors } = await read(['{"jsonrpc":"2.0", oops\n' + line(message)]);
    assert.deepEqual(messages, [message]);
    assert.equal(invalid.length, 1);
    assert.equal(invalid[0]!.reason, 'invalid-json');
    assert.equal(invalid[0]!.preview, '{"jsonrpc":"2.0", oops');
    assert.equal(invalid[0]!.byteLength, 22);
    assert.ok(invalid[0]!.error);
    assert.deepEqual(errors, [], 'an invalid line must not fire the reader error event');
  });

  it('reports JSON that is not a JSON-RPC message object', async () => {
    const message = notification('ok', {});
    const junk = ['42', '"text"', '[1,2]', 'null', 'true', '{"foo":1}', '[{"jsonrpc":"2.0","method":"batch"}]'];
    const { messages, invalid } = await read([junk.join('\n') + '\n' + line(message)]);
    assert.deepEqual(messages, [message]);
    assert.deepEqual(
      invalid.map((problem) => [problem.reason, problem.preview]),
      junk.map((text) => ['not-a-message', text]),
    );
  });

  it('passes through object-like messages without "jsonrpc" when they have a method or an id', async () => {
    const withoutVersion = { method: 'm', params: {} };
    const responseWithoutVersion = { id: 1, result: 2 };
    const { messages, invalid } = await read([line(withoutVersion) + line(responseWithoutVersion)]);
    assert.deepEqual(messages, [withoutVersion, responseWithoutVersion]);
    assert.deepEqual(invalid, []);
  });

  it('reports a line of invalid UTF-8 and skips it, but keeps a real U+FFFD character', async () => {
    const bad = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"x","params":{"t":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}\n')]);
    const replacement = notification('y', { t: 'a\uFFFDb' });
    const { messages, invalid } = await read([bad, line(replacement)]);
    assert.deepEqual(messages, [replacement]);
    assert.equal(invalid.length, 1);
    assert.equal(invalid[0]!.reason, 'invalid-utf8');
    assert.equal(invalid[0]!.byteLength, bad.length - 1);
  });

  it('refuses a line over maxLineBytes arriving in many chunks: reported once, not buffered, next line delivered', async () => {
    const maxLineBytes = 100;
    const feeder = new ChunkFeeder();
    const invalid: InvalidLine[] = [];
    const messages: Message[] = [];
    const reader = new NdjsonMessageReader(feeder.asStream(), { maxLineBytes, onInvalidLine: (problem) => invalid.push(problem) });
    const closed = nextEvent(reader.onClose);
    reader.listen((message) => messages.push(message));
    const held = (): number => (reader as unknown as { partBytes: number }).partBytes;
    const chunk = '{"jsonrpc":"2.0","method":"' + 'x'.repeat(3);
    feeder.feed(chunk);
    let fed = chunk.length;
    for (let i = 0; i < 1000; i++) {
      feeder.feed('y'.repeat(37));
      fed += 37;
      assert.ok(held() <= maxLineBytes, `holds ${held()} bytes after ${fed}`);
    }
    assert.equal(invalid.length, 0, 'reported when the line ends, with its full length');
    const next = notification('next', {});
    feeder.feed('zz\n' + line(next));
    feeder.end();
    await closed;
    assert.equal(held(), 0);
    assert.deepEqual(messages, [next]);
    assert.equal(invalid.length, 1);
    assert.equal(invalid[0]!.reason, 'too-long');
    assert.equal(invalid[0]!.byteLength, fed + 2);
    assert.ok(invalid[0]!.preview.startsWith('{"jsonrpc":"2.0","method":"xxx'));
  });

  it('refuses a too-long line that arrives inside one chunk', async () => {
    const next = notification('next', {});
    const long = line(notification('long', { t: 'x'.repeat(200) }));
    const { messages, invalid } = await read([long + line(next)], { maxLineBytes: 100 });
    assert.deepEqual(messages, [next]);
    assert.deepEqual(
      invalid.map((problem) => [problem.reason, problem.byteLength]),
      [['too-long', long.length - 1]],
    );
  });

  it('accepts a line of exactly maxLineBytes', async () => {
    const message = notification('m', { t: 'x' });
    const text = JSON.stringify(message);
    const { messages, invalid } = await read([text.slice(0, 5), text.slice(5) + '\n'], { maxLineBytes: Buffer.byteLength(text) });
    assert.deepEqual(messages, [message]);
    assert.deepEqual(invalid, []);
  });

  it('reports a too-long line that is cut off by the end of the stream', async () => {
    const { messages, invalid } = await read(['x'.repeat(60), 'x'.repeat(60)], { maxLineBytes: 100 });
    assert.deepEqual(messages, []);
    assert.deepEqual(
      invalid.map((problem) => [problem.reason, problem.byteLength]),
      [['too-long', 120]],
    );
  });

  it('delivers a final line without a trailing newline when the stream ends', async () => {
    const first = notification('a', {});
    const last = notification('b', { t: '€' });
    const text = JSON.stringify(last);
    const { messages } = await read([line(first) + text.slice(0, 10), text.slice(10)]);
    assert.deepEqual(messages, [first, last]);
  });

  it('reports an incomplete final line when the stream ends mid-message', async () => {
    const { messages, invalid } = await read(['{"jsonrpc":"2.0","meth']);
    assert.deepEqual(messages, []);
    assert.deepEqual(invalid.map((problem) => problem.reason), ['invalid-json']);
  });

  it('translates an incoming ACP $/cancel_request into the connection\'s cancel message', async () => {
    const { messages } = await read([line(notification('$/cancel_request', { requestId: 'abc' }))]);
    assert.deepEqual(messages, [{ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 'abc' } }]);
  });

  it('fires the error event for a stream error, then close', async () => {
    const feeder = new ChunkFeeder();
    const reader = new NdjsonMessageReader(feeder.asStream());
    const errors: Error[] = [];
    reader.onError((error) => errors.push(error));
    let closes = 0;
    reader.onClose(() => closes++);
    reader.listen(() => undefined);
    const failure = new Error('boom');
    feeder.fail(failure);
    assert.deepEqual(errors, [failure]);
    assert.equal(closes, 1);
  });

  it('fires close once when the stream emits both end and close', async () => {
    const feeder = new ChunkFeeder();
    const reader = new NdjsonMessageReader(feeder.asStream());
    let closes = 0;
    reader.onClose(() => closes++);
    reader.listen(() => undefined);
    feeder.end();
    assert.equal(closes, 1);
  });

  it('stops delivering after the listen disposable is disposed', async () => {
    const feeder = new ChunkFeeder();
    const reader = new NdjsonMessageReader(feeder.asStream());
    const messages: Message[] = [];
    const listening = reader.listen((message) => messages.push(message));
    feeder.feed(line(notification('a', {})));
    listening.dispose();
    feeder.feed(line(notification('b', {})));
    assert.deepEqual(messages, [notification('a', {})]);
    assert.equal(feeder.listenerCount('data'), 0);
  });

  it('reads from a real stream (PassThrough) until it ends', async () => {
    const stream = new PassThrough();
    const reader = new NdjsonMessageReader(stream);
    const messages: Message[] = [];
    const closed = nextEvent(reader.onClose);
    reader.listen((message) => messages.push(message));
    const sent = Array.from({ length: 1000 }, (_, i) => notification('n', { i, t: 'ü'.repeat(i % 7) }));
    for (const message of sent) stream.write(line(message));
    stream.end();
    await closed;
    assert.deepEqual(messages, sent);
  });
});
