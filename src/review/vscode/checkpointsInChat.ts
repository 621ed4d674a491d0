// "Restore checkpoint" on the chat's user messages, the host side: which messages of each shown session have a
// checkpoint (linked through the prompt anchors, checkpointLinks.ts, so a replayed or locally kept copy of the
// conversation gets them too), the plan of a restore (shown in the chat before anything is written), the restore
// itself with its rewind marker in the transcript (a notice with Undo Restore), and Undo Restore.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckpointHostMessage, CheckpointLink, CheckpointPlanMessage, CheckpointsMessage, CheckpointWebviewMessage, RestoreFileView } from '../../shared/protocol/checkpointProtocol';
import type { SessionKey } from '../../shared/sessionKey';
import type { ChatHandlers, ChatPosts } from '../../session/chatHandlers';
import type { SessionRegistry } from '../../session/sessionRegistry';
import type { ShownSessions, SurfaceSessions } from '../../session/surfaceSessions';
import type { ChangeLedger, Checkpoint } from '../changeLedger';
import { linkCheckpoints } from '../checkpointLinks';
import type { RestorePlan, RestoreStep } from '../restorePlan';
import type { ReviewActions } from './reviewActions';
import type { ReviewService } from './reviewService';

/** Transcript and ledger changes within this time are posted together. */
const POST_DELAY_MS = 80;

export class CheckpointsInChat implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** What each shown session's views were last sent (JSON), so an unchanged list is not posted again. */
  private readonly lastPosted = new Map<SessionKey, string>();
  /** The transcripts of the sessions on some surface, followed for new user messages and replays. */
  private readonly followed = new Map<SessionKey, { dispose(): void }>();
  private readonly subscriptions: vscode.Disposable[];
  /** The rewind notices and the restore each tells of (to mark them undone). */
  private readonly rewinds = new Map<number, { sessionKey: SessionKey; entryId: string }>();

  constructor(
    private readonly review: ReviewService,
    private readonly actions: ReviewActions,
    private readonly sessions: SessionRegistry,
    private readonly surfaces: ShownSessions,
    private readonly posts: Pick<ChatPosts, 'toSession'>,
  ) {
    this.subscriptions = [
      // A ledger changed (a turn, a restore, a Keep), or a surface shows another session.
      review.onDidChangeAny(() => this.postSoon()),
      surfaces.onDidChangeShown(() => this.follow()),
    ];
    this.follow();
  }

  /** A session's links (none shown: undefined). */
  message(key: SessionKey | undefined): CheckpointsMessage | undefined {
    if (key === undefined) return undefined;
    const message: CheckpointsMessage = { type: 'checkpoints', sessionKey: key, links: this.links(key) };
    this.lastPosted.set(key, JSON.stringify(message));
    return message;
  }

  /** What a chat view gets when it attaches: the links of its surface's session. */
  viewState(surface: SurfaceSessions): CheckpointHostMessage[] {
    const message = this.message(surface.currentKey);
    return message ? [message] : [];
  }

  /** Registers "Restore checkpoint" with the chat: the plan of a restore goes to the view that asked for it. */
  chatHandlers(handlers: ChatHandlers): vscode.Disposable {
    return vscode.Disposable.from(
      handlers.handle(['planRestore'], async (message, from) => from.post(await this.plan(message.sessionKey, message.entryId))),
      handlers.handle(['restoreCheckpoint', 'undoRestore'], (message) => this.handle(message)),
    );
  }

  /** Restores a checkpoint (the user saw its plan), or undoes the latest restore. */
  async handle(message: Exclude<CheckpointWebviewMessage, { type: 'planRestore' }>): Promise<void> {
    switch (message.type) {
      case 'restoreCheckpoint':
        return this.restore(message.sessionKey, message.entryId);
      case 'undoRestore':
        return this.undo(message.sessionKey, message.entryId);
    }
  }

  /** What restoring the checkpoint of a message would change now (nothing is written). */
  async plan(sessionKey: SessionKey, entryId: string): Promise<CheckpointPlanMessage> {
    const found = this.checkpointOf(sessionKey, entryId);
    const plan = await this.actions.planRestore(found.ledger, found.checkpoint);
    const files = plan.steps.map((step) => fileView(step));
    const unknown = plan.unknown.map((file) => path.basename(file));
    const error = files.length === 0 ? 'No file changed since this message: there is nothing to restore.' : undefined;
    return { type: 'checkpointPlan', sessionKey, entryId, files, unknown, ...(error ? { error } : {}) };
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.followed.forEach((subscription) => subscription.dispose());
    this.subscriptions.forEach((subscription) => subscription.dispose());
  }

  private async restore(sessionKey: SessionKey, entryId: string): Promise<void> {
    const { ledger, checkpoint } = this.checkpointOf(sessionKey, entryId);
    const plan = await this.actions.planRestore(ledger, checkpoint);
    if (plan.steps.length === 0) throw new Error('No file changed since this message: there is nothing to restore.');
    const restore = await this.actions.applyRestore(checkpoint, plan);
    const session = this.sessions.get(sessionKey)?.session;
    if (!session) return;
    // Only the latest restore can be undone: an earlier marker loses its button.
    for (const earlier of [...this.rewinds.keys()]) this.markDone(earlier, undefined);
    const noticeId = session.addClientNotice('info', rewindText(checkpoint, plan), { detail: rewindDetail(plan), rewind: { restore } });
    this.rewinds.set(restore, { sessionKey, entryId: noticeId });
  }

  private async undo(sessionKey: SessionKey, noticeId: string): Promise<void> {
    const restore = [...this.rewinds.entries()].find(([, notice]) => notice.sessionKey === sessionKey && notice.entryId === noticeId)?.[0];
    if (restore === undefined || this.actions.undoableRestore !== restore) throw new Error('Only the latest checkpoint restore can be undone.');
    await this.actions.undoRestore();
    this.markDone(restore, 'Restore undone: the files are back as they were before it.');
  }

  /** The rewind notice of a restore loses its Undo Restore (and says it was undone, when `undoneText`). */
  private markDone(restore: number, undoneText: string | undefined): void {
    const notice = this.rewinds.get(restore);
    this.rewinds.delete(restore);
    const session = notice && this.sessions.get(notice.sessionKey)?.session;
    if (!notice || !session) return;
    const entry = session.state.entries.find((item) => item.id === notice.entryId);
    if (entry?.kind !== 'notice' || !entry.rewind) return;
    session.updateClientNotice(notice.entryId, {
      ...(undoneText ? { text: `${entry.text} ${undoneText}` } : {}),
      rewind: { restore, ...(undoneText ? { undone: true } : {}), closed: true },
    });
  }

  private checkpointOf(sessionKey: SessionKey, entryId: string): { ledger: ChangeLedger; checkpoint: Checkpoint } {
    const open = this.sessions.get(sessionKey);
    const ledger = this.review.ledgerOf(sessionKey);
    if (!open || !ledger) throw new Error('That session is not open any more.');
    const turn = linkCheckpoints(open.session.state.entries, ledger.checkpoints).get(entryId);
    const checkpoint = ledger.checkpoints.find((item) => item.turn === turn);
    if (!checkpoint) throw new Error('This message has no checkpoint to restore.');
    return { ledger, checkpoint };
  }

  private links(sessionKey: SessionKey): CheckpointLink[] {
    const open = this.sessions.get(sessionKey);
    const ledger = this.review.ledgerOf(sessionKey);
    if (!open || !ledger || ledger.lastTurn === undefined) return [];
    const links: CheckpointLink[] = [];
    for (const [entryId, turn] of linkCheckpoints(open.session.state.entries, ledger.checkpoints)) {
      // The files whose text (as far as the review knows it) is not already what the checkpoint would restore.
      const files = ledger.restoreTargets(turn).filter((target) => {
        const now = ledger.get(target.path)?.current ?? this.review.snapshot.get(target.path);
        return now === undefined || now !== target.text;
      }).length;
      if (files > 0) links.push({ entryId, turn, files });
    }
    return links;
  }

  /** Follows the transcripts of the sessions some surface shows (new user messages, a replay). */
  private follow(): void {
    const shown = new Set(this.surfaces.shownKeys());
    for (const [key, subscription] of this.followed) {
      if (shown.has(key)) continue;
      subscription.dispose();
      this.followed.delete(key);
      this.lastPosted.delete(key);
    }
    for (const key of shown) {
      const session = this.sessions.get(key)?.session;
      if (session && !this.followed.has(key)) this.followed.set(key, session.onDidChange(() => this.postSoon()));
    }
    this.postSoon();
  }

  private postSoon(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      for (const key of this.surfaces.shownKeys()) {
        const previous = this.lastPosted.get(key);
        const message = this.message(key);
        if (message && this.lastPosted.get(key) !== previous) this.posts.toSession(key, message);
      }
    }, POST_DELAY_MS);
  }
}

function fileView(step: RestoreStep): RestoreFileView {
  const folder = vscode.workspace.asRelativePath(path.dirname(step.path));
  return {
    path: step.path,
    name: path.basename(step.path),
    folder: folder === path.dirname(step.path) || folder === '.' ? '' : folder,
    action: step.action === 'unknown' ? 'restore' : step.action,
  };
}

function rewindText(checkpoint: Checkpoint, plan: RestorePlan): string {
  const count = plan.steps.length;
  return `Checkpoint restored: ${count === 1 ? '1 file is' : `${count} files are`} back as before "${checkpoint.label}". The agent is not told; the messages after it stay.`;
}

function rewindDetail(plan: RestorePlan): string {
  const lines = plan.steps.map((step) => `${vscode.workspace.asRelativePath(step.path)}: ${step.action === 'delete' ? 'deleted (the agent created it)' : step.action === 'recreate' ? 'brought back' : 'earlier text restored'}`);
  for (const file of plan.unknown) lines.push(`${vscode.workspace.asRelativePath(file)}: left as is (its earlier text was not recorded)`);
  return lines.join('\n');
}
