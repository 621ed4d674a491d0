import * as assert from 'node:assert/strict';
import { MASK, maskSecrets, secretEnvValues, secretMasker } from '../../../src/shared/secrets';

describe('secrets: masking in logs and exports', () => {
  it('masks known values, also inside JSON strings, longest first', () => {
    const key = 'my-very-private-value-123';
    assert.equal(maskSecrets(`env has ${key} twice: ${key}`, [key]), `env has ${MASK} twice: ${MASK}`);
    const quoted = 'pa"ss\\word-42';
    assert.equal(maskSecrets(JSON.stringify({ v: `x ${quoted} y` }), [quoted]), `{"v":"x ${MASK} y"}`);
    assert.equal(maskSecrets('abcdefgh-longer and abcdefgh', ['abcdefgh', 'abcdefgh-longer']), `${MASK} and ${MASK}`);
  });

  it('does not mask short known values (they would match everywhere)', () => {
    assert.equal(maskSecrets('ELECTRON_RUN_AS_NODE=1 and 1 + 1', ['1']), 'ELECTRON_RUN_AS_NODE=1 and 1 + 1');
  });

  it('masks well-known token shapes, keeping their prefix', () => {
    const cases: Array<[string, string]> = [
      ['key sk-abcdefghijklmnop1234 used', `key sk-${MASK} used`],
      ['sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv_wx', `sk-ant-${MASK}`],
      ['sk-proj-AbCdEfGhIjKlMnOpQrStUv', `sk-proj-${MASK}`],
      ['ghp_0123456789abcdefghijABCDEFGHIJ012345', `ghp_${MASK}`],
      ['github_pat_11ABCDEFG0123456789_abcdefghijklmnop', `github_pat_${MASK}`],
      ['xoxb-1234567890-abcdefghij', `xoxb-${MASK}`],
      ['AKIAIOSFODNN7EXAMPLE', `AKIA${MASK}`],
      ['AIzaSyA-1234567890abcdefghijklmnopqrstu', `AIza${MASK}`],
      ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc', `Authorization: Bearer ${MASK}`],
      ['Basic dXNlcjpwYXNzd29yZA==', `Basic ${MASK}`],
    ];
    for (const [text, expected] of cases) assert.equal(maskSecrets(text), expected, text);
  });

  it('masks values of assignments and JSON members whose names look secret', () => {
    assert.equal(maskSecrets('ANTHROPIC_API_KEY=abc123def456 npm start'), `ANTHROPIC_API_KEY=${MASK} npm start`);
    assert.equal(maskSecrets('export GITHUB_TOKEN="abcdefgh12345678"'), `export GITHUB_TOKEN="${MASK}"`);
    assert.equal(maskSecrets("--api-key 'x' --token='abcdefgh12345678'"), `--api-key 'x' --token='${MASK}'`);
    assert.equal(maskSecrets('db password: hunter2hunter2'), `db password: ${MASK}`);
    assert.equal(
      maskSecrets(JSON.stringify({ env: { OPENAI_API_KEY: 'abc', apiKey: 'zzz-123', Authorization: 'token xyz' } })),
      `{"env":{"OPENAI_API_KEY":"${MASK}","apiKey":"${MASK}","Authorization":"${MASK}"}}`,
    );
  });

  it('leaves ordinary protocol traffic alone', () => {
    const traffic = JSON.stringify({
      jsonrpc: '2.0',
      method: 'session/update',
      params: { sessionId: 's-1', update: { sessionUpdate: 'usage_update', used: 1200, size: 200000, inputTokens: 12, outputTokens: 40 } },
    });
    assert.equal(maskSecrets(traffic), traffic);
    const stop = JSON.stringify({ jsonrpc: '2.0', id: 3, result: { stopReason: 'max_tokens' } });
    assert.equal(maskSecrets(stop), stop);
    const text = 'The author of the secretary module wrote 5 tokens: fine.';
    assert.equal(maskSecrets(text), text);
  });

  it('picks the env values whose names look secret', () => {
    assert.deepEqual(secretEnvValues({ ANTHROPIC_API_KEY: 'sk-ant-xxxxxxxxxxxx', DEBUG: '1', GH_TOKEN: 'short', MY_SECRET: 'a-long-secret' }), [
      'sk-ant-xxxxxxxxxxxx',
      'a-long-secret',
    ]);
    assert.deepEqual(secretEnvValues(undefined), []);
  });

  it('a masker looks the known secrets up on every call', () => {
    let known = ['first-secret-value'];
    const mask = secretMasker(() => known);
    assert.equal(mask('first-secret-value'), MASK);
    known = ['second-secret-value'];
    assert.equal(mask('first-secret-value second-secret-value'), `first-secret-value ${MASK}`);
  });
});
