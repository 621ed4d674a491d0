// The @-mention picker's file search in the roots of the session the composer targets: workspace.findFiles with a
// RelativePattern per root and the user's `files.exclude` and `search.exclude`, at most a few hundred candidates per
// root, ranked (files open in editors first among equals).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FileHit } from '../shared/protocol/composerProtocol';
import { excludeGlob, includeGlob, rankFiles } from './fileQuery';

/** How many files findFiles may return for one query in one root, and how many the picker shows. */
const CANDIDATES = 500;
export const PICKER_LIMIT = 30;

/** A file as the picker shows it: relative to its workspace folder, else to the root it was found in. */
function hitFor(uri: vscode.Uri, root: vscode.Uri, severalRoots: boolean): FileHit {
  const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  const inRoot = path.posix.relative(root.path, uri.path);
  const shown = vscode.workspace.getWorkspaceFolder(uri)
    ? vscode.workspace.asRelativePath(uri, multiRoot)
    : severalRoots
      ? `${path.posix.basename(root.path)}/${inRoot}`
      : inRoot;
  return { uri: uri.toString(), path: shown, name: shown.slice(shown.lastIndexOf('/') + 1) };
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

/** The files under these roots whose path contains the query, best first. */
export async function searchFiles(query: string, roots: readonly string[], token: vscode.CancellationToken, limit = PICKER_LIMIT): Promise<FileHit[]> {
  if (roots.length === 0) return [];
  const exclude = excludeGlob(
    vscode.workspace.getConfiguration('files').get<Record<string, unknown>>('exclude'),
    vscode.workspace.getConfiguration('search').get<Record<string, unknown>>('exclude'),
  );
  const include = includeGlob(query);
  const found = await Promise.all(
    roots.map(async (root) => {
      const base = vscode.Uri.file(root);
      // A pattern replaces the default excludes, so files.exclude is part of it; null: no excludes at all.
      const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(base, include), exclude ?? null, CANDIDATES, token);
      return uris.map((uri) => hitFor(uri, base, roots.length > 1));
    }),
  );
  return rankFiles(found.flat(), query, limit, openEditorUris());
}
