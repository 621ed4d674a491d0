import * as assert from 'node:assert/strict';
import { describeError } from '../../../src/shared/text/errors';

describe('describeError', () => {
  it('gives the message of an Error and of its subclasses', () => {
    assert.equal(describeError(new Error('disk full')), 'disk full');
    assert.equal(describeError(new TypeError('not a function')), 'not a function');
  });

  it('gives the message of a JSON-RPC error object and a thrown string as is', () => {
    assert.equal(describeError({ code: -32603, message: 'Internal error' }), 'Internal error');
    assert.equal(describeError('the agent went away'), 'the agent went away');
  });

  it('shows other objects and values as JSON, not as "[object Object]"', () => {
    assert.equal(describeError({ code: 5, reason: 'busy' }), '{"code":5,"reason":"busy"}');
    assert.equal(describeError(['a', 1]), '["a",1]');
    assert.equal(describeError(42), '42');
    assert.equal(describeError(null), 'null');
    assert.equal(describeError({ message: 7 }), '{"message":7}');
  });

  it('falls back to String() for values without a JSON form', () => {
    assert.equal(describeError(undefined), 'undefined');
    assert.equal(describeError(10n), '10');
    assert.equal(describeError(Symbol('s')), 'Symbol(s)');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.equal(describeError(cyclic), '[object Object]');
  });
});
