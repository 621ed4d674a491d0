// The fs/* and terminal/* services this client offers agents. Each service adds itself to the list below;
// the client's advertised capabilities follow from what is listed (see acp/clientCapabilities.ts).
import type * as vscode from 'vscode';
import { ClientServices, combineServices } from './session/clientRequests';

export function createClientServices(context: vscode.ExtensionContext): ClientServices {
  void context;
  const services: ClientServices[] = [
    // (files service goes here)
    // (terminals service goes here)
  ];
  return combineServices(services);
}
