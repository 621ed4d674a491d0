// The fs/* and terminal/* services this client offers agents; the client's advertised capabilities follow
// from what is listed here (see acp/clientCapabilities.ts).
import type * as vscode from 'vscode';
import { createFilesService } from './editor/files';
import { createTerminalService } from './editor/terminals/createTerminalService';
import { ClientServices, combineServices } from './session/clientRequests';

export function createClientServices(context: vscode.ExtensionContext): ClientServices {
  return combineServices([createFilesService(context), createTerminalService(context)]);
}
