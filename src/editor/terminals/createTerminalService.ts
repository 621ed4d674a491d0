// The terminal/* services as the extension plugs them in: the service, a VS Code terminal mirroring each command,
// and the output published for the chat view. Everything is disposed with the extension (running commands killed).
import type * as vscode from 'vscode';
import type { ClientServices } from '../../session/clientRequests';
import { publishTerminalOutputs } from './outputRegistry';
import { TerminalMirrors } from './terminalMirrors';
import { TerminalService } from './terminalService';

export function createTerminalService(context: vscode.ExtensionContext): ClientServices {
  let mirrors: TerminalMirrors | undefined;
  const service = new TerminalService({ onDidCreate: (record) => mirrors?.open(record) });
  mirrors = new TerminalMirrors(service.book);
  const withdraw = publishTerminalOutputs(service.book);
  context.subscriptions.push({
    dispose: () => {
      withdraw();
      mirrors?.dispose();
      service.dispose();
    },
  });
  return service;
}
