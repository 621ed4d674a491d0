// The fs/* and terminal/* services this client offers agents; the client's advertised capabilities follow
// from what is listed here (see acp/clientCapabilities.ts).
import type * as vscode from 'vscode';
import { createFilesService } from './editor/files';
import { createTerminalService } from './editor/terminals/createTerminalService';
import { terminalsShownBy } from './editor/terminals/toolCallTerminals';
import { ClientServices, combineServices } from './session/clientRequests';
import type { Session } from './session/session';

export interface ClientServicesHandle {
  readonly services: ClientServices;
  /** Lets the services follow a session's view model (a command's VS Code terminal opens under its tool call's title). */
  follow(session: Session): vscode.Disposable;
}

export function createClientServices(context: vscode.ExtensionContext): ClientServicesHandle {
  const terminals = createTerminalService(context);
  return {
    services: combineServices([createFilesService(context), terminals.services]),
    follow: (session) =>
      session.onDidChange((change) => {
        for (const shown of terminalsShownBy(session.state, change.entries)) {
          terminals.toolCallShowsTerminal(session.sessionId, shown.terminalId, shown.title);
        }
      }),
  };
}
