// "ACP: Apply Thread to Working Tree": the thread's changes against its base brought into the repository's main
// working tree, file by file (applyPlan.ts decides each), as one workspace edit the user can undo: an existing text
// file gets a text edit through its document (saved after, unless it had unsaved edits of the user's, which stay
// unsaved with the thread's change on top), a new file is created and a deleted one deleted as file operations; a
// file that is not text is written as it is after the edit. Conflicts get git's markers, which VS Code
// offers to resolve per hunk; files git cannot merge are left as the user has them, with the reason in the report.
import { chmod, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { GitObjects } from '../../git/gitObjects';
import { planFile, type Version } from '../applyPlan';
import { threadChanges, type ThreadFileChange } from '../threadChanges';
import type { ThreadWorktree } from '../worktreeGit';

export interface ApplyReport {
  /** Files written, deleted or merged without a conflict (absolute paths). */
  applied: string[];
  /** Files with conflict markers to resolve. */
  conflicts: string[];
  /** Files left as the user has them, and why. */
  kept: { file: string; reason: string }[];
}

const LINK_OR_SUBMODULE = new Set(['120000', '160000']);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of bytes that are UTF-8 text (no NUL), else undefined. */
function utf8Text(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

async function diskVersion(file: string): Promise<Version> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

async function blob(objects: GitObjects, tree: string, change: ThreadFileChange, side: 'before' | 'after'): Promise<Version> {
  if (change[side] === undefined) return null;
  const bytes = await objects.bytes(`${tree}:${change.path}`);
  if (bytes === undefined) throw new Error(`Git has no ${side === 'before' ? 'base' : 'thread'} version of ${change.path}.`);
  return bytes;
}

/** Files whose three versions are read together: git's and the disk's answers overlap, and a big thread is not all in memory twice. */
const BATCH = 100;

interface FileVersions {
  change: ThreadFileChange;
  /** Absolute path in the main working tree. */
  file: string;
  document: vscode.TextDocument | undefined;
  base: Version;
  thread: Version;
  yours: Version;
}

async function versionsOf(objects: GitObjects, thread: ThreadWorktree, tree: string, change: ThreadFileChange, document: vscode.TextDocument | undefined): Promise<FileVersions> {
  const file = path.join(thread.repository, ...change.path.split('/'));
  const [base, threadVersion, yours] = await Promise.all([
    blob(objects, thread.base, change, 'before'),
    blob(objects, tree, change, 'after'),
    document ? Buffer.from(document.getText(), 'utf8') : diskVersion(file),
  ]);
  return { change, file, document, base, thread: threadVersion, yours };
}

export async function applyToWorkingTree(thread: ThreadWorktree): Promise<ApplyReport> {
  const changes = await threadChanges(thread);
  const objects = new GitObjects(thread.repository);
  const report: ApplyReport = { applied: [], conflicts: [], kept: [] };
  const edit = new vscode.WorkspaceEdit();
  const save: vscode.TextDocument[] = [];
  const executable: string[] = [];
  /** Files that are not text: written as they are (a text document cannot hold them), after the edit. */
  const binary: { uri: vscode.Uri; bytes: Uint8Array }[] = [];
  const open = new Map(vscode.workspace.textDocuments.filter((document) => document.uri.scheme === 'file').map((document) => [document.uri.fsPath, document]));
  const labels = { yours: 'Your changes', base: 'Before the thread', thread: `Thread ${thread.branch}` };
  const fileOf = (change: ThreadFileChange): string => path.join(thread.repository, ...change.path.split('/'));
  const files: ThreadFileChange[] = [];
  for (const change of changes.files) {
    if (LINK_OR_SUBMODULE.has(change.mode ?? '')) report.kept.push({ file: fileOf(change), reason: 'it is a symbolic link or a submodule: bring it over with git' });
    else files.push(change);
  }
  try {
    for (let at = 0; at < files.length; at += BATCH) {
      // Asked all at once: cat-file answers them one after another without waiting for us in between.
      const batch = await Promise.all(files.slice(at, at + BATCH).map((change) => versionsOf(objects, thread, changes.tree, change, open.get(fileOf(change)))));
      for (const { change, file, document, base, thread: threadVersion, yours } of batch) {
        const outcome = await planFile(base, threadVersion, yours, labels);
        if (outcome.kind === 'unchanged') continue;
        if (outcome.kind === 'kept') {
          report.kept.push({ file, reason: outcome.reason });
          continue;
        }
        const bytes = outcome.bytes;
        const uri = vscode.Uri.file(file);
        const text = bytes === null ? undefined : utf8Text(bytes);
        if (bytes === null) edit.deleteFile(uri, { ignoreIfNotExists: true });
        else if (yours === null) edit.createFile(uri, { contents: bytes });
        else if (text === undefined) binary.push({ uri, bytes });
        else {
          // An existing file changes through its text document, as an agent's edit does: an undoable text edit.
          const target = document ?? (await vscode.workspace.openTextDocument(uri));
          edit.replace(uri, new vscode.Range(target.positionAt(0), target.positionAt(target.getText().length)), text);
          if (!target.isDirty) save.push(target);
        }
        if (bytes !== null && change.mode === '100755') executable.push(file);
        (outcome.kind === 'conflict' ? report.conflicts : report.applied).push(file);
      }
    }
  } finally {
    objects.dispose();
  }
  // A file applied or with conflicts that is not written as binary is in the edit (`edit.size` counts the files with
  // text edits only, not the files created or deleted).
  const edited = report.applied.length + report.conflicts.length > binary.length;
  if (edited && !(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) throw new Error(`VS Code did not apply the thread's changes to ${thread.repository}; nothing was changed.`);
  await Promise.all(save.map((document) => document.save()));
  for (const { uri, bytes } of binary) await vscode.workspace.fs.writeFile(uri, bytes);
  await Promise.all(executable.map((file) => chmod(file, 0o755).catch(() => undefined)));
  return report;
}

/** What the report says in a sentence or two. */
export function describeApply(thread: ThreadWorktree, report: ApplyReport): string {
  const name = (file: string): string => path.relative(thread.repository, file);
  const parts = [
    report.applied.length + report.conflicts.length === 0 ? `Nothing of ${thread.branch} was left to apply.` : `Applied ${count(report.applied.length + report.conflicts.length, 'file')} of ${thread.branch} to the working tree.`,
    report.conflicts.length > 0 ? `Resolve the conflicts with your changes in ${report.conflicts.map(name).join(', ')}.` : '',
    report.kept.length > 0 ? `Left as you have them: ${report.kept.map((kept) => `${name(kept.file)} (${kept.reason})`).join('; ')}.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

