// "ACP: Add File to Prompt": files become @-mentions in the composer's draft, as picking them after "@" does. From
// the explorer's context menu (the clicked file, or all selected ones) or, from the palette, a file dialog.
import * as vscode from 'vscode';
import type { ComposerHost } from '../composer/composerHost';
import type { MentionRef } from '../shared/protocol/composerProtocol';

export const ADD_FILE_COMMAND = 'acp.addFileToPrompt';

export function fileMention(uri: vscode.Uri): MentionRef {
  return { uri: uri.toString(), label: vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1) };
}

function urisOf(clicked: unknown, selected: unknown): vscode.Uri[] {
  if (Array.isArray(selected) && selected.length > 0 && selected.every((u) => u instanceof vscode.Uri)) return selected;
  return clicked instanceof vscode.Uri ? [clicked] : [];
}

/** `clicked`/`selected` are what the explorer passes; without them the user picks files in a dialog. */
export async function addFiles(composer: ComposerHost, clicked?: unknown, selected?: unknown): Promise<MentionRef[]> {
  let uris = urisOf(clicked, selected);
  if (uris.length === 0) {
    uris =
      (await vscode.window.showOpenDialog({
        canSelectMany: true,
        canSelectFolders: false,
        openLabel: 'Add to Prompt',
        defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
      })) ?? [];
  }
  const mentions = uris.filter((uri) => uri.scheme === 'file').map(fileMention);
  for (const mention of mentions) composer.addMention(mention);
  return mentions;
}
