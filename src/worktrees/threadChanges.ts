// What a worktree thread changed: its worktree as it is now (committed on its branch or not, untracked files too,
// ignored ones not) against the commit it started from, file by file, as git object ids. No `vscode` here.
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { gitOutput } from '../git/gitCommand';
import { blobId } from './applyPlan';
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

/** One entry of `git diff-tree -r -z` / `git diff-index -z` raw output: `:<old mode> <new mode> <old id> <new id> <status>\0<path>\0`. */
interface RawEntry {
  oldMode: string;
  newMode: string;
  oldId: string;
  newId: string;
  letter: string;
  path: string;
}

function rawEntries(output: string): RawEntry[] {
  const fields = output.split('\0');
  const entries: RawEntry[] = [];
  for (let at = 0; at + 1 < fields.length; at += 2) {
    const header = fields[at];
    if (!header.startsWith(':')) break;
    const [oldMode = '', newMode = '', oldId = '', newId = '', letter = ''] = header.slice(1).split(' ');
    entries.push({ oldMode, newMode, oldId, newId, letter, path: fields[at + 1] });
  }
  return entries;
}

export function parseRawDiff(output: string): ThreadFileChange[] {
  const files: ThreadFileChange[] = [];
  for (const entry of rawEntries(output)) {
    const status = STATUS[entry.letter[0] ?? ''];
    if (status === undefined) continue;
    files.push({
      path: entry.path,
      status,
      before: ABSENT.test(entry.oldId) ? undefined : entry.oldId,
      after: ABSENT.test(entry.newId) ? undefined : entry.newId,
      mode: ABSENT.test(entry.newMode) ? undefined : entry.newMode,
    });
  }
  return files;
}

/** A path the thread may have changed, and what the base has there (undefined: nothing). */
export interface TouchedPath {
  /** Relative to the repository's top folder, `/`-separated. */
  path: string;
  base: { oid: string; mode: string } | undefined;
}

/**
 * The paths the thread may have changed, without writing any object (Apply reads the thread's side from the
 * worktree's files): what its index holds apart from the base (commits on its branch, staged files) and what its
 * files hold apart from its index (edited, deleted, new and not ignored). A path whose file was only touched is
 * listed too: Apply finds it equal and leaves it.
 */
export async function touchedPaths(worktree: ThreadWorktree, program = 'git'): Promise<TouchedPath[]> {
  const [staged, onDisk, index] = await Promise.all([
    gitOutput(worktree.path, ['diff-index', '--cached', '-z', '--no-renames', worktree.base], {}, program),
    gitOutput(worktree.path, ['ls-files', '-z', '-m', '-o', '-d', '--exclude-standard'], {}, program),
    gitOutput(worktree.path, ['ls-files', '-z', '-s'], {}, program),
  ]);
  const base = new Map<string, TouchedPath['base']>();
  // Where the index differs from the base, the base's side is in diff-index's output.
  for (const entry of rawEntries(staged)) base.set(entry.path, ABSENT.test(entry.oldId) ? undefined : { oid: entry.oldId, mode: entry.oldMode });
  const paths = new Set([...base.keys(), ...onDisk.split('\0').filter((name) => name !== '')]);
  // Elsewhere the index is the base: its entry is the base's.
  for (const entry of index.split('\0')) {
    // `<mode> <oid> <stage>\t<path>`
    const tab = entry.indexOf('\t');
    const name = entry.slice(tab + 1);
    if (tab < 0 || base.has(name) || !paths.has(name)) continue;
    const [mode, oid] = entry.slice(0, tab).split(' ');
    base.set(name, { oid, mode });
  }
  return [...paths].map((name) => ({ path: name, base: base.get(name) }));
}

/**
 * How many of the thread's changed files the main working tree does not have as the thread has them (what Discard
 * would lose that Apply has not brought over): a file counts as brought over when the main tree's bytes are the
 * thread's blob (or both deleted it).
 */
export async function notInMainTree(worktree: ThreadWorktree, files: readonly ThreadFileChange[]): Promise<number> {
  const missing = await Promise.all(
    files.map(async (change) => {
      const bytes = await readFile(path.join(worktree.repository, ...change.path.split('/'))).catch(() => null);
      if (bytes === null || change.after === undefined) return bytes !== null || change.after !== undefined;
      return blobId(bytes, change.after.length === 64 ? 'sha256' : 'sha1') !== change.after;
    }),
  );
  return missing.filter(Boolean).length;
}
