// Read-only documents of a thread's base (`acp-thread-base:`): the file as it was at the commit the thread started
// from (empty when the thread added it), for the left side of a diff of what the thread changed.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { GitObjects } from '../../git/gitObjects';
import type { ThreadWorktree } from '../worktreeGit';

export const THREAD_BASE_SCHEME = 'acp-thread-base';

export class ThreadBaseDocuments implements vscode.TextDocumentContentProvider {
  /** The left side of the diff of `file` (relative, `/`-separated): its text at the thread's base. */
  static uriFor(thread: ThreadWorktree, file: string): vscode.Uri {
    return vscode.Uri.from({ scheme: THREAD_BASE_SCHEME, path: `/${thread.branch}/${file}`, query: new URLSearchParams({ repository: thread.repository, base: thread.base, file }).toString() });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    const [repository, base, file] = [query.get('repository'), query.get('base'), query.get('file')];
    if (!repository || !base || !file || !path.isAbsolute(repository)) return '';
    const objects = new GitObjects(repository);
    try {
      return (await objects.bytes(`${base}:${file}`))?.toString('utf8') ?? '';
    } finally {
      objects.dispose();
    }
  }
}

/** Opens VS Code's diff editor on one file of a thread: at its base, and in its worktree now. */
export async function openThreadDiff(thread: ThreadWorktree, file: string, deleted: boolean): Promise<void> {
  const left = ThreadBaseDocuments.uriFor(thread, file);
  const right = deleted ? ThreadBaseDocuments.uriFor({ ...thread, base: 'empty' }, file) : vscode.Uri.file(path.join(thread.path, ...file.split('/')));
  await vscode.commands.executeCommand('vscode.diff', left, right, `${path.basename(file)} (${thread.branch})`, { preview: true });
}
