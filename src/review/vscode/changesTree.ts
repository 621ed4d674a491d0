// The "Agent Changes" view: files with unreviewed agent changes (this session, or only the last turn), each with
// its status and +/- counts; a file expands to its hunks. Keep and Undo are inline actions (package.json menus).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Content, PendingFile } from '../changeLedger';
import type { ReviewService } from './reviewService';

export type ReviewScope = 'session' | 'lastTurn';

export interface FileNode {
  type: 'file';
  file: PendingFile;
  /** What this scope compares against: the session baseline or the text before the last turn. */
  before: Content;
  scope: ReviewScope;
}

export type ChangeNode = FileNode;

export const CHANGES_VIEW_ID = 'acp.changes';

const ICONS = { created: 'diff-added', modified: 'diff-modified', deleted: 'diff-removed' } as const;

export class ChangesTree implements vscode.TreeDataProvider<ChangeNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<ChangeNode | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private scopeValue: ReviewScope = 'session';
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly review: ReviewService,
    private readonly counts: (before: Content, after: string | null) => { added: number; removed: number } | undefined,
  ) {
    this.subscription = review.onDidChange(() => this.changeEmitter.fire(undefined));
  }

  get scope(): ReviewScope {
    return this.scopeValue;
  }

  setScope(scope: ReviewScope): void {
    this.scopeValue = scope;
    void vscode.commands.executeCommand('setContext', 'acp.review.scope', scope);
    this.changeEmitter.fire(undefined);
  }

  /** The file nodes shown for the current scope. */
  files(): FileNode[] {
    const ledger = this.review.ledger;
    if (!ledger) return [];
    const turn = this.scopeValue === 'lastTurn' ? ledger.lastTurn : undefined;
    if (this.scopeValue === 'lastTurn' && turn === undefined) return [];
    return ledger
      .pending(turn)
      .map((file): FileNode => ({ type: 'file', file, before: turn === undefined ? file.baseline : ledger.beforeTurn(turn, file.path), scope: this.scopeValue }))
      .sort((a, b) => a.file.path.localeCompare(b.file.path));
  }

  getChildren(node?: ChangeNode): ChangeNode[] {
    return node ? [] : this.files();
  }

  getTreeItem(node: ChangeNode): vscode.TreeItem {
    const { file } = node;
    const item = new vscode.TreeItem(vscode.Uri.file(file.path), vscode.TreeItemCollapsibleState.None);
    item.label = path.basename(file.path);
    const folder = vscode.workspace.asRelativePath(path.dirname(file.path));
    const counts = this.counts(node.before, file.current);
    const countText = counts ? `+${counts.added} −${counts.removed}` : '';
    item.description = [countText, folder === path.dirname(file.path) ? '' : folder].filter(Boolean).join('  ');
    item.iconPath = new vscode.ThemeIcon(ICONS[file.status]);
    item.tooltip = `${file.path}\n${file.status} by the agent${counts ? ` (${countText})` : ''}${node.before === undefined ? '\nThe earlier text was not recorded: it cannot be undone here.' : ''}`;
    item.contextValue = node.before === undefined ? 'acpChangedFileNoUndo' : 'acpChangedFile';
    item.command = { command: 'acp.openChange', title: 'Open Changes', arguments: [node] };
    item.accessibilityInformation = { label: `${path.basename(file.path)}, ${file.status}${counts ? `, ${counts.added} lines added, ${counts.removed} removed` : ''}` };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }
}
