// The host side of the chat's "N files changed" strip: the files agents changed and the user has not kept or undone
// (every conversation's, the shown session's first), posted to the chat when they change, and what the strip's
// Keep, Undo and Review buttons do.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChangedFileView, ChangesMessage, ChangesWebviewMessage } from '../../shared/protocol/changesProtocol';
import type { ChatHandlers } from '../../session/chatHandlers';
import type { ReviewDiffs } from '../reviewDiff';
import type { InlineReviewApi } from './inline/registerInline';
import type { ReviewActions } from './reviewActions';
import type { PendingChange, ReviewService } from './reviewService';
import { subagentTitles } from '../../shared/transcript/subagentRefs';

/** Changes within this time are posted together (a turn writing many files posts once). */
const POST_DELAY_MS = 50;

export class ChangesStrip implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastPosted = '';
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly review: ReviewService,
    private readonly diffs: ReviewDiffs,
    private readonly actions: ReviewActions,
    private readonly inline: InlineReviewApi,
    private readonly post: (message: ChangesMessage) => void,
  ) {
    this.subscriptions = [
      review.onDidChangeAny(() => this.postSoon()),
      // Another session shown: its files come first.
      review.onDidChange(() => this.postSoon()),
      diffs.onDidComputeLater(() => this.postSoon()),
    ];
  }

  /** What the strip shows now (also sent when the chat view attaches). */
  message(): ChangesMessage {
    const message: ChangesMessage = { type: 'changes', files: this.review.allPending().map((change) => this.viewOf(change)) };
    this.lastPosted = JSON.stringify(message);
    return message;
  }

  /** Registers the strip's Keep, Undo and Review with the chat. */
  chatHandlers(handlers: ChatHandlers): vscode.Disposable {
    return handlers.handle(['keepChanges', 'undoChanges', 'reviewChanges'], (message) => this.handle(message));
  }

  async handle(message: ChangesWebviewMessage): Promise<void> {
    switch (message.type) {
      case 'keepChanges':
        if (message.path === undefined) this.actions.keepEverything();
        else this.actions.keepEverywhere(this.held(message.path));
        return;
      case 'undoChanges':
        if (message.path === undefined) return this.actions.undoEverything();
        return this.actions.undo(this.held(message.path));
      case 'reviewChanges': {
        const file = this.held(message.path);
        if (message.inline && (await this.inline.open(file))) return;
        return this.actions.openChange(file);
      }
    }
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.subscriptions.forEach((subscription) => subscription.dispose());
  }

  /** The path as a ledger holds it; a file no ledger holds (the strip was out of date) is refused. */
  private held(file: string): string {
    const pending = this.review.ledgerFor(file)?.get(file);
    if (!pending) throw new Error(`${path.basename(file)} has no agent changes left to review.`);
    return pending.path;
  }

  private postSoon(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const previous = this.lastPosted;
      const message = this.message();
      if (this.lastPosted !== previous) this.post(message);
    }, POST_DELAY_MS);
  }

  private viewOf({ file, shown }: PendingChange): ChangedFileView {
    const folder = folderLabel(path.dirname(file.path));
    const counts = this.diffs.get(file.path, file.baseline, file.current);
    const noUndo = file.notKept
      ? 'Its earlier text was too large to keep across the window reload: keep it, or change it back by hand.'
      : file.baseline === undefined
        ? 'Its earlier text was not recorded (too large, not text, or not yet scanned): keep it, or change it back by hand.'
        : undefined;
    const bySubagents = subagentTitles(file.toolCallIds);
    return {
      path: file.path,
      name: path.basename(file.path),
      folder,
      status: file.status,
      ...(counts ? { added: counts.added, removed: counts.removed } : {}),
      ...(noUndo ? { noUndo } : {}),
      ...(shown ? {} : { otherSession: true }),
      ...(bySubagents.length > 0 ? { bySubagents } : {}),
    };
  }
}

/**
 * Where a file is, for its row: its folder relative to the workspace folder ('' at the top of one); outside the
 * workspace folders (a worktree thread's files) the last two folders of its path, after an ellipsis, so a file of a
 * worktree and the same file of the main tree are told apart.
 */
export function folderLabel(folder: string): string {
  const inside = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(folder));
  if (inside) return path.relative(inside.uri.fsPath, folder) === '' ? '' : vscode.workspace.asRelativePath(folder);
  const parts = folder.split(/[\\/]+/).filter(Boolean);
  return parts.length <= 2 ? folder : `…/${parts.slice(-2).join('/')}`;
}
