// Keeps the workspace snapshot and the disk-change tracker fed: a scan of the workspace folders (the files git lists
// where a folder is in a repository, else those files.exclude does not hide; through the review filter either way),
// file system watchers on every folder, and the user's saves.
import * as vscode from 'vscode';
import type { DiskChanges, DiskEventKind } from '../diskChanges';
import { filesToScan } from '../filter/scanFiles';
import type { WorkspaceSnapshot } from '../workspaceSnapshot';
import { outsideGitExcludes, type WorkspaceFilter } from './workspaceFilter';

const MAX_SCANNED_FILES = 20_000;

async function search(folder: string, limit: number): Promise<string[]> {
  const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(vscode.Uri.file(folder), '**/*'), `{${outsideGitExcludes().join(',')}}`, limit);
  return uris.map((uri) => uri.fsPath);
}

async function scan(snapshot: WorkspaceSnapshot, filter: WorkspaceFilter, log: (line: string) => void): Promise<void> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    const files = await filesToScan(folder.uri.fsPath, MAX_SCANNED_FILES, { ...filter, search, log });
    await snapshot.seed(files);
  }
}

export interface WorkspaceWatch extends vscode.Disposable {
  /** Settles when the first scan is done. */
  readonly scanned: Promise<void>;
}

export function watchWorkspace(snapshot: WorkspaceSnapshot, disk: DiskChanges, filter: WorkspaceFilter, log: (line: string) => void): WorkspaceWatch {
  const disposables: vscode.Disposable[] = [];
  const send = (kind: DiskEventKind) => (uri: vscode.Uri) => {
    if (uri.scheme === 'file') void disk.event(uri.fsPath, kind).catch((error: unknown) => log(`Comparing ${uri.fsPath} failed: ${String(error)}`));
  };
  const watchFolders = (): void => {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '**/*'));
      disposables.push(watcher, watcher.onDidCreate(send('create')), watcher.onDidChange(send('change')), watcher.onDidDelete(send('delete')));
    }
  };
  watchFolders();
  disposables.push(
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (document.uri.scheme === 'file') disk.userSaved(document.uri.fsPath, document.getText());
    }),
  );
  const scanned = scan(snapshot, filter, log).catch((error: unknown) => log(`Scanning the workspace failed: ${String(error)}`));
  return { scanned, dispose: () => disposables.forEach((d) => d.dispose()) };
}
