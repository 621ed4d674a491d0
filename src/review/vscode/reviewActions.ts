// What Keep, Undo, Keep All, Undo All and Restore Checkpoint do, on the current session's ledger.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChangeLedger, Checkpoint, Content, PendingFile } from '../changeLedger';
import { planRestore, reversePlan, type RestorePlan } from '../restorePlan';
import type { BaselineDocuments } from './baselineDocuments';
import { acceptHunk, revertHunk, undoHunk } from '../../shared/diff';
import type { ChangesTree, FileNode, HunkNode, ReviewScope } from './changesTree';
import type { ReviewService } from './reviewService';
import type { ReviewUserInterface } from './reviewUserInterface';

/** A file as commands receive it: a tree node, a URI (explorer, editor title) or a path (tests). */
export type FileArgument = FileNode | HunkNode | vscode.Uri | string | undefined;

export class ReviewActions {
  private lastRestore: { id: number; checkpoint: Checkpoint; plan: RestorePlan } | undefined;
  private restores = 0;

  constructor(
    private readonly review: ReviewService,
    private readonly tree: ChangesTree,
    private readonly baselines: BaselineDocuments,
    private readonly ui: () => ReviewUserInterface,
  ) {}

  /** The node for a command's argument (the active editor's file when there is none). */
  nodeFor(argument: FileArgument): FileNode | undefined {
    if (argument && typeof argument === 'object' && 'type' in argument) return argument.type === 'hunk' ? argument.parent : argument;
    const file = typeof argument === 'string' ? argument : (argument ?? vscode.window.activeTextEditor?.document.uri)?.fsPath;
    if (!file) return undefined;
    const pending = this.review.ledgerFor(file)?.get(file);
    if (!pending) return undefined;
    return this.tree.files().find((node) => node.file.path === pending.path) ?? { type: 'file', file: pending, before: pending.baseline, scope: 'session' };
  }

  async openChange(argument: FileArgument): Promise<void> {
    const node = this.nodeFor(argument);
    if (!node) return this.ui().error('The agent has no unreviewed change in this file.');
    const ledger = this.review.ledgerFor(node.file.path);
    const turn = ledger?.lastTurn;
    const read = (): Content => (node.scope === 'lastTurn' && turn !== undefined ? ledger?.beforeTurn(turn, node.file.path) : ledger?.get(node.file.path)?.baseline);
    const left = this.baselines.uriFor(node.file.path, node.scope === 'lastTurn' ? 'before-turn' : 'before-agent', read);
    const right = node.file.current === null ? this.baselines.uriFor(node.file.path, 'deleted', () => '') : vscode.Uri.file(node.file.path);
    const title = `${path.basename(node.file.path)} (agent changes${node.scope === 'lastTurn' ? ', last turn' : ''})`;
    const hunk = argument && typeof argument === 'object' && 'type' in argument && argument.type === 'hunk' ? argument.hunk : undefined;
    const line = hunk ? Math.max(0, hunk.newStart - 1) : undefined;
    const selection = line === undefined ? undefined : new vscode.Range(line, 0, line, 0);
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true, selection });
  }

  /** Keep one change: the baseline takes it, so it leaves the review; the file's other changes stay. */
  keepHunk(node: HunkNode | undefined): void {
    const ledger = node && this.review.ledgerFor(node.parent.file.path);
    const file = node && ledger?.get(node.parent.file.path);
    if (!node || !file || typeof file.baseline !== 'string') return;
    ledger?.setBaseline(file.path, acceptHunk(file.baseline, node.hunk));
    this.baselines.refresh();
  }

  /** Undo one change: exactly its old lines come back, wherever the user's later edits moved it; they stay. */
  async undoHunk(node: HunkNode | undefined): Promise<void> {
    const ledger = node && this.review.ledgerFor(node.parent.file.path);
    const file = node && ledger?.get(node.parent.file.path);
    if (!node || !file) return;
    const agentText = file.current ?? '';
    const now = (await this.review.currentText(file.path)) ?? '';
    const undone = undoHunk(agentText, now, node.hunk);
    if (undone.kind === 'conflict') return this.ui().error(`You edited inside this change of ${path.basename(file.path)}: undo the file, or change it by hand.`);
    if (undone.kind === 'tooLarge') return this.ui().error(`${path.basename(file.path)} is too large to undo one change at a time: undo the file instead.`);
    const agentWithout = revertHunk(agentText, node.hunk);
    // The only change of a file the agent created (and the user added nothing): the file goes, not left empty.
    const gone = file.baseline === null && agentWithout === '' && undone.text === '';
    await this.review.setText(file.path, gone ? null : undone.text, gone ? null : agentWithout);
    this.baselines.refresh();
  }

  keep(argument: FileArgument): void {
    const node = this.nodeFor(argument);
    if (node) this.review.ledgerFor(node.file.path)?.keep(node.file.path);
    this.baselines.refresh();
  }

  /** Keep every pending change, of every conversation (the chat's "Keep all"). */
  keepEverything(): void {
    for (const { file } of this.review.allPending()) this.keepEverywhere(file.path);
    this.baselines.refresh();
  }

  /** Keep a file's changes in every conversation that changed it (the chat's strip lists the file once). */
  keepEverywhere(file: string): void {
    for (const ledger of this.review.ledgersOf(file)) ledger.keep(file);
    this.baselines.refresh();
  }

  /** Undo every pending change that can be undone, of every conversation (the chat's "Undo all"). */
  async undoEverything(): Promise<void> {
    for (const { file } of this.review.allPending()) if (file.baseline !== undefined) await this.undoFile(file, file.baseline, true);
  }

  async undo(argument: FileArgument): Promise<void> {
    const node = this.nodeFor(argument);
    if (!node) return;
    await this.undoFile(node.file, node.before, true);
  }

  keepAll(scope: ReviewScope = this.tree.scope): void {
    for (const node of this.tree.filesIn(scope)) this.review.ledger?.keep(node.file.path);
    this.baselines.refresh();
  }

  async undoAll(scope: ReviewScope = this.tree.scope): Promise<void> {
    for (const node of this.tree.filesIn(scope)) await this.undoFile(node.file, node.before, true);
  }

  /** Restores a checkpoint (the latest one the user picks); undefined `turn` asks. */
  async restoreCheckpoint(turn?: number): Promise<void> {
    const ledger = this.review.ledger;
    const checkpoints = ledger?.checkpoints ?? [];
    if (!ledger || checkpoints.length === 0) return this.ui().error('There is no checkpoint yet: every prompt you send makes one.');
    const checkpoint = turn === undefined ? await this.ui().pickCheckpoint(checkpoints) : checkpoints.find((c) => c.turn === turn);
    if (!checkpoint) return;
    const plan = await this.planRestore(ledger, checkpoint);
    if (plan.steps.length === 0 && plan.unknown.length === 0) return this.ui().error('No file changed since that checkpoint.');
    if (!(await this.ui().confirmRestore(checkpoint, plan))) return;
    await this.applyRestore(checkpoint, plan);
    if (await this.ui().restored(checkpoint, plan.steps.length)) await this.undoRestore();
  }

  /** What restoring a checkpoint of a ledger would change now (nothing is written). */
  async planRestore(ledger: ChangeLedger, checkpoint: Checkpoint): Promise<RestorePlan> {
    await this.review.settled();
    return planRestore(ledger.restoreTargets(checkpoint.turn), (file) => this.review.currentText(file));
  }

  /** Applies a restore plan; it is the one Undo Restore puts back. Returns its number. */
  async applyRestore(checkpoint: Checkpoint, plan: RestorePlan): Promise<number> {
    await this.apply(plan);
    const id = ++this.restores;
    this.lastRestore = { id, checkpoint, plan };
    return id;
  }

  /** The number of the restore Undo Restore would put back, if any. */
  get undoableRestore(): number | undefined {
    return this.lastRestore?.id;
  }

  /** Puts back what the last checkpoint restore changed. */
  async undoRestore(): Promise<void> {
    const last = this.lastRestore;
    if (!last) return this.ui().error('No checkpoint restore to undo.');
    this.lastRestore = undefined;
    await this.apply(reversePlan(last.plan));
  }

  private async apply(plan: RestorePlan): Promise<void> {
    for (const step of plan.steps) await this.review.setText(step.path, step.target);
    this.baselines.refresh();
  }

  private async undoFile(file: PendingFile, before: Content, askOverUserEdits: boolean): Promise<void> {
    if (before === undefined) {
      return this.ui().error(`The text of ${path.basename(file.path)} before the agent's change was not recorded (too large, not text, or not yet scanned): it cannot be undone here.`);
    }
    const now = await this.review.currentText(file.path);
    if (askOverUserEdits && now !== file.current && now !== before && !(await this.ui().confirmUndoOverUserEdits(file.path))) return;
    const ledger = this.review.ledgerFor(file.path);
    await this.review.setText(file.path, before);
    this.review.markUndone(ledger, file.toolCallIds);
    this.baselines.refresh();
  }
}
