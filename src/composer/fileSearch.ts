// The @-mention picker's file search in the workspace: workspace.findFiles with the user's `files.exclude` and
// `search.exclude`, at most a few hundred candidates, ranked (files open in editors first among equals).
import * as vscode from 'vscode';
import type { FileHit } from '../shared/composerProtocol';
import { excludeGlob, includeGlob, rankFiles } from './fileQuery';

/** How many files findFiles may return for one query, and how many the picker shows. */
const CANDIDATES = 500;
export const PICKER_LIMIT = 30;

function hitFor(uri: vscode.Uri): FileHit {
  const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  const path = vscode.workspace.asRelativePath(uri, multiRoot);
  return { uri: uri.toString(), path, name: path.slice(path.lastIndexOf('/') + 1) };
}

function openEditorUris(): Set<string> {
  const open = new Set<string>();
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (tab.input instanceof vscode.TabInputText) open.add(tab.input.uri.toString());
    }
  }
  return open;
}

export async function searchWorkspaceFiles(query: string, token: vscode.CancellationToken, limit = PICKER_LIMIT): Promise<FileHit[]> {
  if (!vscode.workspace.workspaceFolders?.length) return [];
  const exclude = excludeGlob(
    vscode.workspace.getConfiguration('files').get<Record<string, unknown>>('exclude'),
    vscode.workspace.getConfiguration('search').get<Record<string, unknown>>('exclude'),
  );
  // A pattern replaces the default excludes, so files.exclude is part of it; null: no excludes at all.
  const uris = await vscode.workspace.findFiles(includeGlob(query), exclude ?? null, CANDIDATES, token);
  return rankFiles(uris.map(hitFor), query, limit, openEditorUris());
}
