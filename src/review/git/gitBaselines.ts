// Baselines from git objects: when a turn starts, each repository in use gets a tree of its working tree
// (treeCapture.ts), and a file's text before the agent changed it is read from that tree, unless a newer text of
// it was seen since (kept in the snapshot of texts seen, which the capture empties for that repository). Memory
// grows with the files changed, not with the repository; every file of it can be undone (up to the per-file cap of
// what is read into memory). Files in no repository, or in one not captured yet, or when git is missing, have the
// snapshot only (outside git it is seeded by a scan, bounded). No `vscode` here.
import * as path from 'node:path';
import { decodeText } from '../../services/files/textDecoding';
import type { Baselines, DiskText, Known } from '../baselines';
import type { Content } from '../changeLedger';
import type { Repositories } from '../filter/repositories';
import { gitRelative } from '../filter/reviewPaths';
import type { WorkspaceSnapshot } from '../workspaceSnapshot';
import { baselineRef } from '../../git/baselineRefs';
import { GitNotFound, runGit } from '../../git/gitCommand';
import { GitObjects } from '../../git/gitObjects';
import { captureTree, filesInTree, type Capture } from './treeCapture';

export interface GitBaselinesDeps {
  repositories: Repositories;
  /**
   * The start of the refs captures are kept by (`refs/acp/...`): each working tree gets its own (`<ref>-<hash of its
   * path>`), since the worktrees of one repository share its refs and must not let go of each other's trees.
   */
  ref: string;
  /** Whether a ledger still names objects of earlier captures (then the new capture keeps them reachable). */
  keepsEarlier(): boolean;
  /** Bytes of one file read into memory at most (past it, the file's change is shown but cannot be undone). */
  maxFileBytes: number;
  log(line: string): void;
  program?: string;
}

interface Repository {
  objects: GitObjects;
  capture?: Capture;
  /** Settles when the ref keeps the last capture. */
  kept?: Promise<unknown>;
}

export class GitBaselines implements Baselines {
  private readonly repositories = new Map<string, Repository>();
  private gitChecked: Promise<boolean> | undefined;

  constructor(
    /** Texts seen since the last capture (and, outside git, the scan). */
    readonly seen: WorkspaceSnapshot,
    private readonly deps: GitBaselinesDeps,
  ) {}

  /** Whether git can take the baselines of `folder` (it is in a repository and git runs); else it needs a scan. */
  async covers(folder: string): Promise<boolean> {
    return (await this.deps.repositories.rootOfFolder(folder)) !== undefined && (await this.gitRuns());
  }

  /**
   * Takes a tree of every repository in use: those `roots` are in, and those found at or under them (nested ones
   * too). What was seen of their files before is forgotten: the trees hold it.
   */
  async capture(roots: readonly string[]): Promise<void> {
    if (!(await this.gitRuns())) return;
    const pending = new Set<string>();
    for (const root of roots) {
      const repository = await this.deps.repositories.rootOfFolder(root);
      if (repository !== undefined) pending.add(repository);
      for (const found of [...this.deps.repositories.foundUnder(root), ...this.capturedUnder(root)]) pending.add(found);
    }
    const done = new Set<string>();
    for (let next = first(pending); next !== undefined; next = first(pending)) {
      pending.delete(next);
      done.add(next);
      const nested = await this.captureOne(next);
      for (const inner of nested) if (!done.has(inner)) pending.add(inner);
    }
  }

  /** Resolves when every capture taken so far is kept by the ref. */
  async kept(): Promise<void> {
    await Promise.all([...this.repositories.values()].map((repository) => repository.kept));
  }

  async known(file: string): Promise<Known> {
    if (this.seen.has(file) || this.seen.existsUnkept(file)) return this.seen.known(file);
    const root = await this.deps.repositories.rootOf(file);
    const repository = root === undefined ? undefined : this.repositories.get(root);
    if (root === undefined || !repository?.capture) return this.seen.known(file);
    const name = `${repository.capture.tree}:${gitRelative(root, file)}`;
    const info = await repository.objects.info(name).catch(() => undefined);
    if (!info) return { text: null, exists: false };
    // A folder, or a nested repository's commit: not a file's text.
    if (info.type !== 'blob') return { text: undefined, exists: info.type !== 'tree' };
    if (info.size > this.deps.maxFileBytes) return { text: undefined, exists: true };
    const text = await this.textOf(file, name);
    return typeof text === 'string' ? { text, exists: true, object: name } : { text: undefined, exists: true };
  }

  /** The text of a baseline object of `file`'s repository (a ledger kept across a reload names it). */
  async textOf(file: string, object: string): Promise<Content> {
    const root = await this.deps.repositories.rootOf(file);
    if (root === undefined) return undefined;
    const bytes = await this.repositoryAt(root)
      .objects.bytes(object)
      .catch(() => undefined);
    if (bytes === undefined || bytes.length > this.deps.maxFileBytes) return undefined;
    return decodeText(bytes)?.text;
  }

  async existingUnder(folder: string): Promise<string[]> {
    const found = new Set(this.seen.existingUnder(folder));
    const root = await this.deps.repositories.rootOfFolder(folder);
    const capture = root === undefined ? undefined : this.repositories.get(root)?.capture;
    if (root !== undefined && capture) {
      for (const name of await filesInTree(root, capture.tree, gitRelative(root, folder), this.deps.program)) {
        const file = path.join(root, ...name.split('/'));
        if (!this.seen.has(file) || this.seen.get(file) !== null) found.add(file);
      }
    }
    return [...found];
  }

  /** No session uses `folder` any more: the trees of the repositories at, in or around it are not followed now. */
  async forgetUnder(folder: string): Promise<void> {
    const around = await this.deps.repositories.rootOfFolder(folder);
    for (const root of [...this.capturedUnder(folder), ...(around === undefined ? [] : [around])]) {
      const repository = this.repositories.get(root);
      if (repository) repository.capture = undefined;
    }
  }

  set(file: string, text: DiskText): void {
    this.seen.set(file, text);
  }

  /**
   * In a repository git takes baselines of, the text is not kept (the tree taken when the next turn starts has it):
   * only that the tree taken before, if any, is out of date for the file. Elsewhere the snapshot follows.
   */
  async follow(file: string, text: DiskText): Promise<void> {
    const root = await this.deps.repositories.rootOf(file);
    const covered = root !== undefined && (await this.gitRuns());
    this.seen.set(file, covered && text !== null ? undefined : text);
  }

  read(file: string): Promise<DiskText> {
    return this.seen.read(file);
  }

  dispose(): void {
    this.repositories.forEach((repository) => repository.objects.dispose());
    this.repositories.clear();
  }

  /** The ref that keeps the captures of the working tree at `root`. */
  refOf(root: string): string {
    return baselineRef(this.deps.ref, root);
  }

  private gitRuns(): Promise<boolean> {
    this.gitChecked ??= runGit(process.cwd(), ['--version'], {}, this.deps.program).then(
      (result) => result.code === 0,
      (error: unknown) => {
        this.deps.log(
          error instanceof GitNotFound
            ? 'Git was not found: the review keeps a bounded copy of the files instead of git trees (a file past its limits cannot be undone).'
            : `Git could not be run, so the review keeps a bounded copy of the files instead: ${String(error)}`,
        );
        return false;
      },
    );
    return this.gitChecked;
  }

  private repositoryAt(root: string): Repository {
    let repository = this.repositories.get(root);
    if (!repository) {
      repository = { objects: new GitObjects(root, this.deps.program) };
      this.repositories.set(root, repository);
    }
    return repository;
  }

  private capturedUnder(folder: string): string[] {
    const prefix = folder.replace(/[\\/]+$/, '') + path.sep;
    return [...this.repositories.entries()].filter(([root, repository]) => repository.capture && (root === folder || root.startsWith(prefix))).map(([root]) => root);
  }

  /** Captures one repository; gives the repositories nested in it. A failure leaves its files to the snapshot. */
  private async captureOne(root: string): Promise<string[]> {
    const repository = this.repositoryAt(root);
    try {
      const { capture, nested, kept } = await captureTree(root, this.refOf(root), this.deps.keepsEarlier(), this.deps.program);
      repository.capture = capture;
      repository.kept = kept.catch((error: unknown) => this.deps.log(`The review could not keep the git tree of ${root} by a ref (git may prune it in some weeks): ${String(error)}`));
      // What was seen of this repository's files is in the tree now (a nested repository's files are not).
      await Promise.all(
        this.seen.seenUnder(root).map(async (file) => {
          if ((await this.deps.repositories.rootOf(file)) === root) this.seen.forget(file);
        }),
      );
      return nested;
    } catch (error) {
      repository.capture = undefined;
      this.deps.log(`The review could not take a git tree of ${root}, so it compares with the files it has seen there instead: ${String(error)}`);
      return [];
    }
  }
}

function first<T>(items: Set<T>): T | undefined {
  for (const item of items) return item;
  return undefined;
}
