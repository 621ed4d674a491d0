// What a worktree thread changed: its worktree as it is now (committed on its branch or not, untracked files too,
// ignored ones not) against the commit it started from, file by file, as git object ids. No `vscode` here.
import { gitOutput } from '../git/gitCommand';
import { writeWorkingTree } from '../git/workingTree';
import type { ThreadWorktree } from './worktreeGit';

/** Git's letter for a file's change: added, modified, deleted, type changed (a file became a link, ...). */
export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'typeChanged';

export interface ThreadFileChange {
  /** Relative to the repository's top folder, `/`-separated. */
  path: string;
  status: ChangeStatus;
  /** The blob at the base (undefined when added). */
  before: string | undefined;
  /** The blob now (undefined when deleted). */
  after: string | undefined;
  /** The mode now (`100644`, `100755`, `120000` for a link); undefined when deleted. */
  mode: string | undefined;
}

export interface ThreadChanges {
  /** The tree of the worktree as it is now: the thread's side of every file. */
  tree: string;
  files: ThreadFileChange[];
}

const STATUS: Record<string, ChangeStatus> = { A: 'added', M: 'modified', D: 'deleted', T: 'typeChanged' };
const ABSENT = /^0+$/;

/** The thread's changes against its base, read from a tree of its worktree written now. */
export async function threadChanges(worktree: ThreadWorktree, program = 'git'): Promise<ThreadChanges> {
  const { tree } = await writeWorkingTree(worktree.path, program);
  const output = await gitOutput(worktree.path, ['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', worktree.base, tree], {}, program);
  return { tree, files: parseRawDiff(output) };
}

/** `git diff-tree -r -z` raw output: `:<old mode> <new mode> <old id> <new id> <status>\0<path>\0` per file. */
export function parseRawDiff(output: string): ThreadFileChange[] {
  const fields = output.split('\0');
  const files: ThreadFileChange[] = [];
  for (let at = 0; at + 1 < fields.length; at += 2) {
    const header = fields[at];
    if (!header.startsWith(':')) break;
    const [, newMode, oldId, newId, letter] = header.slice(1).split(' ');
    const status = STATUS[letter?.[0] ?? ''];
    if (status === undefined) continue;
    files.push({
      path: fields[at + 1],
      status,
      before: ABSENT.test(oldId) ? undefined : oldId,
      after: ABSENT.test(newId) ? undefined : newId,
      mode: ABSENT.test(newMode) ? undefined : newMode,
    });
  }
  return files;
}
