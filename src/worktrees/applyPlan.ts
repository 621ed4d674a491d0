// What Apply does to one file of the main working tree, from three versions: the file at the thread's base, in the
// thread, and in the user's tree now. Where the user's file is still the base, the thread's version is taken; where
// both changed it, git merges them line by line (`git merge-file`, the same merge `git merge` does): what does not
// overlap is merged, what overlaps gets conflict markers for the user to resolve per hunk. Nothing of the user's is
// dropped: a file git cannot merge (not text, or deleted on one side and changed on the other) is left as the user
// has it, and the outcome says why. Whether a side is still the base is told by its git blob id, so the base is read
// only where both changed the file. No `vscode` here.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGit } from '../git/gitCommand';

/** A file's bytes, or null when it does not exist. */
export type Version = Uint8Array | null;

export type ApplyOutcome =
  /** The user's file is the thread's already. */
  | { kind: 'unchanged' }
  /** The user's file was the base: it becomes the thread's (null: deleted). */
  | { kind: 'take'; bytes: Version }
  /** Both changed it, apart: the merge of the two. */
  | { kind: 'merged'; bytes: Uint8Array }
  /** Both changed it in the same lines: the merge with conflict markers, and how many conflicts. */
  | { kind: 'conflict'; bytes: Uint8Array; conflicts: number }
  /** Both changed it and git cannot merge them: the user's file is left as it is. */
  | { kind: 'kept'; reason: string };

export interface MergeLabels {
  /** The user's side ("Your changes"). */
  yours: string;
  /** The base ("Before the thread"). */
  base: string;
  /** The thread's side ("Thread acp/claude-1"). */
  thread: string;
}

export async function planFile(base: Version, thread: Version, yours: Version, labels: MergeLabels, program = 'git'): Promise<ApplyOutcome> {
  if (same(yours, thread)) return { kind: 'unchanged' };
  if (same(yours, base)) return { kind: 'take', bytes: thread };
  if (thread === null) return { kind: 'kept', reason: 'the thread deleted it and you changed it' };
  if (yours === null) return { kind: 'kept', reason: 'you deleted it and the thread changed it' };
  if (isBinary(thread) || isBinary(yours) || (base !== null && isBinary(base))) return { kind: 'kept', reason: 'it is not text, so the two changes cannot be merged' };
  return mergeFile(base ?? new Uint8Array(), yours, thread, labels, program);
}

/** The base's side of a file, named by its blob id (undefined: the base had no such file), read only when needed. */
export interface BaseSide {
  oid: string | undefined;
  read(): Promise<Version>;
}

/** `planFile` with the base read only when both the thread and the user changed the file. */
export async function planFileAgainst(base: BaseSide, thread: Version, yours: Version, labels: MergeLabels, program = 'git'): Promise<ApplyOutcome> {
  if (same(yours, thread)) return { kind: 'unchanged' };
  // The thread left it as the base has it (a file only touched): nothing of the thread's to bring.
  if (isBlob(thread, base.oid)) return { kind: 'unchanged' };
  if (isBlob(yours, base.oid)) return { kind: 'take', bytes: thread };
  return planFile(await base.read(), thread, yours, labels, program);
}

/** Whether `version` is the blob `oid` (both absent counts). A file git filters on checkout may not match: then the bytes are compared. */
function isBlob(version: Version, oid: string | undefined): boolean {
  if (version === null || oid === undefined) return version === null && oid === undefined;
  return blobId(version, oid.length === 64 ? 'sha256' : 'sha1') === oid;
}

/** Git's id of a blob of these bytes. */
export function blobId(bytes: Uint8Array, algorithm: 'sha1' | 'sha256' = 'sha1'): string {
  return createHash(algorithm).update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

function same(a: Version, b: Version): boolean {
  if (a === null || b === null) return a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** Git's own test: a NUL byte in the first 8,000 bytes. */
function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

async function mergeFile(base: Uint8Array, yours: Uint8Array, thread: Uint8Array, labels: MergeLabels, program: string): Promise<ApplyOutcome> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'acp-merge-'));
  try {
    const [yoursFile, baseFile, threadFile] = ['yours', 'base', 'thread'].map((name) => path.join(folder, name));
    await Promise.all([writeFile(yoursFile, yours), writeFile(baseFile, base), writeFile(threadFile, thread)]);
    const result = await runGit(folder, ['merge-file', '-p', '-L', labels.yours, '-L', labels.base, '-L', labels.thread, yoursFile, baseFile, threadFile], {}, program);
    // The exit code is the number of conflicts (0: merged cleanly); a negative one (255) is an error.
    if (result.code === null || result.code < 0 || result.code > 127) return { kind: 'kept', reason: `git could not merge the two changes (${result.stderr.trim() || `exit code ${String(result.code)}`})` };
    const bytes = result.output;
    return result.code === 0 ? { kind: 'merged', bytes } : { kind: 'conflict', bytes, conflicts: result.code };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
