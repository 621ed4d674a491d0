// One fs/write_text_file on a text document: the document (opened in the background when no editor has it;
// the file and its folders created first when missing) gets the agent's text, converted to the document's
// line endings, as a minimal WorkspaceEdit (one Undo step), and is saved per the save policy. VS Code keeps
// the document's encoding and BOM when it saves. An edit computed against a text the user has changed in
// the meantime is refused by VS Code; it is then computed again.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { changedSince, TextState } from './baselines';
import { fileKind } from './diskRead';
import { documentEol, findOpenDocument } from './documents';
import { toEol, toLf } from './eol';
import { fileError, notAFileError } from './fileErrors';
import { planEdits } from './minimalEdits';
import { SaveAfterWrite, shouldSave } from './savePolicy';
import { describeError } from '../../shared/text/errors';

export interface WriteRequest {
  path: string;
  /** The agent's text ("\n" or any line endings). */
  content: string;
  /** What the agent last saw of the file in this session. */
  seen: TextState | undefined;
  savePolicy(uri: vscode.Uri): SaveAfterWrite;
}

export interface WriteOutcome {
  document: vscode.TextDocument;
  /** The document's text just before the write; null when the write created the file. */
  before: string | null;
  after: string;
  /** The write replaced changes the agent had not seen. */
  conflict: boolean;
  saved: boolean;
}

const ATTEMPTS = 3;

async function createFile(file: string): Promise<void> {
  const uri = vscode.Uri.file(file);
  await vscode.workspace.fs.createDirectory(vscode.Uri.file(path.dirname(file)));
  const edit = new vscode.WorkspaceEdit();
  edit.createFile(uri, { ignoreIfExists: true });
  if (!(await vscode.workspace.applyEdit(edit))) throw fileError(file, 'editRejected', `VS Code did not create ${file}`);
}

async function openDocument(file: string): Promise<{ document: vscode.TextDocument; created: boolean }> {
  const open = findOpenDocument(file);
  if (open) return { document: open, created: false };
  const kind = await fileKind(file);
  if (kind === 'other') throw notAFileError(file);
  if (kind === 'missing') await createFile(file);
  try {
    return { document: await vscode.workspace.openTextDocument(vscode.Uri.file(file)), created: kind === 'missing' };
  } catch (error) {
    throw fileError(file, 'io', `Cannot open ${file} as a text document: ${describeError(error)}`);
  }
}

function editFor(document: vscode.TextDocument, before: string, target: string): vscode.WorkspaceEdit | undefined {
  const plan = planEdits(before, target);
  if (plan.edits.length === 0) return undefined;
  const edit = new vscode.WorkspaceEdit();
  for (const change of plan.edits) {
    edit.replace(document.uri, new vscode.Range(document.positionAt(change.start), document.positionAt(change.end)), change.text);
  }
  return edit;
}

export async function writeThroughDocument(request: WriteRequest): Promise<WriteOutcome> {
  const { document, created } = await openDocument(request.path);
  const dirtyBefore = document.isDirty && !created;
  const target = toEol(request.content, documentEol(document));
  let before = '';
  let conflict = false;
  for (let attempt = 1; ; attempt++) {
    before = document.getText();
    const version = document.version;
    const text = before;
    conflict = !created && changedSince(request.seen, { document, version, isDirty: document.isDirty, text: () => toLf(text) });
    const edit = editFor(document, before, target);
    if (!edit || (await vscode.workspace.applyEdit(edit))) break;
    // Refused: most likely the user typed between reading the text and applying the edit. Try again.
    if (document.version === version || attempt >= ATTEMPTS) {
      throw fileError(request.path, 'editRejected', `VS Code refused the edit to ${request.path}`);
    }
  }
  let saved = !document.isDirty;
  if (shouldSave(request.savePolicy(document.uri), dirtyBefore) && document.isDirty) {
    saved = await document.save();
    if (!saved) throw fileError(request.path, 'saveFailed', `The text was written to the editor but saving ${request.path} failed`);
  }
  return { document, before: created ? null : before, after: document.getText(), conflict, saved };
}
