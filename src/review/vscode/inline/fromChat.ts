// "Review inline" on a chat card of an agent edit: the file the diff names opens in an editor at the agent's first
// change under review (or as it is, with a word why, when nothing of it is under review any more). The review owns the
// chat's message: it names its session, and a session that is gone is refused, not redirected.
import * as vscode from 'vscode';
import type { ChatHandlers } from '../../../session/chatHandlers';
import type { SessionRegistry } from '../../../session/sessionRegistry';
import { diffSidesOf } from '../../../editor/diffSides';
import { resolveChatPath } from '../../../editor/openFromChat';
import type { TranscriptEntry } from '../../../shared/transcript/model';
import type { InlineReviewApi } from './registerInline';
import { describeError } from '../../../shared/text/errors';

/** Registers the chat's "Review inline" with the chat. */
export function reviewInlineChatHandlers(handlers: ChatHandlers, sessions: SessionRegistry, inline: InlineReviewApi): vscode.Disposable {
  return handlers.handle(['reviewInline'], (message) => {
    const open = sessions.get(message.sessionKey);
    if (!open) throw new Error('That session is not open any more.');
    return reviewInlineFromChat(inline, open.session.state.entries, message.toolCallId, message.index, open.session.scope.roots);
  });
}

async function reviewInlineFromChat(
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
