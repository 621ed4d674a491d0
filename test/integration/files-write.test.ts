// fs/write_text_file driven by a scripted agent the way real agents use it, inside a real VS Code: in-place
// edits with one-step undo, the user's unsaved changes kept, conflicts with their typing shown, new files,
// CRLF and BOM kept, the save policy.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ToolCallEntry } from '../../src/shared/transcript/model';
import { agentJson, agentText, diffTabWithOriginal, documentText, openWithTyping, scratchFile, workspaceRoot } from './helpers/files';
import { useFilesSuite } from './helpers/filesSuite';
import { waitFor } from './helpers/scriptedAgent';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('files: fs/write_text_file', function () {
  this.timeout(60_000);
  const suite = useFilesSuite();

  describe('writing', () => {
    it('edits an open clean document in place: saved, the cursor stays, one undo restores the old text', async () => {
      const before = 'alpha\nbeta\ngamma\nbeta\ndelta\n';
      const file = scratchFile('clean.txt', before);
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
      editor.selection = new vscode.Selection(2, 3, 2, 3);
      const session = await suite.sessionWith('files-write');
      await suite.turn(session, file);

      const after = 'alpha\nBETA\ngamma\nBETA\ndelta\n';
      assert.equal(editor.document.getText(), after);
      assert.equal(editor.document.isDirty, false, 'a clean document is saved (saveAfterWrite ifClean)');
      assert.equal(fs.readFileSync(file, 'utf8'), after);
      assert.deepEqual([editor.selection.active.line, editor.selection.active.character], [2, 3], 'the cursor on an untouched line stayed');
      const record = suite.lastWrite(session);
      assert.deepEqual({ ...record, time: 0 }, { sessionKey: session.key, path: file, before, after, time: 0, conflict: false, saved: true });

      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('undo');
      await documentText(editor.document, before);
    });

    it('edits an open dirty document without saving it; no conflict when the agent had read the unsaved text', async () => {
      const file = scratchFile('dirty.txt', 'one\nbeta\nthree\n');
      const editor = await openWithTyping(file, 'zero\n', 'start');
      const session = await suite.sessionWith('files-write');
      await suite.turn(session, file);
      assert.equal(editor.document.getText(), 'zero\none\nBETA\nthree\n');
      assert.equal(editor.document.isDirty, true, "the user's unsaved changes are not saved behind their back");
      assert.equal(fs.readFileSync(file, 'utf8'), 'one\nbeta\nthree\n');
      const record = suite.lastWrite(session);
      assert.equal(record.conflict, false);
      assert.equal(record.saved, false);
      assert.equal(suite.ui.conflicts.length, 0);
    });

    it('detects a conflict when the user typed after the agent read: the write lands, the notice compares with the user text', async () => {
      const file = scratchFile('conflict.ask.txt', 'red\nbeta\nblue\n');
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
      suite.ui.compare = true;
      const session = await suite.sessionWith('files-write');
      const waiting = (): ToolCallEntry | undefined =>
        session.state.entries.find((e): e is ToolCallEntry => e.kind === 'tool_call' && e.permission !== undefined);
      const asked = waitFor(session.onDidChange, () => waiting() !== undefined);
      const running = suite.api.sessions.prompt(file);
      await asked;

      // The agent has read the file and waits for permission; meanwhile the user types.
      assert.ok(await editor.edit((builder) => builder.insert(new vscode.Position(3, 0), 'user line\n')));
      const userText = editor.document.getText();
      const call = waiting();
      const allow = call?.permission?.options.find((option) => String(option.kind).startsWith('allow'));
      assert.ok(call?.permission && allow, 'the write asked for permission with an allow option');
      session.choosePermission(call.permission.requestKey, allow.optionId);
      await running;

      assert.equal(editor.document.getText(), 'red\nBETA\nblue\n', "the agent's write landed");
      assert.equal(editor.document.isDirty, true, 'the document had unsaved changes before the write: not saved');
      const record = suite.lastWrite(session);
      assert.equal(record.conflict, true);
      assert.equal(record.before, userText);
      assert.equal(suite.ui.conflicts.length, 1);
      assert.equal(suite.ui.conflicts[0].path, file);

      const diff = await diffTabWithOriginal('acp-snapshot');
      assert.equal(diff.modified.fsPath, file);
      const snapshot = await vscode.workspace.openTextDocument(diff.original);
      assert.equal(snapshot.getText(), userText, "the compare shows the user's text from just before the write");
    });

    it('a write over unsaved changes the agent never read is a conflict too; the answer is an empty object', async () => {
      const file = scratchFile('unseen.blind.txt', 'on disk\n');
      await openWithTyping(file, 'unsaved typing\n', 'end');
      const session = await suite.sessionWith('files-write');
      await suite.turn(session, file);
      assert.deepEqual(agentJson<unknown>(session), {});
      const record = suite.lastWrite(session);
      assert.equal(record.conflict, true);
      assert.equal(record.before, 'on disk\nunsaved typing\n');
      assert.equal(record.after, 'written without reading\n');
      assert.equal(suite.ui.conflicts.length, 1);
    });

    it('creates a missing file and its folders, and saves it', async () => {
      const file = path.join(workspaceRoot(), 'files-it', 'new', 'deeper', 'made.create.txt');
      assert.equal(fs.existsSync(path.dirname(file)), false);
      const session = await suite.sessionWith('files-write');
      await suite.turn(session, file);
      assert.equal(fs.readFileSync(file, 'utf8'), 'created by the agent\nsecond line\n');
      const record = suite.lastWrite(session);
      assert.equal(record.before, null);
      assert.equal(record.saved, true);
    });

    it('keeps a CRLF file CRLF, and its BOM, with an edit of the changed line only', async () => {
      const file = scratchFile('crlf.txt', Buffer.concat([BOM, Buffer.from('alpha\r\nbeta\r\ngamma\r\n')]));
      const document = await vscode.workspace.openTextDocument(file);
      const changes: vscode.TextDocumentContentChangeEvent[] = [];
      const listening = vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === document) changes.push(...event.contentChanges);
      });
      try {
        const session = await suite.sessionWith('files-write');
        await suite.turn(session, file);
      } finally {
        listening.dispose();
      }
      assert.deepEqual(fs.readFileSync(file), Buffer.concat([BOM, Buffer.from('alpha\r\nBETA\r\ngamma\r\n')]));
      assert.ok(changes.length > 0);
      const touched = changes.map((c) => [c.range.start.line, c.range.end.line, c.text]);
      assert.ok(touched.every(([start, end]) => start === 1 && Number(end) <= 2), `edits beyond line 2: ${JSON.stringify(touched)}`);
    });

    it('with saveAfterWrite "never", leaves the written document unsaved, opened in the background', async () => {
      await suite.setting('saveAfterWrite', 'never');
      const file = scratchFile('never.txt', 'beta\n');
      const session = await suite.sessionWith('files-write');
      await suite.turn(session, file);
      assert.equal(fs.readFileSync(file, 'utf8'), 'beta\n', 'not saved');
      const document = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
      assert.equal(document?.getText(), 'BETA\n');
      assert.equal(document?.isDirty, true);
      assert.equal(suite.lastWrite(session).saved, false);
      assert.ok(!vscode.window.visibleTextEditors.some((e) => e.document === document), 'the document was not shown');
    });

    it('refuses to create a file outside the workspace folders when the setting says deny', async () => {
      await suite.setting('outsideRoots', 'deny');
      const outsideDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-files-write-outside-')));
      try {
        const file = path.join(outsideDir, 'sub', 'nope.create.txt');
        const session = await suite.sessionWith('files-write');
        await suite.turn(session, file);
        assert.equal(agentText(session), 'failed', 'the scripted agent saw its write fail');
        assert.equal(fs.existsSync(path.dirname(file)), false, 'nothing was created');
        assert.deepEqual(suite.writes(session), []);
        assert.equal(suite.ui.asked.length, 0);
      } finally {
        fs.rmSync(outsideDir, { recursive: true, force: true });
      }
    });
  });
});
