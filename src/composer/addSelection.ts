// "ACP: Add Selection to Prompt": each non-empty selection of the active editor becomes a mention of its lines
// in the composer's draft (the chat view opens when needed).
import * as vscode from 'vscode';
import type { MentionRef } from '../shared/protocol/composerProtocol';
import type { ComposerHost } from './composerHost';
import { selectionLabel, selectionLines } from './selectionRange';

export const ADD_SELECTION_COMMAND = 'acp.addSelectionToPrompt';

export function selectionMentions(editor: vscode.TextEditor): MentionRef[] {
  const path = vscode.workspace.asRelativePath(editor.document.uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
  const mentions: MentionRef[] = [];
  for (const selection of editor.selections) {
    const range = selectionLines(selection.start, selection.end);
    if (range) mentions.push({ uri: editor.document.uri.toString(), label: selectionLabel(path, range), range });
  }
  return mentions;
}

export function registerAddSelection(composer: ComposerHost): vscode.Disposable {
  return vscode.commands.registerCommand(ADD_SELECTION_COMMAND, () => {
    const editor = vscode.window.activeTextEditor;
    const mentions = editor && editor.document.uri.scheme === 'file' ? selectionMentions(editor) : [];
    if (mentions.length === 0) {
      void vscode.window.showInformationMessage('Select some text in a file editor first.');
      return;
    }
    for (const mention of mentions) composer.addMention(mention);
  });
}
