// The review's filter for this window (filter/changeFilter.ts): git's view where a folder is in a repository, else
// `files.exclude` (and node_modules), kept current with the settings and the workspace folders.
import * as vscode from 'vscode';
import { caseInsensitivePaths, caseKey } from '../../editor/files/pathKeys';
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
}

export function workspaceFilter(log: (line: string) => void): WorkspaceFilter {
  const folders = (): string[] => (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => folder.uri.fsPath);
  const matcher = () => excludeMatcher(outsideGitExcludes(), folders(), caseInsensitivePaths);
  let excluded = matcher();
  const repositories = new Repositories();
  const git = new GitFiles();
  const filter = new ChangeFilter({ repositories, git, excluded: (file) => excluded(file), keyOf: caseKey, log });
  const subscriptions = [
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('files.exclude')) excluded = matcher();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      excluded = matcher();
    }),
  ];
  return { filter, repositories, git, dispose: () => subscriptions.forEach((subscription) => subscription.dispose()) };
}
