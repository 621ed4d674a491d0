// The terminal/* services as the extension plugs them in: the service, a VS Code terminal mirroring each command,
// and the output for the chat view. Everything is disposed with the extension (running commands killed).
import * as vscode from 'vscode';
import type { GroupGuard } from '../../acp/processWatchdog';
import type { ClientFeature } from '../../acp/clientRequests';
import type { TerminalOutputSource } from './terminalBook';
import { TerminalMirrors } from './terminalMirrors';
import { DEFAULT_MAX_TERMINALS_PER_SESSION, TerminalService } from './terminalService';
import type { SessionKey } from '../../shared/sessionKey';

/** `acp.terminals.maxPerSession`, read at each terminal/create. */
function maxPerSession(): number {
  const value = vscode.workspace.getConfiguration('acp').get<number>('terminals.maxPerSession', DEFAULT_MAX_TERMINALS_PER_SESSION);
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_MAX_TERMINALS_PER_SESSION;
}

export interface TerminalServiceHandle {
  readonly feature: ClientFeature;
  /** The commands' output, for the chat view. */
  readonly outputs: TerminalOutputSource;
  /** A tool call titled `title` shows terminal `terminalId` of session `sessionKey`: its VS Code terminal opens. */
  toolCallShowsTerminal(sessionKey: SessionKey, terminalId: string, title: string): void;
  /** Kills every command still running; resolves once they have exited. */
  stopAll(): Promise<void>;
}

export function createTerminalService(context: vscode.ExtensionContext, guard?: GroupGuard): TerminalServiceHandle {
  const service = new TerminalService({ maxPerSession, guard });
  const mirrors = new TerminalMirrors(service.book);
  context.subscriptions.push({
    dispose: () => {
      mirrors.dispose();
      service.dispose();
    },
  });
  return {
    feature: service,
    outputs: service.book,
    toolCallShowsTerminal: (sessionKey, terminalId, title) => {
      const record = service.book.get(sessionKey, terminalId);
      if (record) mirrors.open(record, title);
    },
    stopAll: () => service.stopAll(),
  };
}
