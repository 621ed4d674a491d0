// "Restore checkpoint" on the chat's user messages, the host side: which messages of the shown session have a
// checkpoint (linked through the prompt anchors, checkpointLinks.ts, so a replayed or locally kept copy of the
// conversation gets them too), the plan of a restore (shown in the chat before anything is written), the restore
// itself with its rewind marker in the transcript (a notice with Undo Restore), and Undo Restore.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckpointHostMessage, CheckpointLink, CheckpointPlanMessage, CheckpointsMessage, CheckpointWebviewMessage, RestoreFileView } from '../../shared/checkpointProtocol';
import type { SessionKey } from '../../shared/sessionKey';
import type { ChatHandlers } from '../../session/chatHandlers';
import type { SessionRegistry } from '../../session/sessionRegistry';
import type { SurfaceSessions } from '../../session/surfaceSessions';
import type { ChangeLedger, Checkpoint } from '../changeLedger';
import { linkCheckpoints } from '../checkpointLinks';
import type { RestorePlan, RestoreStep } from '../restorePlan';
import type { ReviewActions } from './reviewActions';
import type { ReviewService } from './reviewService';

/** Transcript and ledger changes within this time are posted together. */
const POST_DELAY_MS = 80;

export class CheckpointsInChat implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastPosted = '';
  private followed: { dispose(): void } | undefined;
  private readonly subscriptions: vscode.Disposable[];
  /** The rewind notices and the restore each tells of (to mark them undone). */
  private readonly rewinds = new Map<number, { sessionKey: SessionKey; entryId: string }>();

  constructor(
    private readonly review: ReviewService,
    private readonly actions: ReviewActions,
    private readonly sessions: SessionRegistry,
    private readonly shown: SurfaceSessions,
    private readonly post: (message: CheckpointHostMessage) => void,
  ) {
    this.subscriptions = [
      // The shown ledger changed (a turn, a restore, a Keep), or another session is shown.
      review.onDidChange(() => this.postSoon()),
      shown.onDidChangeSession(() => this.follow()),
    ];
    this.follow();
  }

  /** The shown session's links (also sent when the chat view attaches). */
  message(): CheckpointsMessage | undefined {
    const key = this.shown.currentKey;
    if (key === undefined) return undefined;
    const message: CheckpointsMessage = { type: 'checkpoints', sessionKey: key, links: this.links(key) };
    this.lastPosted = JSON.stringify(message);
    return message;
  }

  /** What the chat view gets when it attaches. */
  viewState(): CheckpointHostMessage[] {
    const message = this.message();
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
    this.followed?.dispose();
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

  /** Follows the shown session's transcript (new user messages, a replay). */
  private follow(): void {
    this.followed?.dispose();
    this.followed = this.shown.session?.onDidChange(() => this.postSoon());
    this.postSoon();
  }

  private postSoon(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const previous = this.lastPosted;
      const message = this.message();
      if (message && this.lastPosted !== previous) this.post(message);
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
