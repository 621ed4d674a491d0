// The fs/* and terminal/* features this client offers agents; the client's advertised capabilities follow
// from what is listed here (see acp/clientCapabilities.ts).
import type * as vscode from 'vscode';
import type { GroupGuard } from './acp/processWatchdog';
import { createFilesService, FilesApi } from './services/files';
import type { TerminalOutputSource } from './services/terminals/terminalBook';
import { createTerminalService } from './services/terminals/createTerminalService';
import { terminalsShownBy } from './services/terminals/toolCallTerminals';
import { feedAgentTerminals, FedSession, FedSessions } from './services/terminals/agentTerminalFeed';
import type { ClientFeature } from './acp/clientRequests';
import type { Session } from './session/session';

export interface ClientServicesHandle {
  /** The features that serve agent requests; each session gets a part of each (see acp/clientRequests.ts). */
  readonly features: readonly ClientFeature[];
  /** The files service's API (the agents' writes; tests answer its prompts). */
  readonly files: FilesApi;
  /** The terminals' output, for the chat view's tool call cards. */
  readonly terminalOutputs: TerminalOutputSource;
  /** Lets the services follow a session's view model (a command's VS Code terminal opens under its tool call's title). */
  follow(session: Session): vscode.Disposable;
  /** Shows the commands agents run themselves (their `_meta` output) in the chat, for every open session. */
  feedAgentCommands<S extends FedSession>(sessions: FedSessions<S>): vscode.Disposable;
  /** Kills every process the services started (terminal commands); resolves once they have exited. */
  stopProcesses(): Promise<void>;
}

export function createClientServices(context: vscode.ExtensionContext, guard: GroupGuard | undefined, log: (line: string) => void): ClientServicesHandle {
  const terminals = createTerminalService(context, guard);
  const files = createFilesService(context, log);
  return {
    features: [files.feature, terminals.feature],
    files: files.api,
    terminalOutputs: terminals.outputs,
    follow: (session) =>
      session.onDidChange((change) => {
        for (const shown of terminalsShownBy(session.state, change.entries)) {
          terminals.toolCallShowsTerminal(session.key, shown.terminalId, shown.title);
        }
      }),
    feedAgentCommands: (sessions) => feedAgentTerminals(sessions, terminals.agentCommands),
    stopProcesses: () => terminals.stopAll(),
  };
}
