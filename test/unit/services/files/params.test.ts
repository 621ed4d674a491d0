import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { errorCodeOf } from '../../../../src/acp/errors';
import { parseReadParams, parseWriteParams } from '../../../../src/services/files/params';

const abs = path.resolve('/work/project/a.txt');

function rejects(run: () => unknown, field: string): void {
  assert.throws(run, (error: unknown) => {
    assert.equal(errorCodeOf(error), -32602);
    assert.match((error as Error).message, new RegExp(`"${field}"`));
    assert.deepEqual((error as { data?: unknown }).data, { field });
    return true;
  });
}

describe('files: params validation', () => {
  it('accepts a read with line and limit, and null as absent', () => {
    assert.deepEqual(parseReadParams({ sessionId: 's', path: abs, line: 3, limit: 10 }), { sessionId: 's', path: abs, line: 3, limit: 10 });
    assert.deepEqual(parseReadParams({ sessionId: 's', path: abs, line: null, limit: null }), { sessionId: 's', path: abs });
  });

  it('reads line 0 (allowed by the schema) as the first line', () => {
    assert.equal(parseReadParams({ sessionId: 's', path: abs, line: 0 }).line, 1);
  });

  it('normalises the path', () => {
    assert.equal(parseReadParams({ sessionId: 's', path: `${path.dirname(abs)}/sub/../a.txt` }).path, abs);
  });

  it('answers -32602 naming the field', () => {
    rejects(() => parseReadParams({ sessionId: 's', path: 'relative/a.txt' }), 'path');
    rejects(() => parseReadParams({ sessionId: 's', path: 42 }), 'path');
    rejects(() => parseReadParams({ sessionId: 's' }), 'path');
    rejects(() => parseReadParams({ sessionId: 's', path: `${abs}\0x` }), 'path');
    rejects(() => parseReadParams({ path: abs }), 'sessionId');
    rejects(() => parseReadParams({ sessionId: 's', path: abs, line: '3' }), 'line');
    rejects(() => parseReadParams({ sessionId: 's', path: abs, line: -1 }), 'line');
    rejects(() => parseReadParams({ sessionId: 's', path: abs, line: 1.5 }), 'line');
    rejects(() => parseReadParams({ sessionId: 's', path: abs, limit: -2 }), 'limit');
    rejects(() => parseReadParams({ sessionId: 's', path: abs, limit: true }), 'limit');
    rejects(() => parseReadParams(null), 'params');
    rejects(() => parseReadParams([abs]), 'params');
    rejects(() => parseWriteParams({ sessionId: 's', path: abs }), 'content');
    rejects(() => parseWriteParams({ sessionId: 's', path: abs, content: null }), 'content');
    rejects(() => parseWriteParams({ sessionId: 's', path: './a.txt', content: '' }), 'path');
  });

  it('accepts an empty write', () => {
    assert.deepEqual(parseWriteParams({ sessionId: 's', path: abs, content: '' }), { sessionId: 's', path: abs, content: '' });
  });
});
