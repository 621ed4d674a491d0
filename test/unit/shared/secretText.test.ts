import * as assert from 'node:assert/strict';
import { MASK, maskText, maskValue, secretRules } from '../../../src/shared/text/secretText';

describe('secretText: secrets masked in what the extension keeps or shows', () => {
  const rules = secretRules(['env-secret-value-4711', 'short']);

  it('masks known values (not short ones) and token shapes, nothing else', () => {
    assert.equal(maskText('a env-secret-value-4711 b short', rules), `a ${MASK} b short`);
    assert.equal(maskText('key sk-abcdefghijklmnop1234', rules), `key sk-${MASK}`);
    // Names are not guessed at here (code samples in the chat stay readable).
    assert.equal(maskText('const token = getToken();', rules), 'const token = getToken();');
  });

  it('masks overlapping and touching secrets as one', () => {
    const both = secretRules(['abcdefgh', 'efghijkl']);
    assert.equal(maskText('x abcdefghijkl y', both), `x ${MASK} y`);
    assert.equal(maskText('x abcdefghabcdefgh y', both), `x ${MASK} y`);
  });

  it('gives the same string when nothing is masked', () => {
    const text = 'nothing to see here';
    assert.equal(maskText(text, rules), text);
  });

  it('masks every string of a value except the members that address things, keeping what did not change', () => {
    const entry = { id: 't:env-secret-value-4711', title: 'echo env-secret-value-4711', content: [{ type: 'text', text: 'fine' }], extra: {} };
    const masked = maskValue(entry, rules, new Set(['id']));
    assert.equal(masked.id, entry.id);
    assert.equal(masked.title, `echo ${MASK}`);
    assert.equal(masked.content, entry.content);
    assert.equal(maskValue(masked, rules, new Set(['id'])), masked);
  });
});
