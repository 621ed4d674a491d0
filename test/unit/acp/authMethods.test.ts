import * as assert from 'node:assert/strict';
import { ResponseError } from 'vscode-jsonrpc/node';
import {
  AuthRequiredError,
  advertisesLogout,
  authChoice,
  isAuthRequired,
  parseAuthMethods,
} from '../../../src/acp/authMethods';

describe('auth methods', () => {
  it('reads agent (the default type), terminal and env_var methods', () => {
    const methods = parseAuthMethods([
      { id: 'login', name: 'Log in', description: 'Through the browser' },
      { id: 'agent-typed', name: 'Typed', type: 'agent' },
      { id: 'tty', name: 'Terminal', type: 'terminal', args: ['--login', 7], env: { A: '1', B: 2 } },
      { id: 'key', name: 'API key', type: 'env_var', vars: [{ name: 'API_KEY', label: 'Key' }, { name: 'ORG', secret: false, optional: true }], link: 'https://example.com/keys' },
    ]);
    assert.deepEqual(methods, [
      { id: 'login', name: 'Log in', description: 'Through the browser', kind: 'agent' },
      { id: 'agent-typed', name: 'Typed', kind: 'agent' },
      { id: 'tty', name: 'Terminal', kind: 'terminal', args: ['--login'], env: { A: '1' } },
      {
        id: 'key',
        name: 'API key',
        kind: 'env_var',
        vars: [
          { name: 'API_KEY', label: 'Key', secret: true, optional: false },
          { name: 'ORG', secret: false, optional: true },
        ],
        link: 'https://example.com/keys',
      },
    ]);
  });

  it('reads the older single varName of env_var methods', () => {
    assert.deepEqual(parseAuthMethods([{ id: 'k', name: 'Key', type: 'env_var', varName: 'OPENAI_API_KEY' }]), [
      { id: 'k', name: 'Key', kind: 'env_var', vars: [{ name: 'OPENAI_API_KEY', secret: true, optional: false }] },
    ]);
  });

  it('keeps methods of unknown types, shown but not offered', () => {
    const [method] = parseAuthMethods([{ id: 'sso', name: 'Company SSO', type: 'oauth_device', url: 'x' }]);
    assert.deepEqual(method, { id: 'sso', name: 'Company SSO', kind: 'other', type: 'oauth_device' });
    const choice = authChoice(method);
    assert.equal(choice.actionable, false);
    assert.match(choice.note ?? '', /oauth_device/);
  });

  it('treats an env_var method without usable variable names as unknown (nothing safe to set)', () => {
    const [method] = parseAuthMethods([{ id: 'k', name: 'Key', type: 'env_var', vars: [{ name: 'BAD NAME' }, { name: '' }] }]);
    assert.equal(method.kind, 'other');
  });

  it('skips malformed entries and repeated ids; names default to the id', () => {
    assert.deepEqual(parseAuthMethods([null, 'x', { name: 'no id' }, { id: 'a' }, { id: 'a', name: 'again' }]), [{ id: 'a', name: 'a', kind: 'agent' }]);
    assert.deepEqual(parseAuthMethods(undefined), []);
    assert.deepEqual(parseAuthMethods({ id: 'a' }), []);
  });

  it('makes one actionable choice per usable method, saying what it does', () => {
    const choices = parseAuthMethods([
      { id: 'login', name: 'Log in' },
      { id: 'key', name: 'Key', type: 'env_var', vars: [{ name: 'K' }] },
      { id: 'tty', name: 'Terminal', type: 'terminal' },
    ]).map(authChoice);
    assert.deepEqual(
      choices.map((c) => [c.methodId, c.kind, c.actionable]),
      [
        ['login', 'agent', true],
        ['key', 'env_var', true],
        ['tty', 'terminal', true],
      ],
    );
    assert.match(choices[1].note ?? '', /K/);
  });

  it('recognises auth_required (-32000) as a ResponseError, a plain error object or our own error', () => {
    assert.equal(isAuthRequired(new ResponseError(-32000, 'Authentication required')), true);
    assert.equal(isAuthRequired({ code: -32000, message: 'x' }), true);
    assert.equal(isAuthRequired(new AuthRequiredError('Claude')), true);
    assert.equal(isAuthRequired(new ResponseError(-32603, 'Internal error')), false);
    assert.equal(isAuthRequired(new Error('Authentication required')), false);
  });

  it('offers logout only when agentCapabilities.auth.logout is an object', () => {
    assert.equal(advertisesLogout({ auth: { logout: {} } }), true);
    assert.equal(advertisesLogout({ auth: { logout: null } }), false);
    assert.equal(advertisesLogout({ auth: {} }), false);
    assert.equal(advertisesLogout(undefined), false);
  });
});
