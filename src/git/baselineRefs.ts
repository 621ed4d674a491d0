// The refs that keep the review's baseline trees (`refs/acp/baselines/<window>-<working tree>`): one per window and
// working tree, since the worktrees of a repository share its refs and must not let go of each other's trees. When a
// worktree is removed, its refs go with it. No `vscode` here.
import { createHash } from 'node:crypto';
import { gitOutput, runGit } from './gitCommand';

export const BASELINE_REFS = 'refs/acp/baselines/';

/** The ref that keeps the captures of the working tree at `root`, for the window whose refs start with `prefix`. */
export function baselineRef(prefix: string, root: string): string {
  return `${prefix}-${rootHash(root)}`;
}

function rootHash(root: string): string {
  return createHash('sha256').update(root).digest('hex').slice(0, 12);
}

/** Deletes the baseline refs of the working tree at `root` (of every window) from its repository's refs. */
export async function deleteBaselineRefs(repository: string, root: string, program = 'git'): Promise<string[]> {
  const listed = await gitOutput(repository, ['for-each-ref', '--format=%(refname)', BASELINE_REFS], {}, program);
  const suffix = `-${rootHash(root)}`;
  const refs = listed.split('\n').filter((ref) => ref.endsWith(suffix));
  if (refs.length > 0) await runGit(repository, ['update-ref', '--stdin'], { input: refs.map((ref) => `delete ${ref}\n`).join('') }, program);
  return refs;
}
