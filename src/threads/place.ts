// Where a session works, as its row in the Threads view says it: the workspace folder it belongs to, and the branch
// when its folder is a linked git worktree (`git worktree add`), not the repository's main checkout. Read cheaply:
// the `.git` entry above the folder (a file in a linked worktree, naming `<repository>/.git/worktrees/<name>`) and
// that worktree's HEAD; nothing runs git. No `vscode`.
import * as path from 'node:path';

/** The git checkout a folder is in. */
export interface Checkout {
  /** The checkout's top folder (where its `.git` is). */
  root: string;
  /** A linked worktree, not the repository's main checkout. */
  linked: boolean;
  /** Its branch, or the first 7 characters of the commit of a detached HEAD (unknown when HEAD could not be read). */
  branch?: string;
  /** For a linked worktree: the main checkout's folder, when the repository has one (not bare). */
  mainRoot?: string;
}

/** What reading a checkout needs of the file system. */
export interface CheckoutFiles {
  kind(file: string): Promise<'file' | 'directory' | undefined>;
  read(file: string): Promise<string | undefined>;
}

/** Where a session works. */
export interface Place {
  /** The folder its row is grouped under: the workspace folder holding it, else its own folder. */
  folder: string;
  /** The branch of the linked worktree it works in (its folder's name when HEAD could not be read). */
  branch?: string;
}

/** The `gitdir:` a `.git` file points to, absolute (relative ones are relative to the checkout's top). */
export function gitDirOf(dotGitFile: string, root: string): string | undefined {
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(dotGitFile);
  return match ? path.resolve(root, match[1]) : undefined;
}

/** The branch a HEAD file names, or the short commit of a detached one. */
export function branchOfHead(head: string): string | undefined {
  const text = head.trim();
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(text);
  if (ref) return ref[1];
  return /^[0-9a-f]{40,64}$/i.test(text) ? text.slice(0, 7) : undefined;
}

/** The checkout `cwd` is in (the nearest `.git` above it), or undefined outside git. */
export async function readCheckout(cwd: string, files: CheckoutFiles): Promise<Checkout | undefined> {
  for (let folder = path.resolve(cwd); ; folder = path.dirname(folder)) {
    const dotGit = path.join(folder, '.git');
    const kind = await files.kind(dotGit);
    if (kind === 'directory') return { root: folder, linked: false };
    if (kind === 'file') return linkedCheckout(folder, (await files.read(dotGit)) ?? '', files);
    if (path.dirname(folder) === folder) return undefined;
  }
}

async function linkedCheckout(root: string, dotGitFile: string, files: CheckoutFiles): Promise<Checkout> {
  const gitDir = gitDirOf(dotGitFile, root);
  // A submodule's `.git` file points into the parent's `.git/modules`: a checkout of its own, not a worktree.
  if (!gitDir || path.basename(path.dirname(gitDir)) !== 'worktrees') return { root, linked: false };
  const head = await files.read(path.join(gitDir, 'HEAD'));
  const branch = head === undefined ? undefined : branchOfHead(head);
  const common = path.dirname(path.dirname(gitDir));
  const mainRoot = path.basename(common) === '.git' ? path.dirname(common) : undefined;
  return { root, linked: true, ...(branch ? { branch } : {}), ...(mainRoot ? { mainRoot } : {}) };
}

/** The deepest of `folders` that is `file` or holds it. */
export function folderHolding(file: string, folders: readonly string[]): string | undefined {
  const target = path.resolve(file);
  let best: string | undefined;
  for (const folder of folders) {
    const base = path.resolve(folder);
    const holds = target === base || target.startsWith(base.endsWith(path.sep) ? base : `${base}${path.sep}`);
    if (holds && (best === undefined || base.length > best.length)) best = base;
  }
  return best;
}

/**
 * A session's place: grouped under the workspace folder that holds its folder (for a linked worktree outside the
 * workspace folders, the one that holds its main checkout), else under its own folder; a linked worktree's branch.
 */
export function placeOf(cwd: string, folders: readonly string[], checkout?: Checkout): Place {
  const linked = checkout?.linked === true;
  const folder =
    folderHolding(cwd, folders) ?? (linked && checkout.mainRoot ? folderHolding(checkout.mainRoot, folders) : undefined) ?? path.resolve(cwd);
  return linked ? { folder, branch: checkout.branch ?? path.basename(checkout.root) } : { folder };
}
