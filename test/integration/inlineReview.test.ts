// Inline review inside a real VS Code: a scripted agent rewrites three places of a file (on disk itself, or through
// fs/write_text_file); the editor shows the three hunks with Keep/Undo CodeLenses; the test keeps one through the
// CodeLens VS Code gets from the provider, undoes one, types next to the third, steps between them with the
// navigation commands and undoes the third at the cursor: the file ends exactly as expected.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { InlineState } from '../../src/review/vscode/inline/registerInline';
import { scratchFile } from './helpers/files';
import { useFilesSuite, type FilesSuite } from './helpers/filesSuite';
import { TestReviewUserInterface, pendingFile, untilReview, untilSnapshotKnows } from './helpers/review';
import { useTestUserInterface } from './helpers/userInterface';

const GIVE_UP_MS = 20_000;
const lines = (count: number): string => Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join('');
const BEFORE = lines(20);
const AGENT_TEXT = BEFORE.replace('line 2\n', 'LINE TWO\n').replace('line 10\n', 'LINE TEN\nand one more\n').replace('line 18\n', '');

/** Resolves once the inline review of `uri` satisfies `check`; checked now and after every inline update. */
function untilInline(suite: FilesSuite, uri: vscode.Uri, check: (state: InlineState | undefined) => boolean, what: string): Promise<InlineState | undefined> {
  const inline = suite.api.review.inline;
  return new Promise((resolve, reject) => {
    if (check(inline.stateOf(uri))) return resolve(inline.stateOf(uri));
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`Waited ${GIVE_UP_MS / 1000} s for ${what} in vain; the inline review shows ${JSON.stringify(inline.stateOf(uri))}`));
    }, GIVE_UP_MS);
    const subscription = inline.onDidUpdate(() => {
      const state = inline.stateOf(uri);
      if (check(state)) {
        clearTimeout(timer);
        subscription.dispose();
        resolve(state);
      }
    });
  });
}

const lensSummary = (state: InlineState | undefined): [number, string][] => (state?.lenses ?? []).map((lens) => [lens.line, lens.title]);

/** The CodeLenses VS Code itself gets for the document (from every provider), by title. */
async function codeLens(uri: vscode.Uri, title: string): Promise<vscode.CodeLens> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  const lens = lenses.find((candidate) => candidate.command?.title === title);
  assert.ok(lens, `VS Code has the CodeLens "${title}" (it has ${JSON.stringify(lenses.map((l) => l.command?.title))})`);
  return lens;
}

async function runLens(lens: vscode.CodeLens): Promise<void> {
  assert.ok(lens.command);
  await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
}

describe('inline review in the editor', function () {
  this.timeout(90_000);
  const suite = useFilesSuite();
  // The first workspace scan done, the file watchers have been running a while: the first scratch file is seen.
  before(() => suite.api.review.service.settled());
  const ui = useTestUserInterface(() => suite.api.review, () => new TestReviewUserInterface());

  for (const way of ['disk', 'fs'] as const) {
    it(`an edit ${way === 'disk' ? 'the agent wrote to disk itself' : 'through fs/write_text_file'}: keep one change, undo one, type next to the third and undo it`, async () => {
      const file = scratchFile(`inline.${way}.txt`, BEFORE);
      await untilSnapshotKnows(suite.api, file, BEFORE);
      const session = await suite.sessionWith('inline-review');
      await suite.turn(session, file);
      await untilReview(suite.api, () => pendingFile(suite.api, file)?.current === AGENT_TEXT, "the agent's three changes");
      const uri = vscode.Uri.file(file);
      const editor = await vscode.window.showTextDocument(uri);
      const document = editor.document;

      // Three hunks where the agent made them: line 2 rewritten, line 10 replaced by two, line 18 deleted.
      const shown = await untilInline(suite, uri, (state) => state?.decorations !== undefined && state.hunks.length === 3, 'three hunks shown');
      assert.deepEqual(shown?.hunks.map((h) => [h.state, h.from, h.to]), [['found', 1, 2], ['found', 9, 11], ['found', 18, 18]]);
      assert.deepEqual(shown?.decorations?.addedLines, [1, 9, 10]);
      assert.deepEqual(shown?.decorations?.changedText, [{ line: 1, start: 0, end: 8 }]);
      assert.deepEqual(shown?.decorations?.removed.map((note) => [note.line, note.edge, note.text]), [
        [1, 'inline', '− was: line 2'],
        [9, 'inline', '− was: line 10'],
        [18, 'above', '− removed above: line 18'],
      ]);
      assert.deepEqual(lensSummary(shown), [
        [1, 'Keep change 1 of 3'],
        [1, 'Undo change 1 of 3'],
        [1, 'Line 2: 1 added, 1 removed'],
        [9, 'Keep change 2 of 3'],
        [9, 'Undo change 2 of 3'],
        [9, 'Lines 10–11: 2 added, 1 removed'],
        [18, 'Keep change 3 of 3'],
        [18, 'Undo change 3 of 3'],
        [18, 'After line 18: 1 removed'],
      ]);

      // Next and previous change move the cursor, round the file.
      editor.selection = new vscode.Selection(0, 0, 0, 0);
      const cursorLines: number[] = [];
      for (const command of ['nextHunk', 'nextHunk', 'nextHunk', 'nextHunk', 'previousHunk', 'previousHunk']) {
        await vscode.commands.executeCommand(`acp.review.${command}`);
        cursorLines.push(editor.selection.active.line);
      }
      assert.deepEqual(cursorLines, [1, 9, 18, 1, 18, 9]);

      // Keep the first change with its CodeLens as VS Code has it: the file stays, the change leaves the review.
      const keepLens = await codeLens(uri, 'Keep change 1 of 3');
      assert.equal(keepLens.range.start.line, 1, 'the Keep lens is above the first hunk');
      await runLens(keepLens);
      const afterKeep = await untilInline(suite, uri, (state) => state?.hunks.length === 2, 'two hunks after Keep');
      assert.equal(document.getText(), AGENT_TEXT);
      assert.deepEqual(afterKeep?.decorations?.addedLines, [9, 10]);
      assert.deepEqual(lensSummary(afterKeep).filter(([, title]) => title.startsWith('Keep')), [[9, 'Keep change 1 of 2'], [18, 'Keep change 2 of 2']]);

      // Undo the change at lines 10–11: exactly line 10 comes back.
      await runLens(await codeLens(uri, 'Undo change 1 of 2'));
      const expectedAfterUndo = AGENT_TEXT.replace('LINE TEN\nand one more\n', 'line 10\n');
      assert.equal(document.getText(), expectedAfterUndo);
      await untilInline(suite, uri, (state) => state?.hunks.length === 1, 'one hunk left after Undo');

      // The user types right where the agent deleted line 18 (unsaved): the decoration and lens move with it.
      const deletionPoint = expectedAfterUndo.split('\n').indexOf('line 19');
      await editor.edit((edit) => edit.insert(new vscode.Position(deletionPoint, 0), 'typed by the user\n'));
      const moved = await untilInline(suite, uri, (state) => state?.hunks[0]?.from === deletionPoint + 1, 'the last hunk below the typed line');
      assert.deepEqual(moved?.decorations?.removed.map((note) => [note.line, note.text]), [[deletionPoint + 1, '− removed above: line 18']]);
      assert.deepEqual(lensSummary(moved)[0], [deletionPoint + 1, 'Keep change 1 of 1']);

      // Undo it at the cursor (the keyboard command): line 18 is back, the typed line stays.
      editor.selection = new vscode.Selection(0, 0, 0, 0);
      await vscode.commands.executeCommand('acp.review.nextHunk');
      assert.equal(editor.selection.active.line, deletionPoint + 1);
      await vscode.commands.executeCommand('acp.review.undoHunkAtCursor');
      const expected = expectedAfterUndo.replace('line 19\n', 'typed by the user\nline 18\nline 19\n');
      assert.equal(document.getText(), expected);
      assert.equal(document.isDirty, true, 'the user had unsaved changes: not saved behind their back');
      assert.deepEqual(ui.current.errors, []);
      assert.equal(pendingFile(suite.api, file), undefined, 'every change is kept or undone: the file left the review');
      await untilInline(suite, uri, (state) => state === undefined, 'the inline review gone');
      const lensesLeft = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
      assert.deepEqual(lensesLeft.filter((lens) => /change \d of \d/.test(lens.command?.title ?? '')), []);
    });
  }

  it('an edit inside a change is a conflict: its Undo is refused, Keep and the other changes still work', async () => {
    const file = scratchFile('conflict.disk.txt', BEFORE);
    await untilSnapshotKnows(suite.api, file, BEFORE);
    const session = await suite.sessionWith('inline-review');
    await suite.turn(session, file);
    await untilReview(suite.api, () => pendingFile(suite.api, file)?.current === AGENT_TEXT, "the agent's three changes");
    const uri = vscode.Uri.file(file);
    const editor = await vscode.window.showTextDocument(uri);
    await untilInline(suite, uri, (state) => state?.hunks.length === 3, 'three hunks shown');
    await editor.edit((edit) => edit.insert(new vscode.Position(10, 'and one more'.length), ' (mine)'));
    const state = await untilInline(suite, uri, (s) => s?.hunks[1]?.state === 'conflict', 'the second hunk in conflict');
    assert.deepEqual(state?.decorations?.addedLines, [1], 'only the hunk found is highlighted');
    assert.ok(lensSummary(state).some(([, title]) => title.startsWith('Change 2 of 3 (near line 10): you edited inside it')));
    editor.selection = new vscode.Selection(9, 0, 9, 0);
    await vscode.commands.executeCommand('acp.review.undoHunkAtCursor');
    assert.equal(ui.current.errors.length, 1, 'the undo of a conflict is refused with a word why');
    assert.match(editor.document.getText(), /and one more \(mine\)/);
    await vscode.commands.executeCommand('acp.review.keepHunkAtCursor');
    await untilInline(suite, uri, (s) => s?.hunks.length === 2, 'the kept conflict leaves the review');
    await vscode.commands.executeCommand('acp.review.undoFile');
    assert.deepEqual(ui.current.userEditQuestions, [file], 'asked first: the user edited the file after the agent');
    assert.equal(editor.document.getText(), BEFORE.replace('line 10\n', 'LINE TEN\nand one more\n'), 'Undo All puts back the baseline, with the kept change');
  });
});
