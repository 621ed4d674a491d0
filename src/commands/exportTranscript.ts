// "ACP: Export Transcript (Markdown)": the current session as Markdown (src/shared/transcript/transcriptExport.ts), saved where
// the user says (a save dialog), or to the given file (keybindings, tests).
import * as vscode from 'vscode';
import type { SurfaceSessions } from '../session/surfaceSessions';
import { transcriptToMarkdown } from '../shared/transcript/transcriptExport';

export const EXPORT_TRANSCRIPT_COMMAND = 'acp.exportTranscript';

/** A file in the folder the session works in. */
function defaultTarget(cwd: string, now: Date): vscode.Uri {
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return vscode.Uri.joinPath(vscode.Uri.file(cwd), `acp-transcript-${stamp}.md`);
}

/** Writes the transcript; resolves with where, or undefined when there was nothing to export or the user cancelled. */
export async function exportTranscript(shown: SurfaceSessions, target?: unknown, knownSecrets: readonly string[] = []): Promise<vscode.Uri | undefined> {
  const session = shown.session;
  if (!session || session.state.entries.length === 0) {
    void vscode.window.showInformationMessage('There is no conversation to export yet.');
    return undefined;
  }
  const now = new Date();
  const uri =
    target instanceof vscode.Uri
      ? target
      : await vscode.window.showSaveDialog({ defaultUri: defaultTarget(session.scope.cwd, now), filters: { Markdown: ['md'] }, saveLabel: 'Export' });
  if (!uri) return undefined;
  const markdown = transcriptToMarkdown(session.state, { agentName: shown.agent?.name, exportedAt: now.toISOString(), knownSecrets });
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(markdown));
  if (!(target instanceof vscode.Uri)) {
    void vscode.window.showInformationMessage(`Transcript exported to ${vscode.workspace.asRelativePath(uri)}.`, 'Open').then((answer) => {
      if (answer === 'Open') void vscode.window.showTextDocument(uri);
    });
  }
  return uri;
}
