// Plugs sign-in into the extension: the credential store, the sign-in flows the chat's buttons start, and the
// "ACP: Log Out of Agent" command.
import * as vscode from 'vscode';
import type { AgentLaunch } from '../../acp/agentProcess';
import type { AgentDefinition } from '../../config/agentDefinitions';
import type { AgentActions } from '../../session/agentActions';
import type { ActiveSurface, SessionStarter } from '../../session/surfaceSessions';
import { AgentAuth } from './agentAuth';
import { CredentialStore } from './credentialStore';
import { describeError } from '../../shared/text/errors';

export const LOG_OUT_COMMAND = 'acp.logOut';

export function createCredentialStore(context: vscode.ExtensionContext): CredentialStore {
  return new CredentialStore(context.secrets, context.globalState);
}

export function registerAuth(
  credentials: CredentialStore,
  sessions: { surfaces: ActiveSurface; starter: SessionStarter; actions: AgentActions },
  launchFor: (agent: AgentDefinition) => Promise<AgentLaunch>,
  agentSelected: () => Promise<void>,
  log: (line: string) => void,
): { auth: AgentAuth; disposables: vscode.Disposable[] } {
  const auth = new AgentAuth({ ...sessions, credentials, launchFor, log });
  const logOut = vscode.commands.registerCommand(LOG_OUT_COMMAND, async () => {
    try {
      await agentSelected();
      const said = await auth.logOut();
      void vscode.window.showInformationMessage(said);
      return said;
    } catch (error) {
      void vscode.window.showErrorMessage(describeError(error));
      return undefined;
    }
  });
  return { auth, disposables: [logOut] };
}
