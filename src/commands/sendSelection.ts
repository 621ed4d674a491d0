// "ACP: Send Selection to Agent": the active editor's selections go to the agent as a prompt right away (each as a
// mention of its lines, resolved like the composer's @-mentions), queued when the agent is busy. Distinct from
// "Add Selection to Prompt", which only puts the mentions in the composer's draft.
import * as vscode from 'vscode';
import { selectionMentions } from '../composer/addSelection';
import type { ComposerHost } from '../composer/composerHost';

export const SEND_SELECTION_COMMAND = 'acp.sendSelectionToAgent';

export async function sendSelection(composer: ComposerHost, showChat: () => Thenable<unknown>): Promise<boolean> {
  const editor = vscode.window.activeTextEditor;
  const mentions = editor && editor.document.uri.scheme === 'file' ? selectionMentions(editor) : [];
  if (mentions.length === 0) {
    void vscode.window.showInformationMessage('Select some text in a file editor first.');
    return false;
  }
  void showChat();
  await composer.prompt({ type: 'prompt', text: mentions.map((mention) => `@${mention.label}`).join(' '), mentions }, composer.chatSender);
  return true;
}
