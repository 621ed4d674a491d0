// The worktree thread commands: "ACP: New Thread in Worktree" (a new branch and worktree of the repository the active
// session or workspace folder is in, and a session of the chosen agent working there), and for the active thread (or
// the one a command's argument names: a folder in its worktree): Apply to the working tree, Commit on its branch,
// Open its worktree in a new window, Discard (worktree and branch, after saying what would be lost).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { runGit } from '../../git/gitCommand';
import type { SessionKey } from '../../shared/sessionKey';
import type { ActiveSurface, SessionStarter } from '../../session/surfaceSessions';
import type { ThreadBook } from '../threadBook';
import { notInMainTree, threadChanges } from '../threadChanges';
import { commitThread, commitsAhead, removeWorktree, type ThreadWorktree } from '../worktreeGit';
import { applyToWorkingTree, describeApply, type AppliedText, type ApplyReport } from './applyToWorkingTree';
import { ThreadMaker, type AgentChoice } from './threadMaker';

export const NEW_THREAD_IN_WORKTREE = 'acp.newThreadInWorktree';
export const APPLY_THREAD = 'acp.applyThread';
export const COMMIT_THREAD = 'acp.commitThread';
export const OPEN_THREAD_WORKTREE = 'acp.openThreadWorktree';
export const DISCARD_THREAD = 'acp.discardThread';
export const CARRY_PICK = 'acp.newThreadInWorktree.carry';
export const WORKTREE_AGENT_PICK = 'acp.newThreadInWorktree.agent';

export interface WorktreeCommandDeps {
  book: ThreadBook;
  surfaces: ActiveSurface;
  starter: SessionStarter;
  /** The agents to choose from, and the one in use. */
  agents(): AgentChoice[];
  currentAgentId(): string | undefined;
  /** Makes `agentId` the agent new sessions use (resolves once it is). */
  selectAgent(agentId: string): Promise<void>;
  /** A quick pick (the palette's). */
  pickOne<T>(request: { id: string; title: string; placeholder: string; items: (vscode.QuickPickItem & { value: T; current?: boolean })[] }): Promise<T | undefined>;
  /** A discarded worktree's files: the review forgets their changes. */
  forgetChanges(folder: string): void;
  /** The review: told before Apply writes a file itself, and given what Apply changed (reviewable and undoable as a change of the thread's). */
  reviewApply: ApplyReview;
  /** The open sessions working in `folder` or below it. */
  sessionsIn(folder: string): SessionKey[];
  log(line: string): void;
}

export interface ApplyReview {
  beforeWrite(file: string, text: string | null): void;
  record(thread: ThreadWorktree, texts: readonly AppliedText[]): { undo(): Promise<{ undone: number; left: string[] }> };
}

/** A folder a command's argument names: a `file:` Uri, an absolute path, a Threads view row, or an object with a `cwd`. */
function folderOf(argument: unknown): string | undefined {
  if (argument instanceof vscode.Uri) return argument.scheme === 'file' ? argument.fsPath : undefined;
  if (typeof argument === 'string' && path.isAbsolute(argument)) return argument;
  // A Threads view row (its node carries the row) or anything with a `cwd`.
  const named = argument as { cwd?: unknown; row?: { cwd?: unknown } } | undefined;
  const cwd = named?.cwd ?? named?.row?.cwd;
  return typeof cwd === 'string' && path.isAbsolute(cwd) ? cwd : undefined;
}

/** What the commands ask the user besides picks (tests answer it themselves). */
export interface WorktreeQuestions {
  /** A modal confirmation; true when the user chose `action`. */
  confirm(message: string, detail: string, action: string): Promise<boolean>;
  /** The commit message, or undefined when dismissed. */
  commitMessage(branch: string, suggested: string): Promise<string | undefined>;
  /** What Apply did, with "Undo Apply"; true when the user chose it. Apply does not wait for the answer. */
  afterApply(message: string, conflicts: boolean): Promise<boolean>;
}

export const UNDO_APPLY = 'Undo Apply';

export const vscodeQuestions: WorktreeQuestions = {
  confirm: async (message, detail, action) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action,
  commitMessage: async (branch, suggested) =>
    vscode.window.showInputBox({
      title: `Commit on ${branch}`,
      prompt: 'The commit message',
      value: suggested,
      validateInput: (value) => (value.trim() === '' ? 'A commit needs a message.' : undefined),
    }),
  afterApply: async (message, conflicts) => (await (conflicts ? vscode.window.showWarningMessage : vscode.window.showInformationMessage)(message, UNDO_APPLY)) === UNDO_APPLY,
};

/** What Apply did, and the user's follow-up: settles once they dismissed the message or the undo is done. */
export interface ApplyOutcome {
  report: ApplyReport;
  followUp: Promise<void>;
}

export class WorktreeCommands {
  /** How the commands ask (tests put their own answers here). */
  questions: WorktreeQuestions = vscodeQuestions;

  readonly maker: ThreadMaker;

  constructor(private readonly deps: WorktreeCommandDeps) {
    this.maker = new ThreadMaker(deps);
  }

  register(): vscode.Disposable[] {
    const run =
      (action: (argument: unknown) => Promise<unknown>) =>
      (argument: unknown): Promise<void> =>
        action(argument).then(
          () => undefined,
          (error: unknown) => void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error)),
        );
    return [
      vscode.commands.registerCommand(NEW_THREAD_IN_WORKTREE, run((argument) => this.newThread(argument))),
      vscode.commands.registerCommand(APPLY_THREAD, run((argument) => this.apply(argument))),
      vscode.commands.registerCommand(COMMIT_THREAD, run((argument) => this.commit(argument))),
      vscode.commands.registerCommand(OPEN_THREAD_WORKTREE, run((argument) => this.openInNewWindow(argument))),
      vscode.commands.registerCommand(DISCARD_THREAD, run((argument) => this.discard(argument))),
    ];
  }

  /** The folder a new thread branches from: the argument, the active session's folder, else a workspace folder. */
  async startingFolder(argument: unknown): Promise<string> {
    const named = folderOf(argument) ?? this.deps.surfaces.current().session?.scope.cwd;
    if (named) return named;
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length === 0) throw new Error('Open a folder in a git repository first: a thread in a worktree branches from it.');
    if (folders.length === 1) return folders[0].uri.fsPath;
    const picked = await this.deps.pickOne({
      id: NEW_THREAD_IN_WORKTREE,
      title: 'New Thread in Worktree',
      placeholder: 'The repository the thread branches from',
      items: folders.map((folder) => ({ label: folder.name, description: folder.uri.fsPath, value: folder.uri.fsPath })),
    });
    if (picked === undefined) throw new Cancelled();
    return picked;
  }

  async newThread(argument?: unknown): Promise<ThreadWorktree | undefined> {
    try {
      const repository = await this.maker.repositoryOf(await this.startingFolder(argument));
      const agent = await this.pickAgent();
      const carry = await this.askCarry(repository);
      return (await this.maker.make(repository, agent, carry, this.deps.surfaces.current())).worktree;
    } catch (error) {
      if (error instanceof Cancelled) return undefined;
      throw error;
    }
  }

  async apply(argument?: unknown): Promise<ApplyOutcome> {
    const thread = this.threadOf(argument);
    const report = await applyToWorkingTree(thread, this.deps.reviewApply);
    const applied = this.deps.reviewApply.record(thread, report.texts);
    const message = describeApply(thread, report);
    this.deps.log(message);
    if (report.conflicts.length > 0) await vscode.window.showTextDocument(vscode.Uri.file(report.conflicts[0]), { preview: false });
    const followUp = this.questions.afterApply(message, report.conflicts.length > 0).then(async (undo) => {
      if (!undo) return;
      const { undone, left } = await applied.undo();
      const name = (file: string): string => path.relative(thread.repository, file);
      const untouched = left.length > 0 ? ` Left as they are, changed since: ${left.map(name).join(', ')}.` : '';
      void vscode.window.showInformationMessage(`Undid the Apply of ${thread.branch}: ${undone === 1 ? '1 file back as it was' : `${undone} files back as they were`}.${untouched}`);
    });
    return { report, followUp };
  }

  async commit(argument?: unknown): Promise<void> {
    const thread = this.threadOf(argument);
    const title = this.deps.surfaces.current().session?.state.header.title;
    const message = await this.questions.commitMessage(thread.branch, title ?? `Work of the thread ${thread.branch}`);
    if (message === undefined || message.trim() === '') return;
    const commit = await commitThread(thread, message.trim());
    void vscode.window.showInformationMessage(commit ? `Committed the thread's work on ${thread.branch} (${commit.slice(0, 7)}).` : `Nothing to commit: ${thread.branch} has all of the thread's work already.`);
  }

  async openInNewWindow(argument?: unknown): Promise<void> {
    const thread = this.threadOf(argument);
    await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(thread.path), { forceNewWindow: true });
  }

  async discard(argument?: unknown): Promise<boolean> {
    const thread = this.threadOf(argument);
    const [changed, ahead] = await Promise.all([
      threadChanges(thread).then(
        async (changes) => ({ files: changes.files.length, notApplied: await notInMainTree(thread, changes.files) }),
        () => undefined,
      ),
      commitsAhead(thread),
    ]);
    const lost = [
      changed === undefined ? 'its files' : changed.files === 0 ? 'no changed files' : `${changed.files} changed file${changed.files === 1 ? '' : 's'}${appliedNote(changed.files, changed.notApplied)}`,
      ahead === 0 ? 'no commits' : `${ahead} commit${ahead === 1 ? '' : 's'} on ${thread.branch}`,
    ];
    const sessions = this.deps.sessionsIn(thread.path);
    const detail = `The worktree ${thread.path} (${lost.join(', ')}) and the branch ${thread.branch} are deleted${sessions.length > 0 ? ', and its session is closed' : ''}. This cannot be undone.`;
    if (!(await this.questions.confirm(`Discard the thread ${thread.branch}?`, detail, 'Discard'))) return false;
    for (const key of sessions) await this.deps.starter.close(key);
    await removeWorktree(thread);
    this.deps.forgetChanges(thread.path);
    await this.deps.book.remove(thread.path);
    void vscode.window.showInformationMessage(`Discarded the thread ${thread.branch}.`);
    return true;
  }

  /** The thread a command acts on: the one its argument names, else the active session's. */
  private threadOf(argument: unknown): ThreadWorktree {
    const folder = folderOf(argument) ?? this.deps.surfaces.current().session?.scope.cwd;
    const thread = folder === undefined ? undefined : this.deps.book.holding(folder);
    if (thread && thread.base !== '') return thread;
    throw new Error(folder === undefined ? 'No session is on screen: show a worktree thread first.' : 'The session on screen does not work in a worktree thread. "ACP: New Thread in Worktree" starts one.');
  }

  private async pickAgent(): Promise<AgentChoice> {
    const current = this.deps.currentAgentId();
    const id = await this.deps.pickOne({
      id: WORKTREE_AGENT_PICK,
      title: 'New Thread in Worktree',
      placeholder: 'The agent that works in the new worktree',
      items: this.deps.agents().map((agent) => ({ label: agent.name, description: agent.id === current ? `${agent.id} (current)` : agent.id, value: agent.id, current: agent.id === current })),
    });
    const agent = this.deps.agents().find((candidate) => candidate.id === id);
    if (!agent) throw new Cancelled();
    return agent;
  }

  private async askCarry(repository: string): Promise<boolean> {
    const status = await runGit(repository, ['status', '--porcelain', '--untracked-files=normal']);
    if (status.code !== 0 || status.stdout.trim() === '') return false;
    const carry = await this.deps.pickOne({
      id: CARRY_PICK,
      title: 'New Thread in Worktree',
      placeholder: 'You have uncommitted changes. Where does the thread start?',
      items: [
        { label: 'From the last commit', description: 'HEAD, without your uncommitted changes', value: false },
        { label: 'With my uncommitted changes', description: 'a copy of them in the worktree; yours stay as they are', value: true },
      ],
    });
    if (carry === undefined) throw new Cancelled();
    return carry;
  }
}

class Cancelled extends Error {}

/** Whether the thread's changed files are in the main tree already: " (all applied to your working tree)" and the like. */
function appliedNote(files: number, notApplied: number): string {
  if (notApplied === files) return '';
  if (notApplied === 0) return files === 1 ? ', applied to your working tree' : ', all applied to your working tree';
  return `, ${notApplied} of them not applied to your working tree`;
}
