// The change ledger and review inside a real VS Code, with a scripted agent that edits files on disk itself and
// one that uses fs/write_text_file: what shows in Agent Changes and the explorer, Keep, Undo, checkpoints.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { scratchFile } from './helpers/files';
import { useFilesSuite } from './helpers/filesSuite';
import { TestReviewUserInterface, pendingFile, untilReview, untilSnapshotKnows } from './helpers/review';
import { useTestUserInterface } from './helpers/userInterface';

describe('review: what the agent changed', function () {
  this.timeout(60_000);
  const suite = useFilesSuite();
  const ui = useTestUserInterface(() => suite.api.review, () => new TestReviewUserInterface());

  /** A scratch file the watcher has seen (as a file the user had before the turn). */
  async function existing(name: string, text: string): Promise<string> {
    const file = scratchFile(name, text);
    await untilSnapshotKnows(suite.api, file, text);
    return file;
  }

  it('an edit the agent makes on disk itself shows in the ledger, the view and the explorer; Undo restores it', async () => {
    const file = await existing('one.disk.txt', 'alpha\nbeta\ngamma\n');
    const session = await suite.sessionWith('review');
    await suite.turn(session, file);
    const pending = await untilReview(suite.api, () => pendingFile(suite.api, file));
    assert.equal(pending.status, 'modified');
    assert.equal(pending.baseline, 'alpha\nbeta\ngamma\n');
    assert.equal(pending.current, 'alpha\nBETA\ngamma\n');
    assert.equal(pending.toolCallIds.length, 1, 'attributed to the edit tool call');
    const call = session.state.entries.find((entry) => entry.kind === 'tool_call' && entry.toolCallId === pending.toolCallIds[0]);
    assert.ok(call, 'the attributed tool call is in the transcript');
    assert.equal(suite.api.review.decorations.statusOf(file), 'modified');
    const node = suite.api.review.tree.files().find((item) => item.file.path === file);
    assert.ok(node, 'Agent Changes lists the file');
    const item = suite.api.review.tree.getTreeItem(node);
    assert.match(String(item.description), /^\+1 −1/);

    assert.ok(call.kind === 'tool_call' && !call.undone, 'not undone yet');

    await vscode.commands.executeCommand('acp.undoFile', node);
    assert.equal(fs.readFileSync(file, 'utf8'), 'alpha\nbeta\ngamma\n');
    assert.equal(pendingFile(suite.api, file), undefined);
    assert.equal(suite.api.review.decorations.statusOf(file), undefined);
    const after = session.state.entries.find((entry) => entry.kind === 'tool_call' && entry.toolCallId === pending.toolCallIds[0]);
    assert.ok(after?.kind === 'tool_call' && after.undone === true, "the tool call's card says its change was undone");
  });

  it('an edit through fs/write_text_file is in the ledger too; Keep leaves the file and ends its review', async () => {
    const file = await existing('two.fs.txt', 'beta\n');
    const session = await suite.sessionWith('review');
    await suite.turn(session, file);
    const pending = await untilReview(suite.api, () => pendingFile(suite.api, file));
    assert.deepEqual([pending.baseline, pending.current], ['beta\n', 'BETA\n']);
    await vscode.commands.executeCommand('acp.keepFile', file);
    assert.equal(pendingFile(suite.api, file), undefined);
    assert.equal(fs.readFileSync(file, 'utf8'), 'BETA\n');
  });

  it('Undo removes a file the agent created and brings back one it deleted', async () => {
    const deleted = await existing('four.del.txt', 'keep me\n');
    const created = path.join(path.dirname(deleted), 'three.new.txt');
    const session = await suite.sessionWith('review');
    await suite.turn(session, created);
    await suite.turn(session, deleted);
    await untilReview(suite.api, () => pendingFile(suite.api, created) && pendingFile(suite.api, deleted));
    assert.equal(pendingFile(suite.api, created)?.status, 'created');
    assert.equal(pendingFile(suite.api, deleted)?.status, 'deleted');
    assert.equal(fs.existsSync(deleted), false);

    await vscode.commands.executeCommand('acp.undoAll');
    assert.equal(fs.existsSync(created), false, 'the created file is gone');
    assert.equal(fs.readFileSync(deleted, 'utf8'), 'keep me\n', 'the deleted file is back');
    assert.deepEqual(suite.api.review.service.ledger?.pending(), []);
  });

  it("changes the user saves are not the agent's", async () => {
    const mine = await existing('mine.txt', 'mine\n');
    const agents = await existing('five.disk.txt', 'beta\n');
    const session = await suite.sessionWith('review');
    const document = await vscode.workspace.openTextDocument(mine);
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), 'typed '));
    await document.save();
    await suite.turn(session, agents);
    await untilReview(suite.api, () => pendingFile(suite.api, agents));
    await suite.api.review.service.settled();
    assert.equal(pendingFile(suite.api, mine), undefined);
  });

  it('the last turn view lists only that turn; restoring a checkpoint reverts later turns and can be undone', async () => {
    const a = await existing('six.disk.txt', 'beta one\n');
    const b = path.join(path.dirname(a), 'seven.new.txt');
    const session = await suite.sessionWith('review');
    await suite.turn(session, a);
    await untilReview(suite.api, () => pendingFile(suite.api, a));
    await suite.turn(session, b);
    await untilReview(suite.api, () => pendingFile(suite.api, b));

    await vscode.commands.executeCommand('acp.reviewLastTurn');
    assert.deepEqual(suite.api.review.tree.files().map((node) => node.file.path), [b]);
    await vscode.commands.executeCommand('acp.reviewChanges');
    assert.deepEqual(suite.api.review.tree.files().map((node) => node.file.path).sort(), [a, b].sort());

    await vscode.commands.executeCommand('acp.restoreCheckpoint', 1);
    assert.equal(ui.current.plans.length, 1, 'the plan was shown first');
    assert.deepEqual(ui.current.plans[0].steps.map((step) => [step.path, step.action]).sort(), [[a, 'restore'], [b, 'delete']].sort());
    assert.equal(fs.readFileSync(a, 'utf8'), 'beta one\n');
    assert.equal(fs.existsSync(b), false);

    await vscode.commands.executeCommand('acp.undoRestoreCheckpoint');
    assert.equal(fs.readFileSync(a, 'utf8'), 'BETA one\n');
    assert.equal(fs.readFileSync(b, 'utf8'), 'made by the agent\n');
  });
});

describe('review: keep and undo one change at a time', function () {
  this.timeout(60_000);
  const suite = useFilesSuite();
  const ui = useTestUserInterface(() => suite.api.review, () => new TestReviewUserInterface());

  const lines = (count: number): string => Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join('');

  it('three hunks: keep one, undo one, type next to the third and undo it: the file ends exactly as expected', async () => {
    const before = lines(20);
    const file = scratchFile('eight.hunks.txt', before);
    await untilSnapshotKnows(suite.api, file, before);
    const session = await suite.sessionWith('review');
    await suite.turn(session, file);
    const pending = await untilReview(suite.api, () => {
      const found = pendingFile(suite.api, file);
      return found?.current?.includes('LINE TEN') && !found.current.includes('line 18\n') ? found : undefined;
    });
    const agentText = pending.current ?? '';
    const node = suite.api.review.tree.files().find((item) => item.file.path === file);
    assert.ok(node);
    const hunks = suite.api.review.tree.hunks(node);
    assert.deepEqual(
      hunks.map((h) => suite.api.review.tree.getTreeItem(h).label),
      ['Line 2', 'Lines 10–11', 'After line 18'],
    );

    await vscode.commands.executeCommand('acp.keepHunk', hunks[0]);
    const afterKeep = suite.api.review.tree.hunks(suite.api.review.tree.files().find((item) => item.file.path === file)!);
    assert.equal(afterKeep.length, 2, 'the kept change left the review');

    await vscode.commands.executeCommand('acp.undoHunk', afterKeep[0]);
    const expectedAfterUndo = agentText.replace('LINE TEN\nand one more\n', 'line 10\n');
    assert.equal(fs.readFileSync(file, 'utf8'), expectedAfterUndo);

    // The user types just above the deleted line 18 (before line 17), unsaved: theirs, not the agent's.
    const document = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(document);
    const line17 = expectedAfterUndo.split('\n').indexOf('line 17');
    await editor.edit((edit) => edit.insert(new vscode.Position(line17, 0), 'typed by the user\n'));
    const remaining = suite.api.review.tree.hunks(suite.api.review.tree.files().find((item) => item.file.path === file)!);
    assert.equal(remaining.length, 1);
    await vscode.commands.executeCommand('acp.undoHunk', remaining[0]);
    const expected = expectedAfterUndo.replace('line 17\n', 'typed by the user\nline 17\nline 18\n');
    assert.equal(document.getText(), expected, 'line 18 is back, the typed line stays');
    assert.equal(document.isDirty, true, 'the user had unsaved changes: not saved behind their back');
    assert.deepEqual(ui.current.errors, []);
    const left = pendingFile(suite.api, file);
    assert.equal(left, undefined, 'every change is kept or undone: the file left the review');
  });
});
