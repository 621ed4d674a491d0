// A new session on the selected agent. In a workspace of several folders the user picks the folder it works in
// (the active editor's folder comes first); with one folder, that folder.
import * as vscode from 'vscode';
import type { SessionStarter, SurfaceSessions } from '../session/surfaceSessions';
import type { PalettePicks } from './quickPick';

export const NEW_SESSION_FOLDER_PICK = 'acp.newSession.folder';

export async function newSessionInChosenFolder(starter: SessionStarter, surface: SurfaceSessions, picks: PalettePicks, defaultCwd: () => string): Promise<void> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  let cwd: string | undefined;
  if (folders.length > 1) {
    const current = defaultCwd();
    cwd = await picks.pickOne({
      id: NEW_SESSION_FOLDER_PICK,
      title: 'New Session',
      placeholder: 'The folder the agent works in',
      items: folders.map((folder) => ({ label: folder.name, description: folder.uri.fsPath, value: folder.uri.fsPath, current: folder.uri.fsPath === current })),
    });
    if (cwd === undefined) return;
  }
  await starter.newSession(surface, { cwd });
}
