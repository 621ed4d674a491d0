// The "Agent Changes" view: files with unreviewed agent changes (this session, or only the last turn), each with
// its status and +/- counts; a file expands to its hunks. Keep and Undo are inline actions (package.json menus).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DiffHunk } from '../../shared/diff';
import type { Content, PendingFile } from '../changeLedger';
import { hunkLabel, hunkPreview, type ReviewDiffs } from '../reviewDiff';
import type { ReviewService } from './reviewService';
import { linesWord } from '../../shared/text/linesWord';

export type ReviewScope = 'session' | 'lastTurn';

export interface FileNode {
  type: 'file';
  file: PendingFile;
  /** What this scope compares against: the session baseline or the text before the last turn. */
  before: Content;
  scope: ReviewScope;
}

/** One change of the agent's in a file (session scope, or a turn that is the file's only one). */
export interface HunkNode {
  type: 'hunk';
  parent: FileNode;
  hunk: DiffHunk;
}

export type ChangeNode = FileNode | HunkNode;

export const CHANGES_VIEW_ID = 'acp.changes';

const ICONS = { created: 'diff-added', modified: 'diff-modified', deleted: 'diff-removed' } as const;

export class ChangesTree implements vscode.TreeDataProvider<ChangeNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<ChangeNode | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private scopeValue: ReviewScope = 'session';
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly review: ReviewService,
    private readonly diffs: ReviewDiffs,
  ) {
    this.subscription = vscode.Disposable.from(
      review.onDidChange(() => this.changeEmitter.fire(undefined)),
      diffs.onDidComputeLater(() => this.changeEmitter.fire(undefined)),
    );
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
    return this.filesIn(this.scopeValue);
  }

  /** The file nodes of a scope, whichever scope is shown. */
  filesIn(scope: ReviewScope): FileNode[] {
    const ledger = this.review.ledger;
    if (!ledger) return [];
    const turn = scope === 'lastTurn' ? ledger.lastTurn : undefined;
    if (scope === 'lastTurn' && turn === undefined) return [];
    return ledger
      .pending(turn)
      .map((file): FileNode => ({ type: 'file', file, before: turn === undefined ? file.baseline : ledger.beforeTurn(turn, file.path), scope }))
      .sort((a, b) => a.file.path.localeCompare(b.file.path));
  }

  /** The hunks Keep and Undo can act on one by one: when the file could be diffed and the view compares against
   * the review baseline (not a turn's earlier text, which a hunk Keep could not move). */
  hunks(node: FileNode): HunkNode[] {
    if (node.before === undefined || node.before !== node.file.baseline) return [];
    const diff = this.diffs.get(node.file.path, node.before, node.file.current);
    return (diff?.hunks ?? []).map((hunk) => ({ type: 'hunk', parent: node, hunk }));
  }

  getChildren(node?: ChangeNode): ChangeNode[] {
    if (!node) return this.files();
    return node.type === 'file' ? this.hunks(node) : [];
  }

  getParent(node: ChangeNode): ChangeNode | undefined {
    return node.type === 'hunk' ? node.parent : undefined;
  }

  getTreeItem(node: ChangeNode): vscode.TreeItem {
    return node.type === 'file' ? this.fileItem(node) : this.hunkItem(node);
  }

  private hunkItem(node: HunkNode): vscode.TreeItem {
    const { hunk } = node;
    const added = hunk.lines.filter((line) => line.kind === 'add').length;
    const removed = hunk.lines.filter((line) => line.kind === 'del').length;
    const item = new vscode.TreeItem(hunkLabel(hunk), vscode.TreeItemCollapsibleState.None);
    item.description = `+${added} −${removed}  ${hunkPreview(hunk)}`;
    item.iconPath = new vscode.ThemeIcon(added > 0 && removed > 0 ? 'diff-modified' : added > 0 ? 'diff-added' : 'diff-removed');
    item.contextValue = 'acpChangedHunk';
    item.command = { command: 'acp.openChange', title: 'Open Changes', arguments: [node] };
    item.accessibilityInformation = { label: `${hunkLabel(hunk)} of ${path.basename(node.parent.file.path)}: ${linesWord(added, 'added')}, ${linesWord(removed, 'removed')}` };
    return item;
  }

  private fileItem(node: FileNode): vscode.TreeItem {
    const { file } = node;
    const hunks = this.hunks(node);
    const item = new vscode.TreeItem(vscode.Uri.file(file.path), hunks.length > 1 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `${node.scope}:${file.path}:${hunks.length}`;
    item.label = path.basename(file.path);
    const folder = vscode.workspace.asRelativePath(path.dirname(file.path));
    const counts = this.diffs.get(file.path, node.before, file.current);
    const countText = counts ? `+${counts.added} −${counts.removed}` : '';
    item.description = [countText, folder === path.dirname(file.path) ? '' : folder].filter(Boolean).join('  ');
    item.iconPath = new vscode.ThemeIcon(ICONS[file.status]);
    item.tooltip = `${file.path}\n${file.status} by the agent${counts ? ` (${countText})` : ''}${node.before === undefined ? '\nThe earlier text was not recorded: it cannot be undone here.' : ''}`;
    item.contextValue = node.before === undefined ? 'acpChangedFileNoUndo' : 'acpChangedFile';
    item.command = { command: 'acp.openChange', title: 'Open Changes', arguments: [node] };
    item.accessibilityInformation = { label: `${path.basename(file.path)}, ${file.status}${counts ? `, ${linesWord(counts.added, 'added')}, ${linesWord(counts.removed, 'removed')}` : ''}` };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }
}
