// Plugs the files service into the extension: the feature for the list of client features, and its API for the
// extension's API (the agents' writes as they happen, and a way for tests to answer the prompts).
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { ClientFeature, SessionPart, SessionScope } from '../../acp/clientRequests';
import { FilesService } from './filesService';
import type { OnDidWrite } from './writeRecord';
import { readOutsideRootsPolicy, readSaveAfterWrite } from './settings';
import { SNAPSHOT_SCHEME, SnapshotStore } from './snapshots';
import { FilesUserInterface, vscodeFilesUserInterface } from './userInterface';

export interface FilesApi {
  /** Fires after each agent write. */
  readonly onDidWrite: OnDidWrite;
  /** A files part for a session of one's own (benchmarks, tests call its handlers as a session does). */
  createPart(scope: SessionScope): SessionPart;
  /** Replaces the consent dialog and the conflict notice until disposed (integration tests answer them). */
  useUserInterface(ui: FilesUserInterface): vscode.Disposable;
  /** Takes `folder` as the user's home (for ~/.ssh and the like) until disposed (tests never touch the real one). */
  useHome(folder: string): vscode.Disposable;
}

export interface FilesServiceHandle {
  readonly feature: ClientFeature;
  readonly api: FilesApi;
}

export function createFilesService(context: vscode.ExtensionContext, log: (line: string) => void): FilesServiceHandle {
  let ui: FilesUserInterface = vscodeFilesUserInterface;
  let home: string | undefined;
  const snapshots = new SnapshotStore();
  const service = new FilesService({
    userInterface: () => ui,
    outsideRootsPolicy: readOutsideRootsPolicy,
    home: () => home ?? os.homedir(),
    saveAfterWrite: readSaveAfterWrite,
    snapshots,
    log,
  });
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(SNAPSHOT_SCHEME, snapshots), service);
  const api: FilesApi = {
    onDidWrite: service.onDidWrite,
    createPart: (scope) => service.createPart(scope),
    useUserInterface: (replacement) => {
      const previous = ui;
      ui = replacement;
      return new vscode.Disposable(() => {
        if (ui === replacement) ui = previous;
      });
    },
    useHome: (folder) => {
      const previous = home;
      home = folder;
      return new vscode.Disposable(() => {
        if (home === folder) home = previous;
      });
    },
  };
  return { feature: service, api };
}
