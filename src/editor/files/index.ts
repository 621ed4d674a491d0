// Plugs the files service into the extension: createFilesService(context) for the list of client services,
// filesApiOf(context) for the extension's API (the write ledger, and a way for tests to answer the prompts).
import * as vscode from 'vscode';
import type { ClientServices } from '../../session/clientRequests';
import { FilesService } from './filesService';
import type { WriteLedgerView } from './ledger';
import { readOutsideRootsPolicy, readSaveAfterWrite } from './settings';
import { SNAPSHOT_SCHEME, SnapshotStore } from './snapshots';
import { FilesUserInterface, vscodeFilesUserInterface } from './userInterface';

export interface FilesApi {
  /** Every agent write, per session. */
  readonly ledger: WriteLedgerView;
  /** The service's request handlers, as a session calls them (benchmarks, tests). */
  readonly handlers: ClientServices['handlers'];
  /** Replaces the consent dialog and the conflict notice until disposed (integration tests answer them). */
  useUserInterface(ui: FilesUserInterface): vscode.Disposable;
}

const apis = new WeakMap<vscode.ExtensionContext, FilesApi>();

export function createFilesService(context: vscode.ExtensionContext): ClientServices {
  let ui: FilesUserInterface = vscodeFilesUserInterface;
  const snapshots = new SnapshotStore();
  const service = new FilesService({
    userInterface: () => ui,
    outsideRootsPolicy: readOutsideRootsPolicy,
    saveAfterWrite: readSaveAfterWrite,
    snapshots,
    log: (line) => console.log(`[acp files] ${line}`),
  });
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(SNAPSHOT_SCHEME, snapshots), service);
  apis.set(context, {
    ledger: service.ledger,
    handlers: service.handlers,
    useUserInterface: (replacement) => {
      const previous = ui;
      ui = replacement;
      return new vscode.Disposable(() => {
        if (ui === replacement) ui = previous;
      });
    },
  });
  return service;
}

/** The files API of the service created for `context`. */
export function filesApiOf(context: vscode.ExtensionContext): FilesApi {
  const api = apis.get(context);
  if (!api) throw new Error('createFilesService(context) has not run');
  return api;
}
