// The git side of worktree threads: a thread's worktree made on a new branch from HEAD (optionally with the user's
// uncommitted changes carried over), the worktrees of a repository listed, a thread's work committed on its branch,
// a worktree removed with its branch. Without a shell, with the guards of src/git. No `vscode` here.
import * as path from 'node:path';
import { deleteBaselineRefs } from '../git/baselineRefs';
import { gitOutput, runGit } from '../git/gitCommand';
import { writeWorkingTree } from '../git/workingTree';

/** A thread's worktree: where it is, its branch, the commit it started from, and the repository it belongs to. */
export interface ThreadWorktree {
  /** The main working tree of the repository (where Apply brings the work back). */
  repository: string;
  /** The worktree's folder (the thread's cwd and root). */
  path: string;
  /** The branch made for it (`refs/heads/<branch>`). */
  branch: string;
  /** The commit it started from: the thread's changes are against it. */
  base: string;
}

/** What git lists of one worktree of a repository. */
export interface ListedWorktree {
  path: string;
  head: string | undefined;
  /** The branch checked out (without `refs/heads/`), unless detached. */
  branch: string | undefined;
  /** Git's own note that its folder is gone (`git worktree prune` would drop it). */
  prunable: boolean;
}

/** A reason a worktree cannot be made or changed, in a sentence for the user. */
export class WorktreeError extends Error {}

/** The top folder of the working tree that holds `folder`, or undefined outside git (or when git cannot run). */
export async function workingTreeRoot(folder: string, program = 'git'): Promise<string | undefined> {
  const result = await runGit(folder, ['rev-parse', '--show-toplevel'], {}, program).catch(() => undefined);
  return result?.code === 0 ? path.resolve(result.stdout.trim()) : undefined;
}

/** The commit HEAD names, or undefined in a repository without one. */
export async function headCommit(root: string, program = 'git'): Promise<string | undefined> {
  const result = await runGit(root, ['rev-parse', '-q', '--verify', 'HEAD^{commit}'], {}, program);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

/** Whether `refs/heads/<branch>` exists. */
export async function branchExists(root: string, branch: string, program = 'git'): Promise<boolean> {
  const result = await runGit(root, ['show-ref', '--verify', '--quiet', `refs/heads/${branch}`], {}, program);
  return result.code === 0;
}

export interface CreateOptions {
  repository: string;
  folder: string;
  branch: string;
  /** Carry the user's uncommitted changes (tracked and untracked, not ignored) into the worktree. */
  carry: boolean;
  program?: string;
}

/**
 * Makes the worktree at `folder` on a new branch from HEAD. With `carry`, the worktree's files are the user's working
 * tree as it is now (its index stays at HEAD, so the carried changes are the thread's changes too). A failure after
 * git made the worktree removes it and its branch again.
 */
export async function createWorktree(options: CreateOptions): Promise<ThreadWorktree> {
  const { repository, folder, branch, carry } = options;
  const program = options.program ?? 'git';
  const base = await headCommit(repository, program);
  if (base === undefined) throw new WorktreeError(`${path.basename(repository)} has no commit yet: make a first commit, then start a thread in a worktree.`);
  if (await branchExists(repository, branch, program)) throw new WorktreeError(`A branch named ${branch} exists already.`);
  const carried = carry ? (await writeWorkingTree(repository, program)).tree : undefined;
  const added = await runGit(repository, ['worktree', 'add', '-q', '-b', branch, folder, base], {}, program);
  if (added.code !== 0) throw new WorktreeError(`Git could not make a worktree at ${folder}: ${firstLine(added.stderr) || `exit code ${String(added.code)}`}`);
  const worktree = { repository, path: path.resolve(folder), branch, base };
  if (carried === undefined) return worktree;
  try {
    await gitOutput(worktree.path, ['read-tree', '-u', '--reset', carried], {}, program);
    await gitOutput(worktree.path, ['reset', '-q'], {}, program);
    return worktree;
  } catch (error) {
    await removeWorktree(worktree, program).catch(() => undefined);
    throw new WorktreeError(`Your uncommitted changes could not be carried into the worktree, so it was removed again: ${String(error)}`);
  }
}

/** The worktrees of the repository at `root` (the main one first), as `git worktree list` gives them. */
export async function listWorktrees(root: string, program = 'git'): Promise<ListedWorktree[]> {
  const output = await gitOutput(root, ['worktree', 'list', '--porcelain', '-z'], {}, program);
  const listed: ListedWorktree[] = [];
  let current: ListedWorktree | undefined;
  for (const field of output.split('\0')) {
    if (field === '') {
      current = undefined;
      continue;
    }
    const space = field.indexOf(' ');
    const [name, value] = space < 0 ? [field, ''] : [field.slice(0, space), field.slice(space + 1)];
    if (name === 'worktree') {
      current = { path: path.resolve(value), head: undefined, branch: undefined, prunable: false };
      listed.push(current);
    } else if (current && name === 'HEAD') current.head = value;
    else if (current && name === 'branch') current.branch = value.replace(/^refs\/heads\//, '');
    else if (current && name === 'prunable') current.prunable = true;
  }
  return listed;
}

/** Commits everything the thread changed in its worktree on its branch; undefined when there was nothing to commit. */
export async function commitThread(worktree: ThreadWorktree, message: string, program = 'git'): Promise<string | undefined> {
  await gitOutput(worktree.path, ['add', '-A'], {}, program);
  const staged = await runGit(worktree.path, ['diff', '--cached', '--quiet'], {}, program);
  if (staged.code === 0) return undefined;
  const committed = await runGit(worktree.path, ['commit', '-q', '-m', message], {}, program);
  if (committed.code !== 0) {
    const reason = firstLine(committed.stderr);
    throw new WorktreeError(/user\.(name|email)|identity/i.test(committed.stderr) ? `Git does not know who you are, so it cannot commit: set user.name and user.email (git config), then commit again.` : `Git could not commit on ${worktree.branch}: ${reason}`);
  }
  return headCommit(worktree.path, program);
}

/** How many commits the thread's branch has beyond the commit it started from. */
export async function commitsAhead(worktree: ThreadWorktree, program = 'git'): Promise<number> {
  const result = await runGit(worktree.repository, ['rev-list', '--count', `${worktree.base}..refs/heads/${worktree.branch}`], {}, program);
  return result.code === 0 ? Number(result.stdout.trim()) || 0 : 0;
}

/**
 * Removes the worktree (whatever it holds) and deletes its branch and the refs that kept the review's baselines of it;
 * a folder already gone is pruned.
 */
export async function removeWorktree(worktree: ThreadWorktree, program = 'git'): Promise<void> {
  const removed = await runGit(worktree.repository, ['worktree', 'remove', '--force', '--force', worktree.path], {}, program);
  if (removed.code !== 0) {
    const listed = await listWorktrees(worktree.repository, program).catch(() => []);
    const still = listed.find((entry) => entry.path === path.resolve(worktree.path));
    if (still && !still.prunable) throw new WorktreeError(`Git could not remove the worktree at ${worktree.path}: ${firstLine(removed.stderr)}`);
    await gitOutput(worktree.repository, ['worktree', 'prune'], {}, program);
  }
  if (await branchExists(worktree.repository, worktree.branch, program)) await gitOutput(worktree.repository, ['branch', '-D', '-q', worktree.branch], {}, program);
  await deleteBaselineRefs(worktree.repository, path.resolve(worktree.path), program);
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
