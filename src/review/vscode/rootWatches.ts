// Keeps the review's file events coming for the roots in use (rootUses.ts): a file system watcher per outermost root
// of the open sessions, reference-counted, so a session whose folder is not a workspace folder is watched too and a
// folder no session uses is not. A root git cannot take baselines of (outside git, or git missing) is scanned once
// into the bounded snapshot of texts seen (the files files.exclude does not hide, through the review filter), and
// forgotten when no session uses it any more.
// The user's saves are told to the review too.
import * as vscode from 'vscode';
import { caseKey } from '../../services/files/pathKeys';
import type { DiskChanges, DiskEventKind } from '../diskChanges';
import { filesToScan } from '../filter/scanFiles';
import type { GitBaselines } from '../git/gitBaselines';
import { RootUses, outermost } from '../rootUses';
import { outsideGitExcludes, type WorkspaceFilter } from './workspaceFilter';

const MAX_SCANNED_FILES = 20_000;

async function search(folder: string, limit: number): Promise<string[]> {
  const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(vscode.Uri.file(folder), '**/*'), `{${outsideGitExcludes().join(',')}}`, limit);
  return uris.map((uri) => uri.fsPath);
}

export class RootWatches implements vscode.Disposable {
  private readonly uses = new RootUses(caseKey);
  private readonly watchers = new Map<string, vscode.Disposable>();
  private readonly scannedRoots: string[] = [];
  private readonly scans = new Set<Promise<void>>();
  private readonly saves: vscode.Disposable;

  constructor(
    private readonly disk: DiskChanges,
    private readonly baselines: GitBaselines,
    private readonly filter: WorkspaceFilter,
    private readonly log: (line: string) => void,
  ) {
    this.saves = vscode.workspace.onDidSaveTextDocument((document) => {
      if (document.uri.scheme === 'file') disk.userSaved(document.uri.fsPath, document.getText());
    });
  }

  /** One more use of `root` (a session's folder), until disposed. */
  use(root: string): vscode.Disposable {
    const end = this.uses.use(root);
    this.sync();
    return new vscode.Disposable(() => {
      end();
      this.sync();
    });
  }

  /** Every root in use. */
  get roots(): string[] {
    return this.uses.all;
  }

  /** The roots watched now. */
  get watched(): string[] {
    return [...this.watchers.keys()];
  }

  /** Resolves when the scans started so far are done. */
  async scanned(): Promise<void> {
    while (this.scans.size > 0) await Promise.allSettled([...this.scans]);
  }

  dispose(): void {
    this.saves.dispose();
    this.watchers.forEach((watcher) => watcher.dispose());
    this.watchers.clear();
  }

  private sync(): void {
    const wanted = new Set(this.uses.watched());
    for (const [root, watcher] of this.watchers) {
      if (wanted.has(root)) continue;
      watcher.dispose();
      this.watchers.delete(root);
      this.unwatched(root);
    }
    for (const root of wanted) if (!this.watchers.has(root)) this.watch(root);
    this.filter.setFolders(this.uses.all);
  }

  private watch(root: string): void {
    const send = (kind: DiskEventKind) => (uri: vscode.Uri) => {
      if (uri.scheme === 'file') void this.disk.event(uri.fsPath, kind).catch((error: unknown) => this.log(`Comparing ${uri.fsPath} failed: ${String(error)}`));
    };
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(root), '**/*'));
    const subscriptions = [watcher, watcher.onDidCreate(send('create')), watcher.onDidChange(send('change')), watcher.onDidDelete(send('delete'))];
    this.watchers.set(root, vscode.Disposable.from(...subscriptions));
    // A root inside one scanned before has its texts already.
    if (outermost([...this.scannedRoots, root], caseKey).length === this.scannedRoots.length) return;
    this.scannedRoots.push(root);
    const scan = this.scan(root)
      .catch((error: unknown) => this.log(`Scanning ${root} failed: ${String(error)}`))
      .finally(() => this.scans.delete(scan));
    this.scans.add(scan);
  }

  /** Unwatched, what was seen there gets out of date: it is forgotten, and read again when the root is used again. */
  private unwatched(root: string): void {
    for (const file of this.baselines.seen.seenUnder(root)) this.baselines.seen.forget(file);
    void this.baselines.forgetUnder(root);
    const left = this.scannedRoots.filter((scanned) => outermost([root, scanned], caseKey).length === 2);
    this.scannedRoots.splice(0, this.scannedRoots.length, ...left);
  }

  /** Outside git the snapshot needs the files' texts before a turn; in a repository the turn's git tree has them. */
  private async scan(root: string): Promise<void> {
    if (await this.baselines.covers(root)) return;
    const files = await filesToScan(root, MAX_SCANNED_FILES, { ...this.filter, search, log: this.log });
    await this.baselines.seen.seed(files);
  }
}
