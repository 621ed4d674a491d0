// A git tree of a repository's working tree as it is now, written without touching the user's index, branch or
// stash (Codex's "ghost snapshots"): a copy of the index (so unchanged files are not hashed again), `git add -A` into
// that copy (what .gitignore hides stays out), `git write-tree`, then a commit kept by a ref of the extension (its
// parent the previous capture while earlier ones are still needed, so their objects stay reachable). Repositories
// nested in it (submodules, cloned folders) are not in the tree: they are named, for a capture of their own.
// No `vscode` here.
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitOutput, runGit } from './gitCommand';

export interface Capture {
  /** The tree of the working tree. */
  tree: string;
}

export interface CaptureResult {
  capture: Capture;
  /** Repositories nested in this one (absolute paths), which need a capture of their own. */
  nested: string[];
  /**
   * Settles when the ref points at a commit of the tree (the turn need not wait for it: git keeps new objects for
   * weeks before it prunes unreachable ones). Commits of one repository are made in the order of the captures.
   */
  kept: Promise<string>;
}

/** Who the capture commits are by (a repository without user.name would refuse them otherwise). */
const IDENTITY = { GIT_AUTHOR_NAME: 'ACP Client', GIT_AUTHOR_EMAIL: 'acp-client@localhost', GIT_COMMITTER_NAME: 'ACP Client', GIT_COMMITTER_EMAIL: 'acp-client@localhost' };

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

/** The last commit made per repository and ref, so that the next one is made after it. */
const commits = new Map<string, Promise<unknown>>();

/** Points `ref` at a commit of `tree`; with `keepEarlier`, its parent is the commit the ref pointed at before. */
function keep(root: string, ref: string, tree: string, keepEarlier: boolean, program: string): Promise<string> {
  const key = `${root}\0${ref}`;
  const kept = (commits.get(key) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      const previous = keepEarlier ? await runGit(root, ['rev-parse', '-q', '--verify', `${ref}^{commit}`], {}, program) : undefined;
      const parent = previous?.code === 0 ? ['-p', previous.stdout.trim()] : [];
      const commit = await gitOutput(root, ['commit-tree', tree, ...parent, '-m', 'ACP client: files before an agent turn'], { env: IDENTITY }, program);
      await gitOutput(root, ['update-ref', '-m', 'ACP client baseline', ref, commit], {}, program);
      return commit;
    });
  commits.set(key, kept);
  void kept.finally(() => {
    if (commits.get(key) === kept) commits.delete(key);
  });
  return kept;
}

/**
 * Captures the working tree of the repository at `root` and points `ref` at it (after the tree is given back); with
 * `keepEarlier`, the new commit keeps the commit `ref` pointed at before (so its objects stay reachable).
 */
export async function captureTree(root: string, ref: string, keepEarlier: boolean, program = 'git'): Promise<CaptureResult> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'acp-baseline-'));
  try {
    const index = path.join(folder, 'index');
    // A repository with no index yet (no commit, nothing added) starts from an empty one.
    await copyFile(await indexPath(root, program), index).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    const env = { GIT_INDEX_FILE: index };
    const embedded = await addAll(root, env, program);
    const tree = await gitOutput(root, ['write-tree'], { env }, program);
    const nested = [...new Set([...embedded, ...(await submodules(root))])];
    return { capture: { tree }, nested, kept: keep(root, ref, tree, keepEarlier, program) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Paths of the files in `tree` under `folder` (relative to the repository, `/`-separated). */
export async function filesInTree(root: string, tree: string, folder: string, program = 'git'): Promise<string[]> {
  const result = await runGit(root, ['ls-tree', '-r', '-z', '--name-only', tree, '--', folder === '' ? '.' : folder], {}, program);
  if (result.code !== 0) return [];
  return result.stdout.split('\0').filter((name) => name !== '');
}
