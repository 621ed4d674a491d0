// Read-only documents under the `acp-review` scheme: the text a review compares against (a file before the
// agent's unreviewed changes, or before a turn), for the left side of VS Code's diff editor.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Content } from '../changeLedger';

export const REVIEW_SCHEME = 'acp-review';

export class BaselineDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, () => Content>();
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;

  /** A URI showing what `read` returns (read again whenever `refresh` is called); the name ends like `file`. */
  uriFor(file: string, side: string, read: () => Content): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: REVIEW_SCHEME, path: `/${side}/${path.basename(file)}`, query: new URLSearchParams({ file }).toString() });
    this.texts.set(uri.toString(), read);
    return uri;
  }

  /** The shown baselines may have moved (a hunk was kept). */
  refresh(): void {
    for (const key of this.texts.keys()) this.changeEmitter.fire(vscode.Uri.parse(key));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const read = this.texts.get(uri.toString());
    if (!read) return '';
    const text = read();
    return typeof text === 'string' ? text : '';
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}
