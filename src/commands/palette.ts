// Command palette entries (category "ACP") that drive the session from the editor: switch agent, switch mode,
// send the selection, add files to the prompt, export the transcript. Each takes an optional argument (what a
// menu passes, or a keybinding's/test's answer) and otherwise asks the user.
import * as vscode from 'vscode';
import type { ComposerHost } from '../composer/composerHost';
import type { SessionRegistry } from '../session/sessionRegistry';
import type { ActiveSurface, SessionStarter } from '../session/surfaceSessions';
import { ADD_FILE_COMMAND, addFiles } from './addFile';
import { EXPORT_TRANSCRIPT_COMMAND, exportTranscript } from './exportTranscript';
import { PalettePicks } from './quickPick';
import { SEND_SELECTION_COMMAND, sendSelection } from './sendSelection';
import { MAKE_DEFAULT_AGENT_COMMAND, makeDefaultAgent, SWITCH_AGENT_COMMAND, switchAgent } from './switchAgent';
import { registerAccessibleView } from './accessibleView';
import { registerSubagentDocuments } from '../chat/openSubagent';
import { registerInstallCommand } from './installCommand';
import { SWITCH_MODE_COMMAND, switchMode } from './switchMode';
import { CLOSE_SESSION_COMMAND, closeSession, SWITCH_SESSION_COMMAND, switchSession } from './switchSession';
import { describeError } from '../shared/text/errors';

export interface PaletteDeps {
  extensionUri: vscode.Uri;
  sessions: SessionRegistry;
  /** The active chat surface (the focused chat tab, else the side bar): what these commands act on. */
  surfaces: ActiveSurface;
  starter: SessionStarter;
  composer: ComposerHost;
  /** Resolves once the configured agent is selected. */
  agentSelected(): Promise<void>;
  /** Uses an agent for new sessions in this window (not as the default); resolves once it is selected. */
  chooseAgent(agentId: string): Promise<void>;
  showChat(): Thenable<unknown>;
  /** The secrets of the moment (agents' env and flags, MCP, sign-in keys): masked in exports. */
  knownSecrets(): readonly string[];
}

/** Runs a command; an error is shown to the user and rethrown, so executeCommand callers see it too. */
function reported<A extends unknown[], R>(action: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await action(...args);
    } catch (error) {
      void vscode.window.showErrorMessage(describeError(error));
      throw error;
    }
  };
}

export function registerPaletteCommands(deps: PaletteDeps): { picks: PalettePicks; disposables: vscode.Disposable[] } {
  const { sessions, surfaces, starter, composer } = deps;
  const picks = new PalettePicks();
  return {
    picks,
    disposables: [
      picks,
      vscode.commands.registerCommand(
        SWITCH_AGENT_COMMAND,
        reported(async (agentId?: unknown) => {
          await deps.agentSelected();
          await switchAgent(deps.extensionUri, surfaces.current(), picks, deps.chooseAgent, agentId);
        }),
      ),
      vscode.commands.registerCommand(
        MAKE_DEFAULT_AGENT_COMMAND,
        reported(async (agentId?: unknown) => {
          await deps.agentSelected();
          await makeDefaultAgent(deps.extensionUri, surfaces.current(), agentId);
        }),
      ),
      registerInstallCommand(surfaces),
      ...registerAccessibleView(surfaces, deps.knownSecrets),
      registerSubagentDocuments(),
      vscode.commands.registerCommand(
        SWITCH_MODE_COMMAND,
        reported((value?: unknown) => switchMode(surfaces.current(), composer, picks, value)),
      ),
      vscode.commands.registerCommand(
        SEND_SELECTION_COMMAND,
        reported(async () => {
          await deps.agentSelected();
          return sendSelection(composer, deps.showChat);
        }),
      ),
      vscode.commands.registerCommand(
        ADD_FILE_COMMAND,
        reported((clicked?: unknown, selected?: unknown) => addFiles(composer, clicked, selected)),
      ),
      vscode.commands.registerCommand(
        SWITCH_SESSION_COMMAND,
        reported((key?: unknown) => switchSession(sessions, surfaces.current(), picks, deps.showChat, key)),
      ),
      vscode.commands.registerCommand(
        CLOSE_SESSION_COMMAND,
        reported((key?: unknown) => closeSession(starter, surfaces.current(), key)),
      ),
      vscode.commands.registerCommand(
        EXPORT_TRANSCRIPT_COMMAND,
        reported((target?: unknown) => exportTranscript(surfaces.current(), target, deps.knownSecrets())),
      ),
    ],
  };
}
