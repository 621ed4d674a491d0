// Puts a file back to a given text (Undo, checkpoint restore): through the open document when there is one (a
// minimal edit: one Undo step, cursors elsewhere stay), saved unless the user had unsaved changes in it; a file
// that should not exist is deleted and one that is missing is created, both as undoable workspace edits.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { findOpenDocument } from '../../services/files/documents';
import { planEdits } from '../../services/files/minimalEdits';

/** The text a file has now, as the user sees it: the open document's, else the disk's; null when there is none. */
export async function currentText(file: string): Promise<string | null> {
  const open = findOpenDocument(file);
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(file)));
  } catch {
    return null;
  }
}

/**
 * Sets the file's text. `beforeWrite` runs just before anything reaches the disk (the change tracker takes the
 * coming file event as the client's own).
 */
export async function setFileText(file: string, text: string | null, beforeWrite: (text: string | null) => void): Promise<void> {
  const uri = vscode.Uri.file(file);
  const edit = new vscode.WorkspaceEdit();
  if (text === null) {
    beforeWrite(null);
    edit.deleteFile(uri, { ignoreIfNotExists: true });
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code did not delete ${file}`);
    return;
  }
  const open = findOpenDocument(file);
  if (!open && (await currentText(file)) === null) {
    beforeWrite(text);
    await vscode.workspace.fs.createDirectory(vscode.Uri.file(path.dirname(file)));
    edit.createFile(uri, { ignoreIfExists: false, contents: new TextEncoder().encode(text) });
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code did not create ${file}`);
    return;
  }
  const document = open ?? (await vscode.workspace.openTextDocument(uri));
  const userChanges = document.isDirty;
  const plan = planEdits(document.getText(), text);
  for (const change of plan.edits) {
    edit.replace(uri, new vscode.Range(document.positionAt(change.start), document.positionAt(change.end)), change.text);
  }
  if (plan.edits.length > 0 && !(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused the edit to ${file}`);
  if (!userChanges && document.isDirty) {
    beforeWrite(document.getText());
    if (!(await document.save())) throw new Error(`Saving ${file} failed`);
  }
}
