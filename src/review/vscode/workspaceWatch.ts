// Keeps the workspace snapshot and the disk-change tracker fed: a scan of the workspace folders (files.exclude
// and search.exclude apply, plus node_modules and .git), file system watchers on every folder, and the user's
// saves.
import * as vscode from 'vscode';
import type { DiskChanges, DiskEventKind } from '../diskChanges';
import type { WorkspaceSnapshot } from '../workspaceSnapshot';

const MAX_SCANNED_FILES = 20_000;
const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/.git/**'];

function excludeGlob(): string {
  const patterns = new Set(ALWAYS_EXCLUDED);
  for (const section of ['files.exclude', 'search.exclude']) {
    const settings = vscode.workspace.getConfiguration().get<Record<string, unknown>>(section) ?? {};
    for (const [pattern, on] of Object.entries(settings)) if (on === true) patterns.add(pattern);
  }
  return `{${[...patterns].join(',')}}`;
}

async function scan(snapshot: WorkspaceSnapshot): Promise<void> {
  const exclude = excludeGlob();
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), exclude, MAX_SCANNED_FILES);
    await snapshot.seed(uris.map((uri) => uri.fsPath));
  }
}

export interface WorkspaceWatch extends vscode.Disposable {
  /** Settles when the first scan is done. */
  readonly scanned: Promise<void>;
}

export function watchWorkspace(snapshot: WorkspaceSnapshot, disk: DiskChanges, log: (line: string) => void): WorkspaceWatch {
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
  const scanned = scan(snapshot).catch((error: unknown) => log(`Scanning the workspace failed: ${String(error)}`));
  return { scanned, dispose: () => disposables.forEach((d) => d.dispose()) };
}
