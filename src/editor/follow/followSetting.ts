// The `acp.followAgent` setting, and toggling it where the user set it (a workspace value stays a workspace value).
import * as vscode from 'vscode';

export const FOLLOW_SECTION = 'acp';
export const FOLLOW_KEY = 'followAgent';
export const FOLLOW_SETTING = `${FOLLOW_SECTION}.${FOLLOW_KEY}`;

export function isFollowing(): boolean {
  return vscode.workspace.getConfiguration(FOLLOW_SECTION).get<boolean>(FOLLOW_KEY, false) === true;
}

/** Sets the setting at the most specific level that already has a value (user settings when none has). */
export async function setFollowing(on: boolean): Promise<void> {
  const config = vscode.workspace.getConfiguration(FOLLOW_SECTION);
  const inspected = config.inspect<boolean>(FOLLOW_KEY);
  const target =
    inspected?.workspaceFolderValue !== undefined
      ? vscode.ConfigurationTarget.WorkspaceFolder
      : inspected?.workspaceValue !== undefined
        ? vscode.ConfigurationTarget.Workspace
        : vscode.ConfigurationTarget.Global;
  await config.update(FOLLOW_KEY, on, target);
}
