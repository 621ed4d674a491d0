import * as assert from 'node:assert/strict';
import { MaskedAppends, MaskedStream, type MaskedGrowth } from '../../../src/shared/text/maskedStream';
import { MASK, maskText, secretRules } from '../../../src/shared/text/secretText';

/** What a view that applies each growth holds. */
function apply(shown: string, growth: MaskedGrowth): string {
  return growth.kind === 'append' ? shown + growth.text : shown.slice(0, growth.keep) + growth.text;
}

/** Feeds `chunks` one by one; returns the shown text after each, and the growths. */
function stream(chunks: readonly string[], known: readonly string[]): { shown: string[]; growths: MaskedGrowth[] } {
  const masked = new MaskedStream(secretRules(known));
  let raw = '';
  let view = '';
  const shown: string[] = [];
  const growths: MaskedGrowth[] = [];
  for (const chunk of chunks) {
    raw += chunk;
    const growth = masked.grow(raw);
    growths.push(growth);
    view = apply(view, growth);
    shown.push(view);
  }
  return { shown, growths };
}

/** A small deterministic random generator (the test must fail the same way every time). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('maskedStream: a growing text masked as it grows', () => {
  const secret = 'env-secret-value-4711';

  it('masks a secret split across two chunks once it is complete, by rewriting the tail given out', () => {
    const { shown, growths } = stream(['The key is env-secret-', 'value-4711, done.'], [secret]);
    assert.equal(shown[1], `The key is ${MASK}, done.`);
    assert.equal(growths[1]!.kind, 'rewrite');
    assert.ok(!shown.join('\n').includes(secret));
  });

  it('only appends when no secret straddles a chunk, and gives the raw text while nothing is masked', () => {
    const masked = new MaskedStream(secretRules([secret]));
    assert.deepEqual(masked.grow('plain text '), { kind: 'append', text: 'plain text ' });
    assert.equal(masked.clean, true);
    assert.deepEqual(masked.grow(`plain text ${secret} more`), { kind: 'append', text: `${MASK} more` });
    assert.equal(masked.clean, false);
  });

  it('masks a token whose run keeps growing as one mask', () => {
    const { shown } = stream(['Use sk-abcdefghij', 'klmnopqrstuv', 'wxyz0123 now'], []);
    assert.equal(shown.at(-1), `Use sk-${MASK} now`);
  });

  it('gives the same text as masking the whole text, however it is cut (long texts, many secrets)', () => {
    const known = [secret, 'pa"ss\\word-42', 'abcdefgh', 'abcdefgh-longer', 'xyzxyzxyz'];
    const pieces = ['lorem ipsum ', secret, ' ', 'abcdefgh-longer', ' sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv ', JSON.stringify('pa"ss\\word-42'), ' Bearer abcdefghijklmnop ', 'xyzxyzxyzxyz', ' AKIAIOSFODNN7EXAMPLE ', 'ghp_0123456789abcdefghijABCD', '\n'];
    const next = random(42);
    for (let round = 0; round < 200; round++) {
      let text = '';
      while (text.length < 600) text += pieces[Math.floor(next() * pieces.length)]!;
      const chunks: string[] = [];
      for (let at = 0; at < text.length; ) {
        const size = 1 + Math.floor(next() * 40);
        chunks.push(text.slice(at, at + size));
        at += size;
      }
      const { shown } = stream(chunks, known);
      let raw = '';
      chunks.forEach((chunk, index) => {
        raw += chunk;
        assert.equal(shown[index], maskText(raw, secretRules(known)), `round ${round}, chunk ${index}`);
      });
    }
  });

  it('costs the new text and the longest secret per growth, not the whole text', () => {
    const masked = new MaskedStream(secretRules([secret]));
    let raw = '';
    for (let i = 0; i < 2_000; i++) {
      raw += 'some streamed text without anything secret in it. ';
      masked.grow(raw);
    }
    // The part masked again on each growth stays short: what is before the cut is never looked at again.
    const tail = (masked as unknown as { tail: string }).tail;
    assert.ok(tail.length <= secret.length + 64 + 60, `tail of ${tail.length}`);
  });

  it('gives the same growths when the caller lets go of the settled text (a terminal output)', () => {
    const known = [secret, 'abcdefgh'];
    // Word characters glued to tokens and secrets: the word boundaries must see the same text after letting go.
    const pieces = ['words ', secret, 'x', 'abcdefgh', 'sk-abcdefghijklmnopqrstu ', 'Bearer abcdefghijk ', '\n'];
    const next = random(5);
    for (let round = 0; round < 300; round++) {
      let text = '';
      while (text.length < 800) text += pieces[Math.floor(next() * pieces.length)]!;
      const whole = new MaskedStream(secretRules(known));
      const settling = new MaskedStream(secretRules(known));
      let held = '';
      for (let at = 0; at < text.length; ) {
        const size = 1 + Math.floor(next() * 30);
        held += text.slice(at, at + size);
        at += size;
        const expected = whole.grow(text.slice(0, at));
        const growth = settling.grow(held);
        held = held.slice(settling.settle());
        assert.deepEqual({ kind: growth.kind, text: growth.text }, { kind: expected.kind, text: expected.text }, `round ${round}, at ${at}`);
      }
      // The reach, the newest chunk, and a secret that ends in the reach (the cut is never inside one).
      assert.ok(held.length <= 2 * secretRules(known).reach + 30, `holds ${held.length}`);
    }
  });

  it('appends to what cannot be rewritten: holds back the end, gives the same text as masking the whole', () => {
    const known = [secret, 'abcdefgh'];
    const next = random(7);
    for (let round = 0; round < 100; round++) {
      let text = '';
      while (text.length < 500) text += ['words ', secret, 'abcdefgh', ' sk-abcdefghijklmnopqrstu ', '\n'][Math.floor(next() * 5)]!;
      const appends = new MaskedAppends(() => secretRules(known));
      let written = '';
      for (let at = 0; at < text.length; ) {
        const size = 1 + Math.floor(next() * 30);
        written += appends.push(text.slice(at, at + size));
        at += size;
      }
      written += appends.flush();
      assert.equal(written, maskText(text, secretRules(known)), `round ${round}`);
    }
  });
});
