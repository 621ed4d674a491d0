// A turn's baseline in one repository: a tree of its working tree (src/git/workingTree.ts), then a commit kept by a
// ref of the extension (its parent the previous capture while earlier ones are still needed, so their objects stay
// reachable). No `vscode` here.
import { gitOutput, runGit } from '../../git/gitCommand';
import { writeWorkingTree } from '../../git/workingTree';

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
  const { tree, nested } = await writeWorkingTree(root, program);
  return { capture: { tree }, nested, kept: keep(root, ref, tree, keepEarlier, program) };
}

/** Paths of the files in `tree` under `folder` (relative to the repository, `/`-separated). */
export async function filesInTree(root: string, tree: string, folder: string, program = 'git'): Promise<string[]> {
  const result = await runGit(root, ['ls-tree', '-r', '-z', '--name-only', tree, '--', folder === '' ? '.' : folder], {}, program);
  if (result.code !== 0) return [];
  return result.stdout.split('\0').filter((name) => name !== '');
}
