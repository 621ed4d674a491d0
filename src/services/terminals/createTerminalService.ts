// The terminal/* services as the extension plugs them in: the service, a VS Code terminal mirroring each command,
// and the output for the chat view. Everything is disposed with the extension (running commands killed).
import * as vscode from 'vscode';
import type { GroupGuard } from '../../acp/processWatchdog';
import type { ClientFeature } from '../../acp/clientRequests';
import type { TerminalOutputSource } from './terminalBook';
import { TerminalMirrors } from './terminalMirrors';
import { DEFAULT_MAX_TERMINALS_PER_SESSION, DEFAULT_TERMINAL_LIMITS, TerminalService } from './terminalService';
import { AgentTerminalBook, mergedOutputSource } from './agentTerminals';
import type { SessionKey } from '../../shared/sessionKey';

/** `acp.terminals.maxPerSession`, read at each terminal/create. */
function maxPerSession(): number {
  const value = vscode.workspace.getConfiguration('acp').get<number>('terminals.maxPerSession', DEFAULT_MAX_TERMINALS_PER_SESSION);
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_MAX_TERMINALS_PER_SESSION;
}

export interface TerminalServiceHandle {
  readonly feature: ClientFeature;
  /** The commands' output, for the chat view: ours and those the agents run themselves (reported in `_meta`). */
  readonly outputs: TerminalOutputSource;
  /** The commands the agents run themselves, fed from their sessions' tool call updates (agentTerminalFeed.ts). */
  readonly agentCommands: AgentTerminalBook;
  /** A tool call titled `title` shows terminal `terminalId` of session `sessionKey`: its VS Code terminal opens. */
  toolCallShowsTerminal(sessionKey: SessionKey, terminalId: string, title: string): void;
  /** Kills every command still running; resolves once they have exited. */
  stopAll(): Promise<void>;
}

export function createTerminalService(context: vscode.ExtensionContext, guard?: GroupGuard): TerminalServiceHandle {
  const service = new TerminalService({ maxPerSession, guard });
  const mirrors = new TerminalMirrors(service.book);
  const agentCommands = new AgentTerminalBook(DEFAULT_TERMINAL_LIMITS.displayBytes);
  const outputs = mergedOutputSource(service.book, agentCommands);
  context.subscriptions.push({
    dispose: () => {
      mirrors.dispose();
      outputs.dispose();
      agentCommands.dispose();
      service.dispose();
    },
  });
  return {
    feature: service,
    outputs,
    agentCommands,
    toolCallShowsTerminal: (sessionKey, terminalId, title) => {
      const record = service.book.get(sessionKey, terminalId);
      if (record) mirrors.open(record, title);
    },
    stopAll: () => service.stopAll(),
  };
}
