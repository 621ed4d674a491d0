// Helpers for the files integration tests: scratch files in the test workspace, a user interface whose
// answers the test gives, and waits on documents and tabs (events, no sleeps).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ConsentAnswer, ConsentRequest } from '../../../src/services/files/consent';
import type { ConflictNotice, FilesUserInterface } from '../../../src/services/files/userInterface';
import type { Session } from '../../../src/session/session';
import type { AgentMessageEntry, ToolCallEntry } from '../../../src/shared/transcript/model';
import { waitFor } from './scriptedAgent';

export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the integration tests need a workspace folder');
  return folder.uri.fsPath;
}

/** A file under <workspace>/files-it/ with the given content (bytes as they are). */
export function scratchFile(name: string, content: string | Buffer): string {
  const file = path.join(workspaceRoot(), 'files-it', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/** Answers the consent prompt from a list, records every question and conflict notice. */
export class TestUserInterface implements FilesUserInterface {
  readonly asked: ConsentRequest[] = [];
  readonly conflicts: ConflictNotice[] = [];
  private readonly conflictEmitter = new vscode.EventEmitter<ConflictNotice>();
  readonly onConflict = this.conflictEmitter.event;

  constructor(
    public answers: ConsentAnswer[] = [],
    public compare = false,
  ) {}

  ask(request: ConsentRequest): Promise<ConsentAnswer> {
    this.asked.push(request);
    return Promise.resolve(this.answers.shift());
  }

  conflict(notice: ConflictNotice): Promise<boolean> {
    this.conflicts.push(notice);
    this.conflictEmitter.fire(notice);
    return Promise.resolve(this.compare);
  }
}

export function agentText(session: Session): string {
  const messages = session.state.entries.filter((e): e is AgentMessageEntry => e.kind === 'agent');
  const last = messages[messages.length - 1];
  if (!last) throw new Error('the agent said nothing');
  return last.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** The last thing the agent said, parsed as JSON (the scenarios say fs/* results that way). */
export function agentJson<T>(session: Session): T {
  return JSON.parse(agentText(session)) as T;
}

export function lastToolCall(session: Session): ToolCallEntry {
  const calls = session.state.entries.filter((e): e is ToolCallEntry => e.kind === 'tool_call');
  const last = calls[calls.length - 1];
  if (!last) throw new Error('the agent made no tool call');
  return last;
}

export function toolCallText(call: ToolCallEntry): string {
  return call.content
    .map((item) => {
      const inner = (item as { content?: { type?: string; text?: string } }).content;
      return inner?.type === 'text' ? (inner.text ?? '') : '';
    })
    .join('');
}

/** Opens and shows the file and types `typed` at its start or end (an editor edit, as typing is). */
export async function openWithTyping(file: string, typed: string, at: 'start' | 'end'): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
  const position = at === 'start' ? new vscode.Position(0, 0) : editor.document.lineAt(editor.document.lineCount - 1).range.end;
  if (!(await editor.edit((builder) => builder.insert(position, typed)))) throw new Error(`typing into ${file} failed`);
  return editor;
}

/** Resolves once the document's text is `expected`. */
export async function documentText(document: vscode.TextDocument, expected: string): Promise<void> {
  if (document.getText() === expected) return;
  await waitFor(vscode.workspace.onDidChangeTextDocument, (event) => event.document === document && document.getText() === expected);
}

/** Resolves with the first tab showing a diff whose left side has `scheme`. */
export async function diffTabWithOriginal(scheme: string): Promise<vscode.TabInputTextDiff> {
  const find = (): vscode.TabInputTextDiff | undefined =>
    vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .map((tab) => tab.input)
      .find((input): input is vscode.TabInputTextDiff => input instanceof vscode.TabInputTextDiff && input.original.scheme === scheme);
  const found = find();
  if (found) return found;
  await waitFor(vscode.window.tabGroups.onDidChangeTabs, () => find() !== undefined);
  return find() as vscode.TabInputTextDiff;
}

/** Reverts every dirty test document and closes all editors (no save prompts left behind). */
export async function closeEverything(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    if (!document.isDirty || !document.uri.fsPath.includes(`${path.sep}files-it${path.sep}`)) continue;
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
