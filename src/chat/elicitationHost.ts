// The host's side of an elicitation answered in the chat: the session checks the answer, and an accepted URL is
// opened through VS Code (the user's browser, outside the editor and the agent's reach), only now, after the
// user's click. The URL comes from the session's own copy of the request, never from the webview.
import * as vscode from 'vscode';
import type { Session } from '../session/session';
import type { ElicitationAnswerMessage } from '../shared/protocol/elicitationProtocol';

export async function answerElicitation(
  session: Session | undefined,
  message: ElicitationAnswerMessage,
  warn: (line: string) => void,
): Promise<void> {
  if (!session) return;
  const answer = message.action === 'accept' ? { action: message.action, values: message.values } : { action: message.action };
  const result = session.answerElicitation(message.requestKey, answer);
  if (!result.ok) {
    warn(`elicitation answer not sent: ${result.reason}`);
    return;
  }
  if (result.openUrl !== undefined) await vscode.env.openExternal(vscode.Uri.parse(new URL(result.openUrl).href, true));
}
