// "ACP: Apply Thread to Working Tree": the thread's changes against its base brought into the repository's main
// working tree, file by file (applyPlan.ts decides each). The thread's side is read from its worktree's files and the
// base's only where the user changed a file too (touchedPaths, planFileAgainst), so Apply costs about what `git apply`
// does. A file open in an editor changes through its document, as an agent's edit does (one undoable text edit, saved
// unless the user had unsaved edits there, which stay unsaved with the thread's change on top); every other file is
// written on disk directly, after the review is told (so the write is not taken for an agent's). What Apply changed
// is returned as texts for the review: each file's text before and after, reviewable and undoable like an agent's
// change. Conflicts get git's markers, which VS Code offers to resolve per hunk; files git cannot merge are left as
// the user has them, with the reason in the report.
import { chmodSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { GitObjects } from '../../git/gitObjects';
import { planFileAgainst, type ApplyOutcome, type MergeLabels, type Version } from '../applyPlan';
import { touchedPaths, type TouchedPath } from '../threadChanges';
import type { ThreadWorktree } from '../worktreeGit';

/** A text file Apply changed: its text before and after (null: no file), for the review. */
export interface AppliedText {
  /** Absolute path in the main working tree. */
  path: string;
  before: string | null;
  after: string | null;
}

export interface ApplyReport {
  /** Files written, deleted or merged without a conflict (absolute paths). */
  applied: string[];
  /** Files with conflict markers to resolve. */
  conflicts: string[];
  /** Files left as the user has them, and why. */
  kept: { file: string; reason: string }[];
  /** The text files among the applied and conflicting ones, before and after. */
  texts: AppliedText[];
}

export interface ApplyHooks {
  /** Just before Apply writes or deletes a file on disk itself (null: deleted); not called for a file that is not text. */
  beforeWrite(file: string, text: string | null): void;
}

const LINK_OR_SUBMODULE = new Set(['120000', '160000']);

/** Files read and planned together: the disk's and git's answers overlap, and a big thread is not all in memory at once. */
const BATCH = 100;

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

/** A file's side: its bytes and whether it is executable, absent, or something Apply does not bring (a link, a folder). */
type Side = { bytes: Version; executable: boolean } | { other: string };

function sideOf(file: string): Side {
  let stats: Stats;
  try {
    stats = lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return { bytes: null, executable: false };
    throw error;
  }
  if (stats.isSymbolicLink()) return { other: 'a symbolic link' };
  if (!stats.isFile()) return { other: stats.isDirectory() ? 'a folder (a repository of its own?)' : 'not a file' };
  return { bytes: readFileSync(file), executable: (stats.mode & 0o111) !== 0 };
}

interface Planned {
  file: string;
  outcome: ApplyOutcome;
  yours: Version;
  yoursExecutable: boolean;
  threadExecutable: boolean;
  document: vscode.TextDocument | undefined;
}

async function planTouched(thread: ThreadWorktree, touched: TouchedPath, objects: GitObjects, labels: MergeLabels, document: vscode.TextDocument | undefined): Promise<Planned | { file: string; reason: string }> {
  const file = path.join(thread.repository, ...touched.path.split('/'));
  if (LINK_OR_SUBMODULE.has(touched.base?.mode ?? '')) return { file, reason: 'it is a symbolic link or a submodule: bring it over with git' };
  const threadSide = sideOf(path.join(thread.path, ...touched.path.split('/')));
  const yoursSide = document ? { bytes: Buffer.from(document.getText(), 'utf8'), executable: false } : sideOf(file);
  if ('other' in threadSide) return { file, reason: `in the thread it is ${threadSide.other}: bring it over with git` };
  if ('other' in yoursSide) return { file, reason: `yours is ${yoursSide.other}` };
  const base = {
    oid: touched.base?.oid,
    read: async (): Promise<Version> => {
      if (touched.base === undefined) return null;
      const bytes = await objects.bytes(`${thread.base}:${touched.path}`);
      if (bytes === undefined) throw new Error(`Git has no base version of ${touched.path}.`);
      return bytes;
    },
  };
  const outcome = await planFileAgainst(base, threadSide.bytes, yoursSide.bytes, labels);
  // An open document keeps the file's mode: the disk's says whether it is executable.
  const yoursExecutable = document ? executable(file) : yoursSide.executable;
  return { file, outcome, yours: yoursSide.bytes, yoursExecutable, threadExecutable: threadSide.executable, document };
}

function executable(file: string): boolean {
  try {
    return (lstatSync(file).mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** Writes one planned file on disk (one not open in an editor). */
function writePlanned(planned: Planned, bytes: Version, text: string | null | undefined, hooks: ApplyHooks): void {
  const { file } = planned;
  if (text !== undefined) hooks.beforeWrite(file, text);
  if (bytes === null) return rmSync(file, { force: true });
  if (planned.yours === null) {
    mkdirSync(path.dirname(file), { recursive: true });
    return writeFileSync(file, bytes, { mode: planned.threadExecutable ? 0o777 : 0o666 });
  }
  writeFileSync(file, bytes);
  if (planned.threadExecutable !== planned.yoursExecutable) chmodSync(file, planned.threadExecutable ? 0o755 : 0o644);
}

export async function applyToWorkingTree(thread: ThreadWorktree, hooks: ApplyHooks): Promise<ApplyReport> {
  const touched = await touchedPaths(thread);
  const objects = new GitObjects(thread.repository);
  const report: ApplyReport = { applied: [], conflicts: [], kept: [], texts: [] };
  const edit = new vscode.WorkspaceEdit();
  let edits = 0;
  const save: vscode.TextDocument[] = [];
  const open = new Map(vscode.workspace.textDocuments.filter((document) => document.uri.scheme === 'file').map((document) => [document.uri.fsPath, document]));
  const labels = { yours: 'Your changes', base: 'Before the thread', thread: `Thread ${thread.branch}` };
  try {
    for (let at = 0; at < touched.length; at += BATCH) {
      const batch = await Promise.all(
        touched.slice(at, at + BATCH).map((entry) => planTouched(thread, entry, objects, labels, open.get(path.join(thread.repository, ...entry.path.split('/'))))),
      );
      for (const planned of batch) {
        if ('reason' in planned) {
          report.kept.push(planned);
          continue;
        }
        const { file, outcome, yours, document } = planned;
        if (outcome.kind === 'unchanged') continue;
        if (outcome.kind === 'kept') {
          report.kept.push({ file, reason: outcome.reason });
          continue;
        }
        const bytes = outcome.bytes;
        const text = bytes === null ? null : utf8Text(bytes);
        const yoursText = yours === null ? null : utf8Text(yours);
        if (document && bytes === null) {
          edit.deleteFile(document.uri, { ignoreIfNotExists: true });
          edits++;
        } else if (document && typeof text === 'string') {
          // An open file changes through its document: an undoable text edit, as an agent's.
          edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
          edits++;
          if (!document.isDirty) save.push(document);
        } else {
          try {
            writePlanned(planned, bytes, text, hooks);
          } catch (error) {
            // That file stays as it was (or as far as the write got); the others go on.
            report.kept.push({ file, reason: `it could not be written (${error instanceof Error ? error.message : String(error)})` });
            continue;
          }
        }
        if (text !== undefined && yoursText !== undefined) report.texts.push({ path: file, before: yoursText, after: text });
        (outcome.kind === 'conflict' ? report.conflicts : report.applied).push(file);
      }
      // The files are read and written synchronously, a batch at a time (a few milliseconds), as git does: the
      // thread pool's round trips per file would cost more than the work; the host gets its turn between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    objects.dispose();
  }
  if (edits > 0 && !(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) {
    throw new Error(`VS Code did not apply the thread's changes to the ${edits} open file(s) of ${thread.repository}; the other files were applied.`);
  }
  await Promise.all(save.map((document) => document.save()));
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
