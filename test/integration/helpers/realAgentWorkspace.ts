// A scratch folder inside the workspace for one real-agent suite, and putting the editors back afterwards.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

export function workspaceFolder(): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) throw new Error('the integration suite needs a workspace folder');
  return folder;
}

/** A fresh, empty folder in the workspace (the agent may use the workspace without asking). */
export function scratchFolder(name: string): string {
  const dir = path.join(workspaceFolder(), name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Discards unsaved changes of the documents under the folder and closes their editors. */
export async function discardDocumentsUnder(dir: string): Promise<void> {
  const prefix = dir + path.sep;
  for (const document of vscode.workspace.textDocuments) {
    if (document.uri.scheme !== 'file' || !document.uri.fsPath.startsWith(prefix)) continue;
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

/** Replaces the whole text of a document the way typing would, without saving. */
export async function typeIntoBuffer(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`could not edit ${document.uri.fsPath}`);
}
