// Plugs the files service into the extension: the service for the list of client services, and its API for the
// extension's API (the agents' writes as they happen, and a way for tests to answer the prompts).
import * as vscode from 'vscode';
import type { ClientServices } from '../../acp/clientRequests';
import { FilesService } from './filesService';
import type { OnDidWrite } from './writeRecord';
import { readOutsideRootsPolicy, readSaveAfterWrite } from './settings';
import { SNAPSHOT_SCHEME, SnapshotStore } from './snapshots';
import { FilesUserInterface, vscodeFilesUserInterface } from './userInterface';

export interface FilesApi {
  /** Fires after each agent write. */
  readonly onDidWrite: OnDidWrite;
  /** The service's request handlers, as a session calls them (benchmarks, tests). */
  readonly handlers: ClientServices['handlers'];
  /** Replaces the consent dialog and the conflict notice until disposed (integration tests answer them). */
  useUserInterface(ui: FilesUserInterface): vscode.Disposable;
}

export interface FilesServiceHandle {
  readonly services: ClientServices;
  readonly api: FilesApi;
}

export function createFilesService(context: vscode.ExtensionContext, log: (line: string) => void): FilesServiceHandle {
  let ui: FilesUserInterface = vscodeFilesUserInterface;
  const snapshots = new SnapshotStore();
  const service = new FilesService({
    userInterface: () => ui,
    outsideRootsPolicy: readOutsideRootsPolicy,
    saveAfterWrite: readSaveAfterWrite,
    snapshots,
    log,
  });
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(SNAPSHOT_SCHEME, snapshots), service);
  const api: FilesApi = {
    onDidWrite: service.onDidWrite,
    handlers: service.handlers,
    useUserInterface: (replacement) => {
      const previous = ui;
      ui = replacement;
      return new vscode.Disposable(() => {
        if (ui === replacement) ui = previous;
      });
    },
  };
  return { services: service, api };
}
