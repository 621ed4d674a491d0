// "Open" on a subagent's thread: the child's transcript on its own, as a read-only markdown document beside the chat
// (a virtual document, so nothing asks to be saved), refreshed each time it is opened.
import * as vscode from 'vscode';
import type { SessionState } from '../shared/transcript/model';
import { subagentMarkdown } from '../shared/transcript/subagentMarkdown';

const SCHEME = 'acp-subagent';

class SubagentDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }
}

let documents: SubagentDocuments | undefined;

/** The provider of the child documents, registered with the extension's subscriptions on first use. */
export function registerSubagentDocuments(): vscode.Disposable {
  documents = new SubagentDocuments();
  return vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents);
}

export async function openSubagentTranscript(parent: SessionState, childId: string): Promise<vscode.TextDocument> {
  const markdown = subagentMarkdown(parent, childId);
  if (markdown === undefined) throw new Error('That subagent is not part of this session any more.');
  if (!documents) throw new Error('Subagent transcripts cannot be opened yet.');
  const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${encodeURIComponent(childId)}.md` });
  documents.set(uri, markdown);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(document, 'markdown');
  await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  return document;
}
