// A new session on the selected agent. Given a folder (a folder's Uri, or an absolute path: keybinding `args`, other
// commands), the session works there, in a workspace folder or not (see src/session/sessionPlace.ts for its roots).
// Else, in a workspace of several folders the user picks the folder it works in (the active editor's folder comes
// first); with one folder, that folder.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SessionStarter, SurfaceSessions } from '../session/surfaceSessions';
import type { PalettePicks } from './quickPick';

export const NEW_SESSION_FOLDER_PICK = 'acp.newSession.folder';

/** The folder a command argument names: a `file:` Uri or an absolute path; undefined for anything else. */
export function folderArgument(argument: unknown): string | undefined {
  if (argument instanceof vscode.Uri) return argument.scheme === 'file' ? argument.fsPath : undefined;
  return typeof argument === 'string' && path.isAbsolute(argument) ? path.normalize(argument) : undefined;
}

async function requireFolder(folder: string): Promise<void> {
  const stat = await Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.file(folder))).catch(() => undefined);
  if (!stat) throw new Error(`There is no folder ${folder}, so no session was started there.`);
  if (!(stat.type & vscode.FileType.Directory)) throw new Error(`${folder} is not a folder, so no session was started there.`);
}

export async function newSessionInChosenFolder(starter: SessionStarter, surface: SurfaceSessions, picks: PalettePicks, defaultCwd: () => string, folder?: string): Promise<void> {
  if (folder !== undefined) {
    await requireFolder(folder);
    await starter.newSession(surface, { cwd: folder });
    return;
  }
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
