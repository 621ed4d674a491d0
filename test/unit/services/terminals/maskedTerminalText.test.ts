import * as assert from 'node:assert/strict';
import { MaskedTerminalText } from '../../../../src/services/terminals/maskedTerminalText';
import { MASK, maskText, secretRules, type SecretRules } from '../../../../src/shared/text/secretText';

/**
 * What the chat view draws of a terminal fed `chunks` after `first`: each masked append added, or (the mask cannot
 * append) the view's text replaced by the whole output masked again, as the poster does. The view after each chunk.
 */
function drawn(rules: SecretRules, first: string, chunks: readonly string[]): string[] {
  let raw = first;
  let { mask, text: view } = MaskedTerminalText.start(rules, first);
  const views = [view];
  for (const chunk of chunks) {
    raw += chunk;
    const appended = mask.append(chunk);
    if (appended === undefined) ({ mask, text: view } = MaskedTerminalText.start(rules, raw));
    else view += appended;
    views.push(view);
  }
  return views;
}

/** A small deterministic random generator (the test must fail the same way every time). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('maskedTerminalText: a terminal output as the chat draws it', () => {
  const secret = 'env-secret-value-4711';
  const rules = secretRules([secret]);

  it('never draws a secret split across two chunks, wherever it is split', () => {
    const output = `API_KEY=${secret}\nPATH=/usr/bin\n`;
    const start = output.indexOf(secret);
    for (let at = 1; at < output.length; at++) {
      const views = drawn(rules, '$ printenv\n', [output.slice(0, at), output.slice(at)]);
      views.forEach((view, index) => assert.ok(!view.includes(secret), `split at ${at} (${at - start} into the secret), view ${index}: ${view}`));
      assert.equal(views.at(-1), `$ printenv\nAPI_KEY=${MASK}\nPATH=/usr/bin\n`, `split at ${at}`);
    }
  });

  it('never draws a secret or a token printed a character at a time', () => {
    const output = `key ${secret} token sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv done\n`;
    const views = drawn(rules, '', [...output]);
    for (const view of views) assert.ok(!view.includes(secret) && !view.includes('AbCdEfGhIjKlMnOpQrStUv'), view);
    assert.equal(views.at(-1), `key ${MASK} token sk-ant-${MASK} done\n`);
  });

  it('masks what the view starts from (a snapshot, a replace) whole', () => {
    const { text } = MaskedTerminalText.start(rules, `a ${secret} b`);
    assert.equal(text, `a ${MASK} b`);
  });

  it('draws what masking the whole output would, however long it runs and however it is cut', () => {
    const known = [secret, 'pa"ss\\word-42', 'abcdefgh', 'abcdefgh-longer'];
    const knownRules = secretRules(known);
    // Word characters glued to tokens: their word boundary must be seen as in the whole text, after the mask lets go of
    // what is behind it.
    const pieces = ['lorem ipsum ', secret, 'x', 'abcdefgh-longer', 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv ', 'Bearer abcdefghijklmnop ', 'ghp_0123456789abcdefghijABCD', '\n', 'abcdefgh'];
    const next = random(11);
    for (let round = 0; round < 100; round++) {
      let text = '';
      while (text.length < 2_000) text += pieces[Math.floor(next() * pieces.length)]!;
      const chunks: string[] = [];
      for (let at = 0; at < text.length; ) {
        const size = 1 + Math.floor(next() * 60);
        chunks.push(text.slice(at, at + size));
        at += size;
      }
      const views = drawn(knownRules, '', chunks);
      let raw = '';
      chunks.forEach((chunk, index) => {
        raw += chunk;
        assert.equal(views[index + 1], maskText(raw, knownRules), `round ${round}, chunk ${index}`);
      });
    }
  });

  it('holds only the longest secret and the newest chunk of the raw output, however long the terminal runs', () => {
    const { mask } = MaskedTerminalText.start(rules, '');
    const line = 'building module 42 of 9000, nothing secret in it\n';
    for (let i = 0; i < 5_000; i++) assert.equal(mask.append(line), line);
    const held = (mask as unknown as { raw: string }).raw;
    assert.ok(held.length <= rules.reach + line.length + 1, `holds ${held.length} characters`);
  });

  it('with no secret configured, gives the output as it is (only the well-known token shapes are masked)', () => {
    const none = secretRules([]);
    const { mask, text } = MaskedTerminalText.start(none, 'PATH=/usr/bin\n');
    assert.equal(text, 'PATH=/usr/bin\n');
    assert.equal(mask.append(`API_KEY=${secret}\n`), `API_KEY=${secret}\n`);
    assert.equal(mask.append('OPENAI_API_KEY=sk-proj-0123456789abcdefghij\n'), `OPENAI_API_KEY=sk-proj-${MASK}\n`);
  });
});
