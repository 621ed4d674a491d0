// The files of a workspace folder that the first scan reads into the snapshot: listed by git where the folder is in a
// repository (tracked and untracked files, not the ignored ones, and the files of repositories nested in it:
// submodules, cloned folders), else by the given search (which leaves out what `files.exclude` hides); then through
// the same filter as every file event.
// No `vscode` here.
import type { ChangeFilter } from './changeFilter';
import type { GitFiles } from './gitFiles';
import type { Repositories } from './repositories';

export interface ScanDeps {
  repositories: Repositories;
  git: GitFiles;
  filter: ChangeFilter;
  /** The files of a folder outside git, `files.exclude` applied (at most `limit`). */
  search(folder: string, limit: number): Promise<string[]>;
  log(line: string): void;
}

export async function filesToScan(folder: string, limit: number, deps: ScanDeps): Promise<string[]> {
  const root = await deps.repositories.rootOfFolder(folder);
  let found: string[] | undefined;
  if (root === undefined) {
    deps.log(`${folder} is not in a git repository: the review leaves out the files that files.exclude hides.`);
  } else {
    found = await gitListing(folder, limit, deps).catch((error: unknown) => {
      deps.log(`Git could not list the files of ${folder}, so the first scan searched for them instead: ${String(error)}`);
      return undefined;
    });
  }
  found ??= await deps.search(folder, limit);
  const reviewed = await Promise.all(found.map((file) => deps.filter.reviews(file)));
  return found.filter((_, index) => reviewed[index]);
}

/** Git's files of `folder`, and those of the repositories nested in it, at most `limit` in all. */
async function gitListing(folder: string, limit: number, deps: ScanDeps): Promise<string[]> {
  const top = await deps.git.files(folder, limit);
  const files = top.files.slice(0, limit);
  const pending = [...top.nested];
  for (let next = pending.shift(); next !== undefined && files.length < limit; next = pending.shift()) {
    // A nested repository git cannot list (a submodule not checked out) adds nothing.
    const listing = await deps.git.files(next, limit - files.length).catch(() => undefined);
    files.push(...(listing?.files.slice(0, limit - files.length) ?? []));
    pending.push(...(listing?.nested ?? []));
  }
  return files;
}
