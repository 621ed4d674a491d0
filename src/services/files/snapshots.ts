// Read-only copies of text under the `acp-snapshot` scheme, for VS Code's diff editor: the user's text just
// before an agent's write replaced changes it had not seen. The newest few are kept.
import * as path from 'node:path';
import * as vscode from 'vscode';

export const SNAPSHOT_SCHEME = 'acp-snapshot';
const KEEP = 32;

export class SnapshotStore implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private counter = 0;

  /** A URI whose document shows `text`; its name ends like `file`, so the diff editor picks the same language. */
  add(file: string, text: string): vscode.Uri {
    this.counter += 1;
    const uri = vscode.Uri.from({ scheme: SNAPSHOT_SCHEME, path: `/${this.counter}/${path.basename(file)}` });
    this.texts.set(uri.toString(), text);
    while (this.texts.size > KEEP) this.texts.delete(this.texts.keys().next().value as string);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '(This snapshot is no longer kept.)';
  }
}
