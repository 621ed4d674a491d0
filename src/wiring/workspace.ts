// The workspace's folders as the sessions use them.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { placesIn, type PlaceFor } from '../session/sessionPlace';

/** The first workspace folder (the home folder without one): where agents run. */
export function workspaceCwd(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
}

/** Where a new session works unless the user picks: the folder of the active editor, else the first folder. */
export function defaultSessionCwd(): string {
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = active ? vscode.workspace.getWorkspaceFolder(active) : undefined;
  return folder?.uri.fsPath ?? workspaceCwd();
}

/** The place of a session starting in a folder (or where sessions work unless one is chosen), in this window. */
export const placeFor: PlaceFor = placesIn(() => vscode.workspace.workspaceFolders?.map((folder) => folder.uri.fsPath) ?? [], defaultSessionCwd);

/** The window's folders (the home folder without one): what the history lists sessions of. */
export function workspaceRoots(): string[] {
  return vscode.workspace.workspaceFolders?.map((folder) => folder.uri.fsPath) ?? [workspaceCwd()];
}
