// Explorer (and tab) decorations for files the agent changed in the current session and nobody has kept or
// undone yet: a letter for created, modified or deleted, in the theme's source-control colours.
import * as vscode from 'vscode';
import { caseKey } from '../../services/files/pathKeys';
import type { ChangeStatus } from '../changeLedger';
import type { ReviewService } from './reviewService';

const LOOK: Record<ChangeStatus, { badge: string; color: string; tooltip: string }> = {
  created: { badge: 'A', color: 'gitDecoration.addedResourceForeground', tooltip: 'Created by the agent (not reviewed)' },
  modified: { badge: 'M', color: 'gitDecoration.modifiedResourceForeground', tooltip: 'Changed by the agent (not reviewed)' },
  deleted: { badge: 'D', color: 'gitDecoration.deletedResourceForeground', tooltip: 'Deleted by the agent (not reviewed)' },
};

export class ChangeDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this.changeEmitter.event;
  private decorated = new Map<string, { uri: vscode.Uri; status: ChangeStatus }>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly review: ReviewService) {
    this.subscription = review.onDidChange(() => this.update());
    this.update();
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== 'file') return undefined;
    const status = this.decorated.get(caseKey(uri.fsPath))?.status;
    if (!status) return undefined;
    const look = LOOK[status];
    return new vscode.FileDecoration(look.badge, look.tooltip, new vscode.ThemeColor(look.color));
  }

  /** The status shown for a file, if any (tests). */
  statusOf(file: string): ChangeStatus | undefined {
    return this.decorated.get(caseKey(file))?.status;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }

  private update(): void {
    const next = new Map<string, { uri: vscode.Uri; status: ChangeStatus }>();
    for (const file of this.review.ledger?.pending() ?? []) next.set(caseKey(file.path), { uri: vscode.Uri.file(file.path), status: file.status });
    const touched = [...this.decorated.values(), ...next.values()].map((entry) => entry.uri);
    this.decorated = next;
    if (touched.length > 0) this.changeEmitter.fire(touched);
  }
}
