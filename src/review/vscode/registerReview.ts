// Plugs change review into the extension: the service, the "Agent Changes" view, explorer decorations, the
// baseline documents, the commands, and the review's part of the chat (the strip, the checkpoints, "Review inline":
// their messages and their parts of each chat view's snapshot).
import type { ChatHandlers, ChatPosts } from '../../session/chatHandlers';
import * as vscode from 'vscode';
import type { OnDidWrite } from '../../services/files/writeRecord';
import { BackgroundDiffer, bundledDiffWorker } from '../../editor/diff/backgroundDiff';
import type { SessionRegistry } from '../../session/sessionRegistry';
import type { ActiveSurface } from '../../session/surfaceSessions';
import { ReviewDiffs } from '../reviewDiff';
import { BaselineDocuments, REVIEW_SCHEME } from './baselineDocuments';
import { ChangeDecorations } from './changeDecorations';
import { type InlineReviewApi, registerInlineReview } from './inline/registerInline';
import { reviewInlineChatHandlers } from './inline/fromChat';
import { CHANGES_VIEW_ID, ChangesTree, type HunkNode, type ReviewScope } from './changesTree';
import { type FileArgument, ReviewActions } from './reviewActions';
import { type ReviewStore, ReviewService } from './reviewService';
import { ChangesStrip } from './changesStrip';
import { CheckpointsInChat } from './checkpointsInChat';
import { type ReviewUserInterface, vscodeReviewUserInterface } from './reviewUserInterface';
import { describeError } from '../../shared/text/errors';

export interface ReviewApi {
  readonly service: ReviewService;
  readonly tree: ChangesTree;
  readonly decorations: ChangeDecorations;
  /** Inline review in the editor (decorations, Keep/Undo CodeLenses, navigation). */
  readonly inline: InlineReviewApi;
  /** The chat's "N files changed" strip (its messages and buttons). */
  readonly strip: ChangesStrip;
  /** "Restore checkpoint" on the chat's user messages, and the rewind markers. */
  readonly checkpoints: CheckpointsInChat;
  /** Where the ledgers are kept across a window reload (the next window reads it). */
  readonly store: ReviewStore | undefined;
  /** Replaces the review's dialogs until disposed (integration tests answer them). */
  useUserInterface(ui: ReviewUserInterface): vscode.Disposable;
}

export function registerReview(
  sessions: SessionRegistry,
  surfaces: ActiveSurface,
  onDidWrite: OnDidWrite,
  extensionPath: string,
  log: (line: string) => void,
  /** Where the ledgers are kept across a window reload; where the review posts to the chat and hears from it. */
  chat: { store?: ReviewStore; posts: ChatPosts; handlers: ChatHandlers },
): { api: ReviewApi; disposables: vscode.Disposable[] } {
  let ui = vscodeReviewUserInterface;
  const service = new ReviewService(sessions, surfaces, onDidWrite, log, chat.store);
  const baselines = new BaselineDocuments();
  const differ = new BackgroundDiffer(bundledDiffWorker(extensionPath));
  const diffs = new ReviewDiffs((before, after, options) => differ.diff(before, after, options), log);
  const tree = new ChangesTree(service, diffs);
  const decorations = new ChangeDecorations(service);
  const actions = new ReviewActions(service, tree, baselines, () => ui);
  const view = vscode.window.createTreeView(CHANGES_VIEW_ID, { treeDataProvider: tree, showCollapseAll: false });
  const updateView = (): void => {
    const count = tree.files().length;
    view.badge = count > 0 ? { value: count, tooltip: `${count} file(s) changed by the agent` } : undefined;
    view.description = tree.scope === 'lastTurn' ? 'last turn' : 'this session';
    void vscode.commands.executeCommand('setContext', 'acp.review.pending', count > 0);
  };
  updateView();
  const show = async (scope: ReviewScope): Promise<void> => {
    tree.setScope(scope);
    updateView();
    await vscode.commands.executeCommand(`${CHANGES_VIEW_ID}.focus`);
  };
  const run = (action: () => unknown) => async (): Promise<void> => {
    try {
      await action();
    } catch (error) {
      ui.error(describeError(error));
    }
  };
  // Inline review in the editor, on the same service, diffs and actions.
  const inline = registerInlineReview(service, diffs, actions, (message) => ui.error(message));
  const strip = new ChangesStrip(service, diffs, actions, inline.api, (message) => chat.posts.broadcast(message));
  const checkpoints = new CheckpointsInChat(service, actions, sessions, surfaces, chat.posts);
  const disposables: vscode.Disposable[] = [
    ...inline.disposables,
    strip,
    checkpoints,
    strip.chatHandlers(chat.handlers),
    checkpoints.chatHandlers(chat.handlers),
    reviewInlineChatHandlers(chat.handlers, sessions, inline.api),
    // A chat view that attaches gets the strip, and the checkpoints of its surface's session.
    chat.posts.addSnapshotPart(() => [strip.message()]),
    chat.posts.addSnapshotPart((surface) => checkpoints.viewState(surface)),
    service,
    differ,
    diffs,
    baselines,
    tree,
    decorations,
    view,
    service.onDidChange(updateView),
    vscode.workspace.registerTextDocumentContentProvider(REVIEW_SCHEME, baselines),
    vscode.window.registerFileDecorationProvider(decorations),
    vscode.commands.registerCommand('acp.reviewChanges', (scope?: ReviewScope) => show(scope === 'lastTurn' ? 'lastTurn' : 'session')),
    vscode.commands.registerCommand('acp.reviewLastTurn', () => show('lastTurn')),
    vscode.commands.registerCommand('acp.openChange', (argument?: FileArgument) => run(() => actions.openChange(argument))()),
    vscode.commands.registerCommand('acp.keepFile', (argument?: FileArgument) => run(() => actions.keep(argument))()),
    vscode.commands.registerCommand('acp.undoFile', (argument?: FileArgument) => run(() => actions.undo(argument))()),
    vscode.commands.registerCommand('acp.keepHunk', (node?: HunkNode) => run(() => actions.keepHunk(node))()),
    vscode.commands.registerCommand('acp.undoHunk', (node?: HunkNode) => run(() => actions.undoHunk(node))()),
    vscode.commands.registerCommand('acp.keepAll', run(() => actions.keepAll())),
    vscode.commands.registerCommand('acp.undoAll', run(() => actions.undoAll())),
    vscode.commands.registerCommand('acp.restoreCheckpoint', (turn?: number) => run(() => actions.restoreCheckpoint(typeof turn === 'number' ? turn : undefined))()),
    vscode.commands.registerCommand('acp.undoRestoreCheckpoint', run(() => actions.undoRestore())),
  ];
  const api: ReviewApi = {
    service,
    tree,
    decorations,
    inline: inline.api,
    strip,
    checkpoints,
    store: chat.store,
    useUserInterface: (replacement) => {
      const previous = ui;
      ui = replacement;
      return new vscode.Disposable(() => {
        if (ui === replacement) ui = previous;
      });
    },
  };
  return { api, disposables };
}
