// Which paths the review counts: in a git repository what `git status` would show (never git's own files, never an
// ignored file; a tracked file counts whatever the ignore patterns say, and so does an untracked one they do not
// match); outside git, what `files.exclude` does not hide. One filter for the first scan and for every file event.
// Git is asked in batches (a burst of events costs one call per repository), its answers kept until an ignore file,
// the index or a repository changes. When git cannot answer, `files.exclude` applies, and the log says so once.
// No `vscode` here.
import { Batcher } from './batcher';
import type { PathTest } from './excludeMatcher';
import { GitNotFound } from '../../git/gitCommand';
import type { GitFiles } from './gitFiles';
import type { Repositories } from './repositories';
import { gitRelative, insideGitFolder, staleAfter } from './reviewPaths';

export interface ReviewFilter {
  /** Whether a change of `file` is one to review. */
  reviews(file: string): Promise<boolean>;
  /** A file event happened at `file`: an ignore file, the index or a repository that changed makes answers stale. */
  saw(file: string): void;
}

/** Reviews every path (no filter). */
export const EVERY_PATH: ReviewFilter = { reviews: () => Promise.resolve(true), saw: () => undefined };

export interface ChangeFilterDeps {
  repositories: Repositories;
  git: GitFiles;
  /** What `files.exclude` hides, for paths git cannot answer for. */
  excluded: PathTest;
  /** The key of a path in maps (case-folded where the file system ignores case). */
  keyOf(file: string): string;
  log(line: string): void;
}

/** Answers kept at most (then forgotten all at once). */
const MAX_KEPT = 100_000;

export class ChangeFilter implements ReviewFilter {
  /** Git's answers, by path key. */
  private readonly answers = new Map<string, boolean>();
  /** Counts the times answers went stale: an answer asked for before is not kept. */
  private generation = 0;
  private gitNotFound = false;
  private readonly failedRoots = new Set<string>();
  private readonly batcher = new Batcher<string, boolean>((files) => this.answerAll(files));

  constructor(private readonly deps: ChangeFilterDeps) {}

  reviews(file: string): Promise<boolean> {
    if (insideGitFolder(file)) return Promise.resolve(false);
    const known = this.answers.get(this.deps.keyOf(file));
    return known !== undefined ? Promise.resolve(known) : this.batcher.ask(file);
  }

  saw(file: string): void {
    const stale = staleAfter(file);
    if (stale === undefined) return;
    if (stale === 'repositories') this.deps.repositories.forget();
    this.answers.clear();
    this.generation++;
  }

  private async answerAll(files: string[]): Promise<Map<string, boolean>> {
    const generation = this.generation;
    const byRoot = new Map<string | undefined, string[]>();
    await Promise.all(
      files.map(async (file) => {
        const root = await this.deps.repositories.rootOf(file);
        const group = byRoot.get(root);
        if (group) group.push(file);
        else byRoot.set(root, [file]);
      }),
    );
    const answers = new Map<string, boolean>();
    await Promise.all(
      [...byRoot].map(async ([root, group]) => {
        const ignored = root === undefined ? undefined : await this.ignoredIn(root, group);
        for (const file of group) {
          if (root === undefined || ignored === undefined) {
            answers.set(file, !this.deps.excluded(file));
            continue;
          }
          const reviewed = !ignored.has(gitRelative(root, file));
          answers.set(file, reviewed);
          if (generation === this.generation) this.keep(file, reviewed);
        }
      }),
    );
    return answers;
  }

  /** Which of `files` (as git names them) the repository ignores; undefined when git cannot tell. */
  private async ignoredIn(root: string, files: readonly string[]): Promise<Set<string> | undefined> {
    if (this.gitNotFound) return undefined;
    try {
      return await this.deps.git.ignored(
        root,
        files.map((file) => gitRelative(root, file)),
      );
    } catch (error) {
      if (error instanceof GitNotFound) {
        this.gitNotFound = true;
        this.deps.log(`Git was not found, so the review cannot tell which files git ignores: it leaves out what files.exclude hides instead (${error.message}).`);
      } else if (!this.failedRoots.has(root)) {
        this.failedRoots.add(root);
        this.deps.log(`Git could not tell which files ${root} ignores, so the review leaves out what files.exclude hides there instead: ${String(error)}`);
      }
      return undefined;
    }
  }

  private keep(file: string, reviewed: boolean): void {
    if (this.answers.size >= MAX_KEPT) this.answers.clear();
    this.answers.set(this.deps.keyOf(file), reviewed);
  }
}
