import * as assert from 'node:assert/strict';
import { inlineHunks, hunkAtLine, stepFile, stepHunk, whereLabel } from '../../../../src/review/inline/inlineHunks';
import { changedSpan, decorationsOf, lensesOf, statusTextOf } from '../../../../src/review/inline/inlinePresentation';
import { diffLines, type DiffHunk } from '../../../../src/shared/diff';

const lines = (count: number): string => Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join('');
/** Lines as VS Code counts them: a final newline makes one more, empty line. */
const editorLines = (text: string): number => text.split('\n').length;

function hunksOf(before: string, after: string): DiffHunk[] {
  const result = diffLines(before, after, { context: 0 });
  assert.equal(result.kind, 'hunks');
  return result.kind === 'hunks' ? result.hunks : [];
}

// The agent's edit of the integration tests: line 2 rewritten, line 10 replaced by two lines, line 18 deleted.
const baseline = lines(20);
const agentText = baseline.replace('line 2\n', 'LINE TWO\n').replace('line 10\n', 'LINE TEN\nand one more\n').replace('line 18\n', '');
const hunks = hunksOf(baseline, agentText);

describe('inline review: where the hunks are in the document', () => {
  it('places each hunk on its lines when the document is the agent text', () => {
    const placed = inlineHunks(agentText, agentText, hunks, editorLines(agentText));
    assert.deepEqual(
      placed.map((h) => [h.state, h.from, h.to, h.anchor, h.removed, h.added]),
      [
        ['found', 1, 2, 1, ['line 2'], 1],
        ['found', 9, 11, 9, ['line 10'], 2],
        ['found', 18, 18, 18, ['line 18'], 0],
      ],
    );
    assert.deepEqual(placed.map(whereLabel), ['line 2', 'lines 10–11', 'after line 18']);
  });

  it("follows the user's typing above a hunk and reports an edit inside one as a conflict, estimating its place", () => {
    const typed = agentText.replace('line 5\n', 'line 5\nmine\nmine too\n').replace('and one more\n', 'and one more (edited)\n');
    const placed = inlineHunks(agentText, typed, hunks, editorLines(typed));
    assert.deepEqual(
      placed.map((h) => [h.state, h.from, h.to]),
      [
        ['found', 1, 2],
        ['conflict', 11, 11],
        ['found', 20, 20],
      ],
    );
    assert.equal(whereLabel(placed[1]), 'near line 12');
  });

  it('finds the hunk at a line and steps to the next or previous one, round the file', () => {
    const placed = inlineHunks(agentText, agentText, hunks, editorLines(agentText));
    assert.equal(hunkAtLine(placed, 10)?.index, 1);
    assert.equal(hunkAtLine(placed, 18)?.index, 2, 'a pure deletion is at its anchor line');
    assert.equal(hunkAtLine(placed, 5), undefined);
    assert.deepEqual([stepHunk(placed, 0, 1), stepHunk(placed, 1, 1), stepHunk(placed, 18, 1)].map((h) => h?.index), [0, 1, 0]);
    assert.deepEqual([stepHunk(placed, 5, -1), stepHunk(placed, 1, -1)].map((h) => h?.index), [0, 2]);
    assert.equal(stepHunk([], 0, 1), undefined);
  });

  it('steps through files round the list', () => {
    assert.equal(stepFile(['/a', '/b', '/c'], '/c', 1), '/a');
    assert.equal(stepFile(['/a', '/b', '/c'], '/a', -1), '/c');
    assert.equal(stepFile(['/a', '/b'], '/x', -1), '/b');
    assert.equal(stepFile([], '/x', 1), undefined);
  });
});

describe('inline review: what the editor shows', () => {
  it('highlights added lines, the changed characters of rewritten lines, and notes the removed text', () => {
    const placed = inlineHunks(agentText, agentText, hunks, editorLines(agentText));
    const shown = decorationsOf(placed, editorLines(agentText));
    assert.deepEqual(shown.addedLines, [1, 9, 10]);
    assert.deepEqual(shown.changedText, [{ line: 1, start: 0, end: 8 }]);
    assert.deepEqual(
      shown.removed.map((note) => [note.line, note.edge, note.text]),
      [
        [1, 'inline', '− was: line 2'],
        [9, 'inline', '− was: line 10'],
        [18, 'above', '− removed above: line 18'],
      ],
    );
  });

  it('summarises several removed lines in one readable note, with all of them for the hover', () => {
    const before = 'a\nb\nc\nd\n';
    const after = 'a\n';
    const placed = inlineHunks(after, after, hunksOf(before, after), editorLines(after));
    const [note] = decorationsOf(placed, editorLines(after)).removed;
    assert.deepEqual([note.line, note.edge, note.text, note.full], [1, 'above', '− removed above: b (+2 more lines)', ['b', 'c', 'd']]);
  });

  it('the changed span of a rewritten line', () => {
    assert.deepEqual(changedSpan('const a = 1;', 'const a = 2;'), { start: 10, end: 11 });
    assert.deepEqual(changedSpan('abc', 'abXbc'), { start: 2, end: 4 });
    assert.deepEqual(changedSpan('same', 'same'), { start: 4, end: 4 });
  });

  it('offers Keep and Undo above each hunk with titles that say what they do; a conflict cannot be undone alone', () => {
    const typed = agentText.replace('and one more\n', 'and one more (edited)\n');
    const lenses = lensesOf(inlineHunks(agentText, typed, hunks, editorLines(typed)));
    assert.deepEqual(
      lenses.map((lens) => [lens.line, lens.action, lens.title]),
      [
        [1, 'keep', 'Keep change 1 of 3'],
        [1, 'undo', 'Undo change 1 of 3'],
        [1, 'none', 'Line 2: 1 added, 1 removed'],
        [9, 'keep', 'Keep change 2 of 3'],
        [9, 'none', 'Change 2 of 3 (near line 10): you edited inside it, so it cannot be undone on its own'],
        [18, 'keep', 'Keep change 3 of 3'],
        [18, 'undo', 'Undo change 3 of 3'],
        [18, 'none', 'After line 18: 1 removed'],
      ],
    );
  });

  it('the status bar names the change at or after the cursor and the file', () => {
    const placed = inlineHunks(agentText, agentText, hunks, editorLines(agentText));
    assert.deepEqual(statusTextOf(placed, 9, { index: 0, count: 2 }), {
      text: '$(diff) Agent change 2 of 3 · file 1 of 2',
      label: 'Agent change 2 of 3 in this file, file 1 of 2 with agent changes. Select to go to the next change.',
    });
    assert.equal(statusTextOf(placed, 12, { index: 0, count: 1 })?.text, '$(diff) Agent change 3 of 3');
    assert.equal(statusTextOf([], 0, { index: 0, count: 1 }), undefined);
  });
});
