// The files of the agents' Markdown plans (`plan_update` with a `path`, see shared/transcript/plans.ts): when such a file changes,
// the plan's card shows the file's new text. A file in an open editor is followed as the user types and as VS Code
// reloads it from disk; a file inside the roots of a session that follows it is also watched on disk. A file outside
// them is read only once the user opened it (the plan's link), as the security rules want: nothing outside a
// session's roots is read without the user's say.
import * as vscode from 'vscode';
import type { Session } from '../session/session';
import { type OpenSessionsSource, watchOpenSessions } from '../session/openSessionsWatch';
import { MAX_PLAN_FILE_CHARS, planFilePaths } from '../shared/transcript/plans';
import { describeError } from '../shared/text/errors';
import { checkPathAccess } from '../services/files/pathAccess';

interface Followed {
  /** The path as the plan names it (what the session matches). */
  path: string;
  sessions: Set<Session>;
  watcher?: vscode.Disposable;
}

export interface PlanFilesDeps {
  sessions: OpenSessionsSource<Session>;
  log(line: string): void;
}

/** Follows the plan files of every open session until disposed. */
export class PlanFiles implements vscode.Disposable {
  /** By the file's fsPath. */
  private readonly followed = new Map<string, Followed>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: PlanFilesDeps) {
    this.disposables.push(
      watchOpenSessions(
        deps.sessions,
        (session, change) => {
          if (change.header) this.sync(session);
        },
        (session) => this.forget(session, new Set()),
      ),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) this.fromDocument(event.document);
      }),
      vscode.workspace.onDidOpenTextDocument((document) => this.fromDocument(document)),
      { dispose: () => this.followed.forEach((entry) => entry.watcher?.dispose()) },
    );
    for (const open of deps.sessions.openSessions) this.sync(open.session);
  }

  dispose(): void {
    this.disposables.splice(0).forEach((disposable) => disposable.dispose());
  }

  /** The files followed now (fsPaths), for tests. */
  get files(): string[] {
    return [...this.followed.keys()];
  }

  private sync(session: Session): void {
    const wanted = new Set(planFilePaths(session.state.header).map((path) => vscode.Uri.file(path).fsPath));
    this.forget(session, wanted);
    for (const path of planFilePaths(session.state.header)) {
      const key = vscode.Uri.file(path).fsPath;
      const known = this.followed.get(key);
      const entry: Followed = known ?? { path, sessions: new Set() };
      entry.sessions.add(session);
      if (known) continue;
      this.followed.set(key, entry);
      void this.watchOnDisk(key, entry);
    }
  }

  /** Stops following, for `session`, the files not in `keep`. */
  private forget(session: Session, keep: ReadonlySet<string>): void {
    for (const [key, entry] of this.followed) {
      if (keep.has(key) || !entry.sessions.delete(session) || entry.sessions.size > 0) continue;
      entry.watcher?.dispose();
      this.followed.delete(key);
    }
  }

  private async watchOnDisk(key: string, entry: Followed): Promise<void> {
    // Read without asking only inside the roots of the sessions whose plans name it.
    const roots = [...entry.sessions].flatMap((session) => session.scope.roots);
    const access = await checkPathAccess(key, roots).catch(() => undefined);
    if (!access?.insideRoots || this.followed.get(key) !== entry) return;
    const uri = vscode.Uri.file(key);
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), uri.path.split('/').pop() ?? ''));
    const changed = (): void => void this.fromDisk(key);
    entry.watcher = vscode.Disposable.from(watcher, watcher.onDidChange(changed), watcher.onDidCreate(changed));
  }

  private async fromDisk(key: string): Promise<void> {
    const open = vscode.workspace.textDocuments.find((document) => document.uri.scheme === 'file' && document.uri.fsPath === key);
    if (open) return this.fromDocument(open);
    try {
      const stat = await vscode.workspace.fs.stat(vscode.Uri.file(key));
      if (stat.size > MAX_PLAN_FILE_CHARS * 4) return;
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(key));
      this.tell(key, new TextDecoder().decode(bytes));
    } catch (error) {
      this.deps.log(`Reading the plan file ${key} failed: ${describeError(error)}`);
    }
  }

  private fromDocument(document: vscode.TextDocument): void {
    if (document.uri.scheme !== 'file' || !this.followed.has(document.uri.fsPath)) return;
    this.tell(document.uri.fsPath, document.getText());
  }

  private tell(key: string, text: string): void {
    const entry = this.followed.get(key);
    if (!entry) return;
    for (const session of entry.sessions) session.planFileChanged(entry.path, text);
  }
}
