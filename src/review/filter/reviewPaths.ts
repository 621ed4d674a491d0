// What a path says by itself about the review: whether it is git's own (never a change), how it reads for git (relative
// to a repository, with forward slashes), and which file events make what git said about other paths out of date.
// Pure.
import * as path from 'node:path';

/** Git's own files: anything in a `.git` folder, and the `.git` file of a worktree or submodule. */
export function insideGitFolder(file: string): boolean {
  return file.split(/[\\/]/).some((segment) => segment.toLowerCase() === '.git');
}

/** The path as git takes it on its standard input: relative to the repository's root, `/` between the parts. */
export function gitRelative(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/**
 * What a file event makes out of date: `repositories` when a `.git` folder or file itself or a repository's HEAD
 * changed (`git init` and `git worktree add` write one; the watcher may report it without its folder): which folders
 * are repositories, and so everything git said; `ignores` when an ignore file or the index changed (which paths are
 * ignored, and which are tracked: a tracked file is never ignored).
 */
export function staleAfter(file: string): 'repositories' | 'ignores' | undefined {
  const parts = file.split(/[\\/]/).map((part) => part.toLowerCase());
  const last = parts[parts.length - 1];
  if (last === '.git') return 'repositories';
  if (last === '.gitignore') return 'ignores';
  const gitAt = parts.lastIndexOf('.git');
  if (gitAt < 0) return undefined;
  const inGit = parts.slice(gitAt + 1).join('/');
  if (inGit === 'head') return 'repositories';
  return inGit === 'index' || inGit === 'info/exclude' ? 'ignores' : undefined;
}
