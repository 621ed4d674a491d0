// The Threads view's tree: folders (in a window with several), their open sessions, and a "Recent" node with the
// closed ones. Nodes keep their identity across refreshes (by id), so the elapsed time of a working session can be
// redrawn alone.
import * as vscode from 'vscode';
import { rowDescription, rowDetails, ticks, type ThreadGroup, type ThreadRow, type ThreadsView } from '../threadRows';
import type { ThreadState } from '../threadState';

export const THREADS_VIEW_ID = 'acp.threads';
/** The command a click on a row runs: the session in the side-bar chat. */
export const SHOW_THREAD_COMMAND = 'acp.threads.show';

export type ThreadNode =
  | { type: 'folder'; id: string; group: ThreadGroup }
  | { type: 'recent'; id: string; group: ThreadGroup }
  | { type: 'row'; id: string; row: ThreadRow };

export type RowNode = Extract<ThreadNode, { type: 'row' }>;

export class ThreadsTree implements vscode.TreeDataProvider<ThreadNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<ThreadNode | ThreadNode[] | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private view: ThreadsView = { grouped: false, groups: [] };
  private nodes = new Map<string, ThreadNode>();

  constructor(
    private readonly now: () => number,
    /** A title as shown (its secrets masked, as in the chat). */
    private readonly mask: (text: string) => string,
  ) {}

  /** Shows these rows. */
  show(view: ThreadsView): void {
    this.view = view;
    const live = new Set(view.groups.flatMap((group) => [group.id, recentId(group), ...[...group.open, ...group.recent].map((row) => row.id)]));
    for (const id of this.nodes.keys()) if (!live.has(id)) this.nodes.delete(id);
    this.changeEmitter.fire(undefined);
  }

  /** True while a row's words change with the clock. */
  get ticking(): boolean {
    return this.view.groups.some((group) => group.open.some(ticks));
  }

  /** Redraws the rows whose words change with the clock. */
  tick(): void {
    const rows = this.view.groups.flatMap((group) => group.open.filter(ticks)).flatMap((row) => this.nodes.get(row.id) ?? []);
    if (rows.length > 0) this.changeEmitter.fire(rows);
  }

  getChildren(node?: ThreadNode): ThreadNode[] {
    if (!node) {
      if (this.view.grouped) return this.view.groups.map((group) => this.node({ type: 'folder', id: group.id, group }));
      const only = this.view.groups[0];
      return only ? this.childrenOf(only) : [];
    }
    if (node.type === 'folder') return this.childrenOf(node.group);
    if (node.type === 'recent') return node.group.recent.map((row) => this.node({ type: 'row', id: row.id, row }));
    return [];
  }

  getTreeItem(node: ThreadNode): vscode.TreeItem {
    if (node.type === 'folder') {
      const item = new vscode.TreeItem(node.group.label, vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon('root-folder');
      item.tooltip = node.group.folder;
      return item;
    }
    if (node.type === 'recent') {
      const item = new vscode.TreeItem('Recent', vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon('history');
      item.description = String(node.group.recent.length);
      item.tooltip = 'Closed sessions of this folder: choose one to bring it back in the chat';
      return item;
    }
    const { row } = node;
    const now = this.now();
    const item = new vscode.TreeItem(this.mask(row.title), vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.description = rowDescription(row, now);
    const details = this.mask(rowDetails(row, now));
    item.tooltip = details;
    item.accessibilityInformation = { label: details.replace(/\n/g, ', ') };
    // A worktree thread at rest shows a branch, so it is told from the others at a glance.
    item.iconPath = row.kind === 'open' ? (row.state.kind === 'idle' && row.place.branch ? new vscode.ThemeIcon('git-branch') : stateIcon(row.state)) : new vscode.ThemeIcon('history');
    // A row in a linked worktree offers the worktree thread actions (Apply, Commit, Open in New Window, Discard).
    item.contextValue = `${row.kind === 'open' ? 'acpThread.open' : 'acpThread.recent'}${row.place.branch ? '.worktree' : ''}`;
    item.command = { command: SHOW_THREAD_COMMAND, title: 'Show in Chat', arguments: [node] };
    return item;
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }

  private childrenOf(group: ThreadGroup): ThreadNode[] {
    const open = group.open.map((row) => this.node({ type: 'row', id: row.id, row }));
    return group.recent.length > 0 ? [...open, this.node({ type: 'recent', id: recentId(group), group })] : open;
  }

  /** The node of this id, the same object as before (VS Code knows nodes by identity), with its new content. */
  private node(fresh: ThreadNode): ThreadNode {
    const known = this.nodes.get(fresh.id);
    if (known && known.type === fresh.type) return Object.assign(known, fresh);
    this.nodes.set(fresh.id, fresh);
    return fresh;
  }
}

function recentId(group: ThreadGroup): string {
  return `recent-of:${group.id}`;
}

function stateIcon(state: ThreadState): vscode.ThemeIcon {
  switch (state.kind) {
    case 'opening':
    case 'working':
      return new vscode.ThemeIcon('loading~spin');
    case 'waiting':
      return new vscode.ThemeIcon('bell-dot', new vscode.ThemeColor('notificationsWarningIcon.foreground'));
    case 'unread':
      return new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('notificationsInfoIcon.foreground'));
    case 'failed':
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    case 'idle':
      return new vscode.ThemeIcon('comment-discussion');
  }
}
