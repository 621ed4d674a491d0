// Command palette actions (category "ACP").
import * as vscode from 'vscode';
import type { ActiveSurface, SessionStarter } from '../session/surfaceSessions';
import type { TrafficLog } from '../output/trafficLog';
import { describeError } from '../shared/text/errors';
import { folderArgument } from './newSession';

export interface CommandDeps {
  /** The active chat surface: what these commands act on. */
  surfaces: ActiveSurface;
  starter: SessionStarter;
  traffic: TrafficLog;
  /** Resolves once the configured agent is selected (settings are read asynchronously). */
  agentSelected(): Promise<void>;
  /** A new session: in `folder` (the command's argument) when given, else in the folder the user picks when the workspace has several. */
  newSession(folder?: string): Promise<void>;
  /** Shows the chat with the caret in its composer. */
  focusChat(): Promise<void>;
}

async function reportErrors(action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    void vscode.window.showErrorMessage(describeError(error));
  }
}

export function registerCommands({ surfaces, starter, traffic, agentSelected, newSession, focusChat }: CommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('acp.focusChat', focusChat),
    // VS Code's own "Move View" picker for the chat: the secondary side bar (where other chats live), the panel, or
    // back (an extension cannot place a view in the secondary side bar by itself in VS Code 1.100).
    vscode.commands.registerCommand('acp.moveChat', () => vscode.commands.executeCommand('workbench.action.moveFocusedView', 'acp.chat')),
    vscode.commands.registerCommand('acp.newSession', (folder?: unknown) =>
      reportErrors(async () => {
        await agentSelected();
        await newSession(folderArgument(folder));
        // The new session is on the active surface: the side-bar chat comes up unless a chat tab is the active one.
        if (surfaces.current() === surfaces.sideBar) await vscode.commands.executeCommand('acp.chat.focus');
      }),
    ),
    vscode.commands.registerCommand('acp.cancelTurn', () => reportErrors(async () => surfaces.current().session?.cancel())),
    vscode.commands.registerCommand('acp.restartAgent', () =>
      reportErrors(async () => {
        await agentSelected();
        await starter.restartAgent(surfaces.current());
      }),
    ),
    vscode.commands.registerCommand('acp.showTrafficLog', () => {
      if (!traffic.enabled) {
        void vscode.window.showInformationMessage('The ACP traffic log is off. Turn it on with "ACP: Toggle Traffic Log".');
      }
      traffic.show();
    }),
    vscode.commands.registerCommand('acp.toggleTrafficLog', async () => {
      const on = await traffic.toggle();
      void vscode.window.showInformationMessage(`ACP traffic log ${on ? 'on' : 'off'}.`);
    }),
  ];
}
