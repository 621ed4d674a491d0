// Opens text the host keeps outside memory (transcriptSpill.ts) in a read-only editor: the whole text of a message
// cut at its cap, and the entries dropped from a long transcript.
import * as vscode from 'vscode';
import type { Session } from '../session/session';
import type { SessionKey } from '../shared/sessionKey';

export interface SpilledTextApi {
  /** Opens the whole text of a cut message of the session `sessionKey` names; false when there is none. */
  openFullMessage(sessionKey: SessionKey, entryId: string): Promise<boolean>;
  /** Opens the entries dropped from the session's memory; false when none were. */
  openEarlierMessages(sessionKey: SessionKey): Promise<boolean>;
}

async function openReadOnly(file: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  await vscode.window.showTextDocument(document, { preview: true });
  await vscode.commands.executeCommand('workbench.action.files.setActiveEditorReadonlyInSession');
}

export function spilledText(sessionOf: (sessionKey: SessionKey) => Session | undefined): SpilledTextApi {
  const open = async (sessionKey: SessionKey, find: (session: Session) => Promise<string | undefined>, missing: string): Promise<boolean> => {
    const session = sessionOf(sessionKey);
    const file = session ? await find(session) : undefined;
    if (!file) {
      void vscode.window.showInformationMessage(missing);
      return false;
    }
    await openReadOnly(file);
    return true;
  };
  return {
    openFullMessage: (sessionKey, entryId) =>
      open(sessionKey, (session) => session.fullMessageFile(entryId), 'The full text of this message is not available.'),
    openEarlierMessages: (sessionKey) =>
      open(sessionKey, (session) => session.droppedEntriesFile(), 'No earlier messages were dropped from this session.'),
  };
}
