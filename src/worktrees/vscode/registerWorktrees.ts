// Worktree threads in the window: the book of threads (workspace state), tidied against git when the window opens
// (a record whose worktree is gone, removed by hand or never made after a crash, is dropped), and the commands.
import * as vscode from 'vscode';
import { ThreadBook } from '../threadBook';
import { listWorktrees } from '../worktreeGit';
import { CompareThreads, SEND_TO_SEVERAL_AGENTS } from './compareThreads';
import { THREAD_BASE_SCHEME, ThreadBaseDocuments } from './threadFiles';
import { WorktreeCommands, type WorktreeCommandDeps } from './worktreeCommands';

const THREADS_KEY = 'acp.worktreeThreads';
/** True while the session on screen (the active chat surface's) works in a worktree thread. */
const ACTIVE_THREAD_CONTEXT = 'acp.activeThreadInWorktree';

export interface WorktreesApi {
  book: ThreadBook;
  commands: WorktreeCommands;
  compare: CompareThreads;
  /** Settles when the records were matched against git when the window opened. */
  tidied: Promise<void>;
  /** Matches the records against git again. */
  tidy(): Promise<void>;
}

export function registerWorktrees(state: vscode.Memento, deps: Omit<WorktreeCommandDeps, 'book'>): { api: WorktreesApi; disposables: vscode.Disposable[] } {
  const book = new ThreadBook({ get: () => state.get(THREADS_KEY), update: (value) => state.update(THREADS_KEY, value) });
  const commands = new WorktreeCommands({ ...deps, book });
  const compare = new CompareThreads({ ...deps, maker: commands.maker, startingFolder: (argument) => commands.startingFolder(argument) });
  const tidied = tidy(book, deps.log);
  // The chat's title bar offers the thread actions while the session on screen works in a worktree thread.
  const onScreen = (): void => {
    const cwd = deps.surfaces.current().session?.scope.cwd;
    const thread = cwd === undefined ? undefined : book.holding(cwd);
    void vscode.commands.executeCommand('setContext', ACTIVE_THREAD_CONTEXT, thread !== undefined && thread.base !== '');
  };
  onScreen();
  return {
    api: { book, commands, compare, tidied, tidy: () => tidy(book, deps.log) },
    disposables: [
      ...commands.register(),
      ...compare.register(),
      vscode.commands.registerCommand(SEND_TO_SEVERAL_AGENTS, (argument: unknown) =>
        compare.send(argument).catch((error: unknown) => void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error))),
      ),
      vscode.workspace.registerTextDocumentContentProvider(THREAD_BASE_SCHEME, new ThreadBaseDocuments()),
      deps.surfaces.onDidChangeSession(onScreen),
      book.onDidChange(onScreen),
    ],
  };
}

async function tidy(book: ThreadBook, log: (line: string) => void): Promise<void> {
  for (const repository of new Set(book.all().map((thread) => thread.repository))) {
    try {
      const gone = await book.tidy(repository, await listWorktrees(repository));
      for (const thread of gone) log(`The worktree of the thread ${thread.branch} (${thread.path}) is gone; the thread is no longer listed.`);
    } catch (error) {
      log(`Could not list the worktrees of ${repository}: ${String(error)}`);
    }
  }
}
