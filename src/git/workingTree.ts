// A git tree of a repository's working tree as it is now, written without touching the user's index, branch or
// stash (Codex's "ghost snapshots"): a copy of the index (so unchanged files are not hashed again), `git add -A` into
// that copy (what .gitignore hides stays out), `git write-tree`. Repositories nested in it (submodules, cloned
// folders) are not in the tree: they are named, for a tree of their own. Used for the review's baselines and to carry
// the user's uncommitted changes into a new worktree. No `vscode` here.
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitOutput, runGit } from './gitCommand';

export interface WorkingTree {
  /** The tree of the working tree. */
  tree: string;
  /** Repositories nested in this one (absolute paths), which need a tree of their own. */
  nested: string[];
}

const indexPaths = new Map<string, Promise<string>>();

/** Where the repository's index is (a worktree's or a submodule's is not under `<root>/.git`); asked once per repository. */
function indexPath(root: string, program: string): Promise<string> {
  let known = indexPaths.get(root);
  if (!known) {
    known = gitOutput(root, ['rev-parse', '--git-path', 'index'], {}, program).then((found) => path.resolve(root, found));
    known.catch(() => indexPaths.delete(root));
    indexPaths.set(root, known);
  }
  return known;
}

/** Submodule paths named in `.gitmodules` (absolute). */
async function submodules(root: string): Promise<string[]> {
  const text = await readFile(path.join(root, '.gitmodules'), 'utf8').catch(() => '');
  return [...text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)].map((match) => path.join(root, match[1]));
}

/** `git add -A` into the temporary index; a nested repository without a commit (git refuses it) is left out. */
async function addAll(root: string, env: Record<string, string>, program: string): Promise<string[]> {
  const nested: string[] = [];
  const excluded: string[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = await runGit(root, ['add', '-A', '--ignore-errors', '--', '.', ...excluded.map((folder) => `:(exclude)${folder}`)], { env }, program);
    for (const match of result.stderr.matchAll(/adding embedded git repository: (.+)$/gm)) nested.push(path.join(root, match[1].trim()));
    const refused = [...result.stderr.matchAll(/error: '(.+?)\/?' does not have a commit checked out/g)].map((match) => match[1]);
    if (result.code === 0) return nested;
    // Files git could not read (--ignore-errors) are left out of the tree, the rest is in it.
    if (refused.length === 0) {
      if (/unable to index file|error: open\(/.test(result.stderr)) return nested;
      throw new Error(`git add -A in ${root} failed: ${result.stderr.trim() || `exit code ${String(result.code)}`}`);
    }
    for (const folder of refused) {
      excluded.push(folder);
      nested.push(path.join(root, folder));
    }
  }
  throw new Error(`git add -A in ${root} failed: too many nested repositories without a commit`);
}

/** Writes a tree of the working tree of the repository at `root` (its objects are loose until something keeps them). */
export async function writeWorkingTree(root: string, program = 'git'): Promise<WorkingTree> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'acp-tree-'));
  try {
    const index = path.join(folder, 'index');
    // A repository with no index yet (no commit, nothing added) starts from an empty one.
    await copyFile(await indexPath(root, program), index).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    const env = { GIT_INDEX_FILE: index };
    const embedded = await addAll(root, env, program);
    const tree = await gitOutput(root, ['write-tree'], { env }, program);
    return { tree, nested: [...new Set([...embedded, ...(await submodules(root))])] };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
