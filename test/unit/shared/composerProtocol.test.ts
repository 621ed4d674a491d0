import * as assert from 'node:assert/strict';
import { PROMPT_LIMITS, base64Bytes, parseImage, parseMention } from '../../../src/shared/protocol/composerProtocol';
import { parseWebviewMessage } from '../../../src/shared/protocol/webviewProtocol';

const png = Buffer.from('fake png bytes').toString('base64');
const mention = { uri: 'file:///w/src/a.ts', label: 'src/a.ts' };

describe('composer messages from the webview', () => {
  it('accepts a text-only prompt as before, and one with mentions and images', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'prompt', text: 'hi' }), { type: 'prompt', text: 'hi' });
    const full = {
      type: 'prompt',
      text: 'look at @src/a.ts',
      mentions: [mention, { uri: 'file:///w/b.ts', label: 'b.ts#L2-L4', range: { start: 2, end: 4 } }],
      images: [{ mimeType: 'image/png', data: png, name: 'shot.png' }],
    };
    assert.deepEqual(parseWebviewMessage(full), full);
  });

  it('refuses the whole prompt when a part is malformed', () => {
    const bad = [
      { type: 'prompt', text: 3 },
      { type: 'prompt', text: 'x', mentions: 'nope' },
      { type: 'prompt', text: 'x', mentions: [{ uri: 'https://evil.example/x', label: 'x' }] },
      { type: 'prompt', text: 'x', mentions: [{ uri: 'file:///a', label: '' }] },
      { type: 'prompt', text: 'x', mentions: [{ uri: 'file:///a', label: 'a\nb' }] },
      { type: 'prompt', text: 'x', mentions: [{ ...mention, range: { start: 0, end: 2 } }] },
      { type: 'prompt', text: 'x', mentions: [{ ...mention, range: { start: 5, end: 2 } }] },
      { type: 'prompt', text: 'x', mentions: [{ ...mention, range: { start: 1.5, end: 2 } }] },
      { type: 'prompt', text: 'x', images: [{ mimeType: 'image/svg+xml', data: png }] },
      { type: 'prompt', text: 'x', images: [{ mimeType: 'image/png', data: 'not base64!' }] },
      { type: 'prompt', text: 'x', images: [{ mimeType: 'image/png', data: 'abc' }] },
      { type: 'prompt', text: 'x', images: [{ mimeType: 'image/png', data: '' }] },
      { type: 'prompt', text: 'x', images: [{ mimeType: 'image/png', data: png, name: 7 }] },
    ];
    for (const message of bad) assert.equal(parseWebviewMessage(message), undefined, JSON.stringify(message).slice(0, 120));
  });

  it('bounds sizes: text, mention count, image count, image bytes', () => {
    assert.equal(parseWebviewMessage({ type: 'prompt', text: 'x'.repeat(PROMPT_LIMITS.textChars + 1) }), undefined);
    assert.ok(parseWebviewMessage({ type: 'prompt', text: 'x'.repeat(PROMPT_LIMITS.textChars) }));
    const mentions = Array.from({ length: PROMPT_LIMITS.mentions + 1 }, (_, i) => ({ uri: `file:///w/${i}`, label: `${i}` }));
    assert.equal(parseWebviewMessage({ type: 'prompt', text: 'x', mentions }), undefined);
    const images = Array.from({ length: PROMPT_LIMITS.images + 1 }, () => ({ mimeType: 'image/png', data: png }));
    assert.equal(parseWebviewMessage({ type: 'prompt', text: 'x', images }), undefined);

    const limit = Buffer.alloc(PROMPT_LIMITS.imageBytes).toString('base64');
    assert.equal(base64Bytes(limit), PROMPT_LIMITS.imageBytes);
    assert.ok(parseImage({ mimeType: 'image/jpeg', data: limit }), 'exactly 10 MB is taken');
    const over = Buffer.alloc(PROMPT_LIMITS.imageBytes + 1).toString('base64');
    assert.equal(parseImage({ mimeType: 'image/jpeg', data: over }), undefined, 'one byte more is not');
  });

  it('parses the other composer messages and refuses malformed ones', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'searchFiles', requestId: 3, query: 'hel' }), { type: 'searchFiles', requestId: 3, query: 'hel' });
    assert.equal(parseWebviewMessage({ type: 'searchFiles', requestId: '3', query: 'hel' }), undefined);
    assert.equal(parseWebviewMessage({ type: 'searchFiles', requestId: 3, query: 'x'.repeat(PROMPT_LIMITS.queryChars + 1) }), undefined);
    assert.deepEqual(parseWebviewMessage({ type: 'searchFiles', requestId: 4, query: 'hel', sessionKey: 's1' }), { type: 'searchFiles', requestId: 4, query: 'hel', sessionKey: 's1' }, 'in the roots of the session named');
    assert.equal(parseWebviewMessage({ type: 'searchFiles', requestId: 4, query: 'hel', sessionKey: 7 }), undefined, 'a malformed session key is refused');
    assert.deepEqual(parseWebviewMessage({ type: 'setConfigOption', configId: 'model', value: 'deep', sessionKey: 's1' }), {
      type: 'setConfigOption',
      configId: 'model',
      value: 'deep',
      sessionKey: 's1',
    });
    assert.deepEqual(parseWebviewMessage({ type: 'setConfigOption', configId: 'brave', value: true, sessionKey: 's1' }), {
      type: 'setConfigOption',
      configId: 'brave',
      value: true,
      sessionKey: 's1',
    });
    assert.equal(parseWebviewMessage({ type: 'setConfigOption', configId: 'model', value: 3, sessionKey: 's1' }), undefined);
    assert.equal(parseWebviewMessage({ type: 'setConfigOption', configId: '', value: 'x', sessionKey: 's1' }), undefined);
    assert.deepEqual(parseWebviewMessage({ type: 'setMode', modeId: 'code', sessionKey: 's1' }), { type: 'setMode', modeId: 'code', sessionKey: 's1' });
    assert.equal(parseWebviewMessage({ type: 'setMode', sessionKey: 's1' }), undefined);
    assert.deepEqual(parseWebviewMessage({ type: 'removeQueued', id: 'q1', sessionKey: 's1' }), { type: 'removeQueued', id: 'q1', sessionKey: 's1' });
    assert.equal(parseWebviewMessage({ type: 'removeQueued', id: 1, sessionKey: 's1' }), undefined);
    assert.deepEqual(parseWebviewMessage({ type: 'resumeQueue', extra: 1, sessionKey: 's1' }), { type: 'resumeQueue', sessionKey: 's1' });
    assert.equal(parseWebviewMessage({ type: 'constructor' }), undefined);
  });

  it('parseMention keeps only the known fields', () => {
    assert.deepEqual(parseMention({ ...mention, extra: 'x' }), mention);
    assert.deepEqual(parseMention({ uri: 'file:///a b.ts', label: 'a b.ts' }), { uri: 'file:///a b.ts', label: 'a b.ts' });
  });
});
