// The questions the review asks the user, as a seam: VS Code dialogs by default; integration tests answer them.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Checkpoint } from '../changeLedger';
import { describeStep, type RestorePlan } from '../restorePlan';

export interface ReviewUserInterface {
  pickCheckpoint(checkpoints: readonly Checkpoint[]): Promise<Checkpoint | undefined>;
  /** Shows what restoring will change; true to go ahead. */
  confirmRestore(checkpoint: Checkpoint, plan: RestorePlan): Promise<boolean>;
  /** The user changed the file after the agent; true to undo anyway (their changes go too). */
  confirmUndoOverUserEdits(file: string): Promise<boolean>;
  /** Tells that a checkpoint was restored; true when the user asks to undo the restore. */
  restored(checkpoint: Checkpoint, files: number): Promise<boolean>;
  error(message: string): void;
}

export const vscodeReviewUserInterface: ReviewUserInterface = {
  async pickCheckpoint(checkpoints) {
    const items = [...checkpoints].reverse().map((checkpoint) => ({
      label: `$(history) ${checkpoint.label}`,
      description: `prompt ${checkpoint.turn} · ${new Date(checkpoint.time).toLocaleTimeString()}`,
      checkpoint,
    }));
    const picked = await vscode.window.showQuickPick(items, { title: 'Restore Checkpoint', placeHolder: 'Revert every agent change made since this prompt' });
    return picked?.checkpoint;
  },
  async confirmRestore(checkpoint, plan) {
    const lines = plan.steps.map((step) => `${vscode.workspace.asRelativePath(step.path)}: ${describeStep(step)}`);
    if (plan.unknown.length > 0) lines.push(...plan.unknown.map((file) => `${vscode.workspace.asRelativePath(file)}: left as is (its earlier text was not recorded)`));
    const answer = await vscode.window.showWarningMessage(
      `Restore the checkpoint before "${checkpoint.label}"? ${plan.steps.length} file(s) change.`,
      { modal: true, detail: lines.join('\n') },
      'Restore',
    );
    return answer === 'Restore';
  },
  async confirmUndoOverUserEdits(file) {
    const answer = await vscode.window.showWarningMessage(
      `You changed ${path.basename(file)} after the agent. Undo puts back the text from before the agent's change, and your later changes go too.`,
      { modal: true },
      'Undo Anyway',
    );
    return answer === 'Undo Anyway';
  },
  async restored(checkpoint, files) {
    const answer = await vscode.window.showInformationMessage(`Restored the checkpoint before "${checkpoint.label}" (${files} file(s)).`, 'Undo Restore');
    return answer === 'Undo Restore';
  },
  error(message) {
    void vscode.window.showErrorMessage(message);
  },
};
