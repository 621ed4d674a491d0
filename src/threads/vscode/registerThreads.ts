// Plugs the Threads view into the extension: every open and recent session as a row with its state, kept current
// from the sessions, the review and the history; its badge; a click shows the session in the side-bar chat; Close,
// Delete and (once chat tabs exist) Open in Editor Tab. Hidden, it costs a badge count; the elapsed time of a
// working session ticks once a second only while the view is on screen.
import * as vscode from 'vscode';
import type { SessionRecord } from '../../history/sessionRecords';
import type { SessionRegistry } from '../../session/sessionRegistry';
import { describeError } from '../../shared/text/errors';
import type { SessionKey } from '../../shared/sessionKey';
import { Checkouts, diskCheckoutFiles } from '../checkouts';
import type { OnScreen } from '../onScreen';
import { openRows, threadsBadge, threadsView, type ThreadRow, type ThreadSources } from '../threadRows';
import { UnreadTurns } from '../unreadTurns';
import { type RowNode, SHOW_THREAD_COMMAND, THREADS_VIEW_ID, ThreadsTree, type ThreadNode } from './threadsTree';

/** Opens a session in a chat editor tab (the chat tabs register it, and set the context key `acp.chatTabs`). */
export const OPEN_CHAT_IN_EDITOR_COMMAND = 'acp.openChatInEditor';

/** Changes within this time are drawn together. */
const REFRESH_DELAY_MS = 50;
const TICK_MS = 1000;

export interface ThreadsDeps {
  sessions: SessionRegistry;
  /** An agent's summary changed (its sign-in among it). */
  onDidChangeAgent: vscode.Event<unknown>;
  /** Shows an open session in the side-bar chat; closes one. */
  shown: { show(key: SessionKey): void; close(key: SessionKey): Promise<void> };
  onScreen: OnScreen;
  history: {
    records(): SessionRecord[];
    readonly onDidChangeRecords: vscode.Event<void>;
    /** Brings a recorded session back in the chat (as the chat's History list does). */
    open(agentId: string, sessionId: string): Promise<void>;
    /** Deletes a recorded session, after asking. */
    delete(agentId: string, sessionId: string): Promise<void>;
  };
  review: { pendingCountOf(agentId: string, sessionId: string): number; readonly onDidChangeAny: vscode.Event<void> };
  /** The name of an agent of the settings. */
  agentName(agentId: string): string | undefined;
  /** A title with its secrets masked. */
  mask(text: string): string;
  showChat(): Thenable<unknown>;
  /** Folders became or stopped being worktrees (a thread's worktree made or discarded). */
  onDidChangePlaces?: (listener: () => void) => { dispose(): void };
  log(line: string): void;
}

export function registerThreads(deps: ThreadsDeps): vscode.Disposable[] {
  const { sessions, history } = deps;
  const unread = new UnreadTurns(sessions, deps.onScreen);
  const checkouts = new Checkouts(diskCheckoutFiles, deps.log);
  let records = history.records();
  // Names from the settings, read once per record change (not at every redraw while a session streams).
  const names = new Map<string, string | undefined>();
  const agentName = (agentId: string): string | undefined => {
    if (!names.has(agentId)) names.set(agentId, deps.agentName(agentId));
    return names.get(agentId);
  };
  const sources: ThreadSources = {
    get openSessions() {
      return sessions.openSessions;
    },
    get records() {
      return records;
    },
    get folders() {
      return (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => ({ name: folder.name, path: folder.uri.fsPath }));
    },
    isUnread: (key) => unread.has(key),
    filesChanged: (agentId, sessionId) => deps.review.pendingCountOf(agentId, sessionId),
    agentName,
    checkout: (cwd) => checkouts.get(cwd),
  };
  const tree = new ThreadsTree(Date.now, deps.mask);
  const view = vscode.window.createTreeView(THREADS_VIEW_ID, { treeDataProvider: tree });

  let drawn = '';
  let badge = '';
  let ticker: ReturnType<typeof setInterval> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const showBadge = (rows: Parameters<typeof threadsBadge>[0]): void => {
    const next = threadsBadge(rows);
    if (JSON.stringify(next) === badge) return;
    badge = JSON.stringify(next);
    view.badge = next;
  };
  const tickWhileNeeded = (): void => {
    const needed = view.visible && tree.ticking;
    if (needed && !ticker) ticker = setInterval(() => tree.tick(), TICK_MS);
    if (!needed && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
  /** Off screen only the badge is kept; on screen the rows, redrawn when they changed. */
  const update = (): void => {
    if (pending) clearTimeout(pending);
    pending = undefined;
    if (!view.visible) {
      showBadge(openRows(sources));
      tickWhileNeeded();
      return;
    }
    const next = threadsView(sources);
    showBadge(next.groups.flatMap((group) => group.open));
    const json = JSON.stringify(next);
    if (json !== drawn) {
      drawn = json;
      tree.show(next);
    }
    tickWhileNeeded();
  };
  const soon = (): void => {
    pending ??= setTimeout(update, REFRESH_DELAY_MS);
  };
  update();

  const rowOf = (node: unknown): ThreadRow => {
    if (!isRowNode(node)) throw new Error('Choose a session in the Threads view.');
    return node.row;
  };
  const openKey = (node: unknown): SessionKey => {
    const row = rowOf(node);
    if (row.kind !== 'open' || !sessions.get(row.key)) throw new Error(`"${deps.mask(row.title)}" is not open any more.`);
    return row.key;
  };
  return [
    tree,
    view,
    unread,
    checkouts,
    {
      dispose: () => {
        clearTimeout(pending);
        clearInterval(ticker);
      },
    },
    view.onDidChangeVisibility(update),
    sessions.onDidChangeSessions(soon),
    deps.onDidChangeAgent(soon),
    unread.onDidChange(soon),
    deps.review.onDidChangeAny(soon),
    checkouts.onDidRead(soon),
    deps.onDidChangePlaces?.(() => {
      checkouts.forgetAll();
      soon();
    }) ?? { dispose: () => undefined },
    history.onDidChangeRecords(() => {
      records = history.records();
      names.clear();
      soon();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(soon),
    vscode.commands.registerCommand(
      SHOW_THREAD_COMMAND,
      reported(async (node: unknown) => {
        const row = rowOf(node);
        if (row.kind === 'recent') {
          await deps.showChat();
          await history.open(row.agentId, row.sessionId);
          return;
        }
        deps.shown.show(openKey(node));
        await deps.showChat();
      }),
    ),
    vscode.commands.registerCommand(
      'acp.threads.openInEditor',
      reported((node: unknown) => Promise.resolve(vscode.commands.executeCommand(OPEN_CHAT_IN_EDITOR_COMMAND, openKey(node)))),
    ),
    vscode.commands.registerCommand(
      'acp.threads.close',
      reported((node: unknown) => deps.shown.close(openKey(node))),
    ),
    vscode.commands.registerCommand(
      'acp.threads.delete',
      reported(async (node: unknown) => {
        const row = rowOf(node);
        await history.delete(row.agentId, row.sessionId);
      }),
    ),
  ];
}

/** Menu items and clicks pass the node of the row. */
function isRowNode(node: unknown): node is RowNode {
  return typeof node === 'object' && node !== null && (node as ThreadNode).type === 'row';
}

/** Runs a command of the view; an error is shown to the user. */
function reported<A extends unknown[]>(action: (...args: A) => Promise<unknown>): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await action(...args);
    } catch (error) {
      void vscode.window.showErrorMessage(describeError(error));
    }
  };
}
