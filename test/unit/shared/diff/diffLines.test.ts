import assert from 'node:assert/strict';
import fc from 'fast-check';
import { acceptHunks, diffLines, revertHunks, splitLines, type DiffResult } from '../../../../src/shared/diff';
import { UNHURRIED, applyEdits, lcsLength, lineEdits, repetitiveText, textOf, uniqueLines } from './arbitraries';

function hunksOf(result: DiffResult) {
  assert.ok(result.kind === 'hunks', `expected hunks, got ${JSON.stringify(result)}`);
  return result;
}

const key = (line: { text: string; eol: string }): string => line.text + line.eol;

describe('diff engine: diffLines', () => {
  it('a line whose ending changed is a changed line, with both endings kept', () => {
    const { hunks, added, removed } = hunksOf(diffLines('a\r\nb\r\nc\r\n', 'a\r\nb\nc\r\n'));
    assert.deepEqual([added, removed], [1, 1]);
    assert.deepEqual(hunks[0].lines, [
      { kind: 'ctx', text: 'a', eol: '\r\n' },
      { kind: 'del', text: 'b', eol: '\r\n' },
      { kind: 'add', text: 'b', eol: '\n' },
      { kind: 'ctx', text: 'c', eol: '\r\n' },
    ]);
  });

  it('adding a final newline changes the last line', () => {
    const { hunks } = hunksOf(diffLines('a\nb', 'a\nb\n'));
    assert.deepEqual(hunks[0].lines.slice(1), [
      { kind: 'del', text: 'b', eol: '' },
      { kind: 'add', text: 'b', eol: '\n' },
    ]);
  });

  it('with ignoreLineEndings, CRLF versus LF and a final newline are no change', () => {
    assert.deepEqual(diffLines('a\r\nb', 'a\nb\n', { ignoreLineEndings: true }), { kind: 'hunks', hunks: [], added: 0, removed: 0 });
  });

  it('context 0 makes one hunk per change, with line numbers of the first changed lines', () => {
    const { hunks } = hunksOf(diffLines('1\n2\n3\n4\n5\n', '1\nX\n3\n5\nY\n', { context: 0 }));
    assert.deepEqual(
      hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines]),
      [
        [2, 1, 2, 1],
        [4, 1, 4, 0],
        [6, 0, 5, 1],
      ],
    );
  });

  it('past maxChangedLines the result is a summary with the exact counts', () => {
    const result = diffLines('a\nb\nc\nd\n', 'a\nB\nC\nd\n', { limits: { ...UNHURRIED, maxChangedLines: 3 } });
    assert.deepEqual(result, { kind: 'tooLarge', reason: 'edits', oldLineCount: 4, newLineCount: 4, added: 2, removed: 2 });
  });

  it('is a minimal line diff whose counts match the hunks (random texts with repeated lines)', () => {
    fc.assert(
      fc.property(repetitiveText, repetitiveText, fc.nat({ max: 4 }), (oldText, newText, context) => {
        const { hunks, added, removed } = hunksOf(diffLines(oldText, newText, { context, limits: UNHURRIED }));
        const common = lcsLength(splitLines(oldText).map(key), splitLines(newText).map(key));
        assert.equal(removed, splitLines(oldText).length - common);
        assert.equal(added, splitLines(newText).length - common);
        const lines = hunks.flatMap((h) => h.lines);
        assert.equal(lines.filter((l) => l.kind === 'add').length, added);
        assert.equal(lines.filter((l) => l.kind === 'del').length, removed);
        for (const h of hunks) {
          assert.equal(h.lines.filter((l) => l.kind !== 'add').length, h.oldLines);
          assert.equal(h.lines.filter((l) => l.kind !== 'del').length, h.newLines);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('reverting every hunk gives back the old text, accepting every hunk gives the new text, exactly', () => {
    const pairs = fc.oneof(
      fc.tuple(repetitiveText, repetitiveText),
      fc.tuple(uniqueLines, lineEdits, fc.boolean(), fc.boolean()).map(([lines, edits, oldFinal, newFinal]) => [textOf(lines, oldFinal), textOf(applyEdits(lines, edits, 'N'), newFinal)] as const),
    );
    fc.assert(
      fc.property(pairs, fc.nat({ max: 3 }), ([oldText, newText], context) => {
        const { hunks } = hunksOf(diffLines(oldText, newText, { context, limits: UNHURRIED }));
        assert.equal(revertHunks(newText, hunks), oldText);
        assert.equal(acceptHunks(oldText, hunks), newText);
      }),
      { numRuns: 600 },
    );
  });
});
