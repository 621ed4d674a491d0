// The review's filter (filter/changeFilter.ts): git's view where a folder is in a repository, else `files.exclude`
// (and node_modules) for the roots in use, kept current with the settings and those roots.
import * as vscode from 'vscode';
import { caseInsensitivePaths, caseKey } from '../../services/files/pathKeys';
import { ChangeFilter } from '../filter/changeFilter';
import { excludeMatcher } from '../filter/excludeMatcher';
import { GitFiles } from '../filter/gitFiles';
import { Repositories } from '../filter/repositories';

/** Left out outside git whatever the settings say: installed packages are no one's changes, git's files never are. */
const ALWAYS_EXCLUDED_OUTSIDE_GIT = ['**/node_modules', '**/.git'];

/** The patterns that hide files outside git: `files.exclude` (those set to true), node_modules and .git. */
export function outsideGitExcludes(): string[] {
  const settings = vscode.workspace.getConfiguration().get<Record<string, unknown>>('files.exclude') ?? {};
  const patterns = new Set(ALWAYS_EXCLUDED_OUTSIDE_GIT);
  for (const [pattern, on] of Object.entries(settings)) if (on === true) patterns.add(pattern);
  return [...patterns];
}

export interface WorkspaceFilter extends vscode.Disposable {
  readonly filter: ChangeFilter;
  readonly repositories: Repositories;
  readonly git: GitFiles;
  /** The folders `files.exclude` applies to (the roots in use). */
  setFolders(folders: readonly string[]): void;
}

export function workspaceFilter(log: (line: string) => void): WorkspaceFilter {
  let folders: readonly string[] = [];
  const matcher = () => excludeMatcher(outsideGitExcludes(), [...folders], caseInsensitivePaths);
  let excluded = matcher();
  const repositories = new Repositories();
  const git = new GitFiles();
  const filter = new ChangeFilter({ repositories, git, excluded: (file) => excluded(file), keyOf: caseKey, log });
  const subscriptions = [
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('files.exclude')) excluded = matcher();
    }),
  ];
  return {
    filter,
    repositories,
    git,
    setFolders: (roots) => {
      if (roots.length === folders.length && roots.every((root, index) => root === folders[index])) return;
      folders = [...roots];
      excluded = matcher();
    },
    dispose: () => subscriptions.forEach((subscription) => subscription.dispose()),
  };
}
