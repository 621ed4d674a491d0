import * as assert from 'node:assert/strict';
import { MAX_LOGGED_CHARS, trafficLine } from '../../../src/output/trafficLine';
import { MASK, secretMasker } from '../../../src/shared/text/secrets';

describe('traffic log lines', () => {
  const now = new Date('2025-01-02T03:04:05.000Z');
  const mask = secretMasker(() => ['the-configured-key-value']);

  it('masks secrets in every message, both directions', () => {
    const line = trafficLine(
      'client→agent',
      { jsonrpc: '2.0', id: 1, method: 'session/prompt', params: { prompt: [{ type: 'text', text: 'use sk-abcdefghijklmnopqrstu and the-configured-key-value' }] } } as never,
      mask,
      now,
    );
    assert.equal(line, `2025-01-02T03:04:05.000Z client→agent {"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"prompt":[{"type":"text","text":"use sk-${MASK} and ${MASK}"}]}}`);
    const answer = trafficLine('agent→client', { jsonrpc: '2.0', method: 'x/env', params: { env: { ANTHROPIC_API_KEY: 'abc' } } } as never, mask, now);
    assert.ok(answer.includes(`{"env":{"ANTHROPIC_API_KEY":"${MASK}"}}`), answer);
  });

  it('cuts long messages after masking', () => {
    const text = `${'a'.repeat(MAX_LOGGED_CHARS - 60)} sk-abcdefghijklmnopqrstuvwxyz0123456789 ${'b'.repeat(100)}`;
    const line = trafficLine('agent→client', { jsonrpc: '2.0', method: 'm', params: { text } } as never, mask, now);
    assert.ok(line.includes(`sk-${MASK}`), 'the secret at the cut is masked, not split');
    assert.doesNotMatch(line, /sk-abcdefghij/);
    assert.match(line, /… \(\d+ characters\)$/);
  });
});
