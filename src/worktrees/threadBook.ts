// The worktree threads of a window, kept across reloads: a thread is written down before git makes its worktree
// (so a crash in between leaves a record, not an orphan), dropped once its worktree is gone. `tidy` matches the
// records against what git lists: a record whose worktree git no longer has (removed by hand, or never made) goes.
// No `vscode` here.
import * as path from 'node:path';
import type { ListedWorktree, ThreadWorktree } from './worktreeGit';

/** Where the records live (VS Code's workspace state in the extension; a plain object in tests). */
export interface RecordStore {
  get(): unknown;
  update(value: ThreadWorktree[]): PromiseLike<void>;
}

function isThread(value: unknown): value is ThreadWorktree {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['repository', 'path', 'branch', 'base'].every((key) => typeof record[key] === 'string');
}

export class ThreadBook {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly store: RecordStore) {}

  all(): ThreadWorktree[] {
    const stored = this.store.get();
    return Array.isArray(stored) ? stored.filter(isThread) : [];
  }

  /** The thread whose worktree holds `folder` (a session's cwd), if any. */
  holding(folder: string): ThreadWorktree | undefined {
    const resolved = path.resolve(folder);
    return this.all().find((thread) => resolved === thread.path || resolved.startsWith(thread.path + path.sep));
  }

  async add(thread: ThreadWorktree): Promise<void> {
    await this.store.update([...this.all().filter((known) => known.path !== thread.path), thread]);
    this.changed();
  }

  async remove(worktreePath: string): Promise<void> {
    await this.store.update(this.all().filter((known) => known.path !== worktreePath));
    this.changed();
  }

  /** Drops the records of `repository` whose worktree git does not list (or lists as gone); gives what was dropped. */
  async tidy(repository: string, listed: readonly ListedWorktree[]): Promise<ThreadWorktree[]> {
    const present = new Set(listed.filter((entry) => !entry.prunable).map((entry) => entry.path));
    const gone = this.all().filter((thread) => thread.repository === repository && !present.has(thread.path));
    if (gone.length === 0) return [];
    await this.store.update(this.all().filter((thread) => !gone.includes(thread)));
    this.changed();
    return gone;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private changed(): void {
    this.listeners.forEach((listener) => listener());
  }
}
