import assert from 'node:assert/strict';
import fc from 'fast-check';
import { countLines, joinLines, splitLines } from '../../../../src/shared/diff';

describe('diff engine: lines with their own endings', () => {
  it('splits LF, CRLF, a missing final newline and a lone CR', () => {
    assert.deepEqual(splitLines(''), []);
    assert.deepEqual(splitLines('a\r\nb\nc'), [
      { text: 'a', eol: '\r\n' },
      { text: 'b', eol: '\n' },
      { text: 'c', eol: '' },
    ]);
    assert.deepEqual(splitLines('\n\r\nx\ry\r'), [
      { text: '', eol: '\n' },
      { text: '', eol: '\r\n' },
      { text: 'x\ry\r', eol: '' },
    ]);
  });

  it('joining the lines gives back any text exactly, and countLines counts them', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', ' ', 'é') }), (text) => {
        assert.equal(joinLines(splitLines(text)), text);
        assert.equal(countLines(text), splitLines(text).length);
      }),
      { numRuns: 500 },
    );
  });
});
