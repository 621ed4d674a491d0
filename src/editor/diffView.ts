// "Open diff" from a chat card: VS Code's own diff editor between the old and the new text of a tool call's diff.
// Both sides are read-only virtual documents (scheme `acp-diff`) served from memory, with the file's own path so
// the editor picks its language; the last few diffs are kept, older ones are forgotten (their tabs show empty).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TranscriptEntry } from '../shared/transcript/model';
import { diffSidesOf, type DiffSides } from './diffSides';

export const DIFF_SCHEME = 'acp-diff';
/** Texts kept for open diff tabs (two per diff). */
const KEPT_TEXTS = 40;

export class DiffView implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private serial = 0;
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(DIFF_SCHEME, {
      provideTextDocumentContent: (uri) => this.texts.get(uri.query) ?? '',
    });
  }

  /** Opens content item `index` of tool call `toolCallId`; tells the user when it is not a diff (any more). */
  async openToolCallDiff(entries: readonly TranscriptEntry[] | undefined, toolCallId: string, index: number): Promise<void> {
    const sides = entries ? diffSidesOf(entries, toolCallId, index) : undefined;
    if (!sides) {
      void vscode.window.showWarningMessage('That diff is no longer in the session.');
      return;
    }
    await this.open(sides);
  }

  async open(sides: DiffSides): Promise<void> {
    const id = ++this.serial;
    const left = this.document(sides.path, `${id}-old`, sides.oldText);
    const right = this.document(sides.path, `${id}-new`, sides.newText);
    const name = path.basename(sides.path) || sides.path;
    const title = sides.isNew ? `${name} (new file, agent edit)` : `${name} (agent edit)`;
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }

  private document(filePath: string, key: string, text: string): vscode.Uri {
    this.texts.set(key, text);
    while (this.texts.size > KEPT_TEXTS) this.texts.delete(this.texts.keys().next().value as string);
    const uriPath = filePath.startsWith('/') ? filePath : `/${filePath.replace(/\\/g, '/')}`;
    return vscode.Uri.from({ scheme: DIFF_SCHEME, path: uriPath, query: key });
  }
}
