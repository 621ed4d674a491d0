// "ACP: Show Conversation in Accessible View": the whole conversation of the shown session as a
// read-only Markdown document a screen reader can walk line by line, like VS Code's own Accessible View. All of it:
// the entries the host keeps (the chat only renders the rows on screen) and, first, those that left memory for the
// session's spill file. Secrets are masked as in an export.
import * as vscode from 'vscode';
import type { ActiveSurface, SurfaceSessions } from '../session/surfaceSessions';
import { transcriptToMarkdown } from '../shared/transcript/transcriptExport';

export const ACCESSIBLE_VIEW_COMMAND = 'acp.showAccessibleView';
const SCHEME = 'acp-conversation';

class ConversationDocuments implements vscode.TextDocumentContentProvider {
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

  dispose(): void {
    this.changed.dispose();
  }
}

async function earlierText(shown: SurfaceSessions): Promise<string> {
  const file = await shown.session?.droppedEntriesFile();
  if (!file) return '';
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(file));
  return `${new TextDecoder().decode(bytes).trimEnd()}\n\n---\n\n`;
}

/** The conversation as the document shows it. */
export async function conversationText(shown: SurfaceSessions, knownSecrets: readonly string[]): Promise<string> {
  const session = shown.session;
  if (!session || session.state.entries.length === 0) return `No conversation yet with ${shown.agent?.name ?? 'the agent'}.\n`;
  const markdown = transcriptToMarkdown(session.state, { agentName: shown.agent?.name, knownSecrets });
  return `${await earlierText(shown)}${markdown}`;
}

export function registerAccessibleView(surfaces: ActiveSurface, knownSecrets: () => readonly string[]): vscode.Disposable[] {
  const documents = new ConversationDocuments();
  return [
    documents,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents),
    vscode.commands.registerCommand(ACCESSIBLE_VIEW_COMMAND, async () => {
      const uri = vscode.Uri.from({ scheme: SCHEME, path: '/Conversation.md' });
      documents.set(uri, await conversationText(surfaces.current(), knownSecrets()));
      const document = await vscode.workspace.openTextDocument(uri);
      await vscode.languages.setTextDocumentLanguage(document, 'markdown');
      await vscode.window.showTextDocument(document, { preview: false });
      return document.getText();
    }),
  ];
}
