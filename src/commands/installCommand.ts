// "Run in terminal" on the chat's install hint: the install command of the preset whose command the shown agent is
// missing runs in a new terminal. Only a command line the extension itself knows (src/config/agentPresets.ts) is
// ever run, never text from the chat view.
import * as vscode from 'vscode';
import { presetForCommand } from '../config/agentPresets';
import type { ActiveSurface, SurfaceSessions } from '../session/surfaceSessions';

export const RUN_INSTALL_COMMAND = 'acp.runInstallCommand';

/** Resolves with the command line run, or undefined when there is none to run. */
export function runInstallCommand(shown: SurfaceSessions): string | undefined {
  const missing = shown.agent?.missingCommand?.command;
  const preset = missing === undefined ? undefined : presetForCommand(missing);
  const line = preset?.installCommand;
  if (!preset || !line) {
    void vscode.window.showInformationMessage('There is no install command to run for this agent.');
    return undefined;
  }
  const terminal = vscode.window.createTerminal({ name: `Install ${preset.name}` });
  terminal.show();
  terminal.sendText(line, true);
  return line;
}

export function registerInstallCommand(surfaces: ActiveSurface): vscode.Disposable {
  return vscode.commands.registerCommand(RUN_INSTALL_COMMAND, () => runInstallCommand(surfaces.current()));
}
