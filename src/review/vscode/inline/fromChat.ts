// "Review inline" on a chat card of an agent edit: the file the diff names opens in an editor at the agent's first
// change under review (or as it is, with a word why, when nothing of it is under review any more).
import * as vscode from 'vscode';
import { diffSidesOf } from '../../../editor/diffSides';
import { resolveChatPath } from '../../../editor/openFromChat';
import type { TranscriptEntry } from '../../../shared/model';
import type { InlineReviewApi } from './registerInline';
import { describeError } from '../../../shared/errors';

export async function reviewInlineFromChat(
  inline: InlineReviewApi,
  entries: readonly TranscriptEntry[] | undefined,
  toolCallId: string,
  index: number,
  roots: readonly string[],
): Promise<void> {
  const sides = entries ? diffSidesOf(entries, toolCallId, index) : undefined;
  if (!sides) {
    void vscode.window.showWarningMessage('That edit is no longer in the session.');
    return;
  }
  const uri = await resolveChatPath(sides.path, roots);
  try {
    if (!(await inline.open(uri.fsPath))) {
      void vscode.window.showInformationMessage(`${vscode.workspace.asRelativePath(uri)} has no agent changes left to review: it is open as it is now.`);
    }
  } catch (error) {
    void vscode.window.showWarningMessage(`Cannot open ${sides.path}: ${describeError(error)}`);
  }
}
