import * as assert from 'node:assert/strict';
import { ResponseError } from 'vscode-jsonrpc/node';
import {
  AUTH_REQUIRED,
  REQUEST_CANCELLED,
  RESOURCE_NOT_FOUND,
  describeRpcError,
  errorCodeOf,
  isAuthRequired,
  isRequestCancelled,
  requestCancelledError,
  resourceNotFoundError,
} from '../../../src/acp/errors';

describe('acp errors', () => {
  it('has the codes of the ACP schema', () => {
    assert.deepEqual([REQUEST_CANCELLED, AUTH_REQUIRED, RESOURCE_NOT_FOUND], [-32800, -32000, -32002]);
  });

  it('makes ResponseErrors that vscode-jsonrpc sends as they are', () => {
    const cancelled = requestCancelledError();
    assert.ok(cancelled instanceof ResponseError);
    assert.deepEqual(cancelled.toJson(), { code: -32800, message: 'Request cancelled' });
    assert.deepEqual(resourceNotFoundError('no file', { path: '/x' }).toJson(), {
      code: -32002,
      message: 'no file',
      data: { path: '/x' },
    });
  });

  it('reads numeric codes from ResponseErrors and error objects, not Node string codes', () => {
    assert.equal(errorCodeOf(new ResponseError(-32000, 'auth')), -32000);
    assert.equal(errorCodeOf({ code: -32602, message: 'bad' }), -32602);
    assert.equal(errorCodeOf(Object.assign(new Error('x'), { code: 'ENOENT' })), undefined);
    assert.equal(errorCodeOf('text'), undefined);
    assert.equal(errorCodeOf(null), undefined);
    assert.equal(isRequestCancelled(requestCancelledError()), true);
    assert.equal(isAuthRequired(new ResponseError(AUTH_REQUIRED, 'login')), true);
    assert.equal(isAuthRequired(new Error('login')), false);
  });

  it('describes errors in one line', () => {
    assert.equal(describeRpcError(new ResponseError(-32603, 'boom')), 'boom (code -32603)');
    assert.equal(describeRpcError(new Error('plain')), 'plain');
    assert.equal(describeRpcError({ message: 'object', code: 5 }), 'object (code 5)');
    assert.equal(describeRpcError('text'), 'text');
  });
});
