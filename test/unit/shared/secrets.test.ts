import * as assert from 'node:assert/strict';
import { agentSecretValues, MASK, maskSecrets, secretArgValues, secretEnvValues, secretMasker } from '../../../src/shared/text/secrets';

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

  describe('an agent entry', () => {
    it('every env value is a secret whatever its name, unless it is shorter than 6 characters', () => {
      const env = { MY_SETTING: 'plain-looking-value', MODE: 'verbose', DEBUG: '1', FLAG: 'true', REGION: 'eu-west' };
      assert.deepEqual(agentSecretValues({ env }), ['plain-looking-value', 'verbose', 'eu-west']);
      const text = 'started with plain-looking-value in eu-west, DEBUG=1';
      assert.equal(maskSecrets(text, agentSecretValues({ env })), `started with ${MASK} in ${MASK}, DEBUG=1`);
    });

    it('takes the values of secret flags, separate or after "="', () => {
      const args = [
        '--api-key', 'k-111111',
        '--token=t-222222',
        '--password', 'p-333333',
        '--secret=s-444444',
        '--auth-token', 'a-555555',
        '--access-token=c-666666',
        '--key', 'y-777777',
        '-password', 'go-style-888888',
        '--openai-api-key=o-999999',
        '--github_token', 'g-000000',
        '--client-secret', 'cs-123456',
      ];
      assert.deepEqual(secretArgValues(args), [
        'k-111111', 't-222222', 'p-333333', 's-444444', 'a-555555', 'c-666666', 'y-777777', 'go-style-888888', 'o-999999', 'g-000000', 'cs-123456',
      ]);
    });

    it('leaves other flags, one-letter flags and a following flag alone', () => {
      const args = ['--max-tokens', '100000', '--keyfile', '/home/me/key.pem', '-p', '8080', '--model', 'opus-4', 'acp', '--token', '--verbose', 'x'];
      assert.deepEqual(secretArgValues(args), []);
      assert.deepEqual(secretArgValues(['--token']), [], 'a flag at the end has no value');
      assert.deepEqual(secretArgValues(undefined), []);
    });

    it('masks flag values in a command line, an error message and JSON, in both forms', () => {
      const agent = { args: ['-y', 'some-agent', '--api-key', 'ak-live-4f3e2d1c', '--token=tk-98765abc'], env: {} };
      const known = agentSecretValues(agent);
      const line = `spawn npx -y some-agent --api-key ak-live-4f3e2d1c --token=tk-98765abc failed`;
      assert.equal(maskSecrets(line, known), `spawn npx -y some-agent --api-key ${MASK} --token=${MASK} failed`);
      assert.equal(maskSecrets(JSON.stringify({ args: agent.args }), known), JSON.stringify({ args: ['-y', 'some-agent', '--api-key', MASK, `--token=${MASK}`] }));
    });

    it('drops duplicates and short values', () => {
      assert.deepEqual(agentSecretValues({ env: { A: 'same-value', B: 'same-value' }, args: ['--token', 'same-value', '--key=abc'] }), ['same-value']);
    });
  });
});
