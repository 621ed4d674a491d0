// The text of files as last seen, so that a change an agent makes directly on disk can be compared with (and undone
// to) what was there before. Outside git, seeded from a scan of the roots in use; kept fresh by file events and
// saves; bounded: files over a size cap, binary files and anything past the total cap are not kept (their changes
// are still shown, but cannot be undone). In a git repository it holds only what was seen since the turn's tree
// was taken (gitBaselines.ts). No `vscode` here.
import { readFile, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import { decodeText } from '../services/files/textDecoding';
import type { Baselines, DiskText, Known } from './baselines';
import type { KeyOf } from './changeLedger';

export interface SnapshotLimits {
  /** Bytes of one file. */
  maxFileBytes: number;
  /** Characters kept in all. */
  maxTotalChars: number;
}

export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = { maxFileBytes: 1024 * 1024, maxTotalChars: 64 * 1024 * 1024 };

/** Reads a file as text under the size cap. */
export async function readDiskText(file: string, maxFileBytes: number): Promise<DiskText> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return info.isDirectory() ? undefined : null;
    if (info.size > maxFileBytes) return undefined;
    const decoded = decodeText(await readFile(file));
    return decoded?.text;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined;
  }
}

export class WorkspaceSnapshot implements Baselines {
  /** Text, or null for a file known to be absent. */
  private readonly texts = new Map<string, string | null>();
  /** Files known to exist whose text is not kept (binary, too large, past the total cap). */
  private readonly unkept = new Set<string>();
  private totalChars = 0;

  constructor(
    private readonly keyOf: KeyOf,
    private readonly limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS,
  ) {}

  /** Reads `files` (a few at a time) into the snapshot. */
  async seed(files: readonly string[], concurrency = 8): Promise<void> {
    // Every file found exists, whether its text is kept or not (reading it replaces this).
    for (const file of files) if (!this.has(file)) this.unkept.add(this.keyOf(file));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < files.length && this.totalChars < this.limits.maxTotalChars) {
        const file = files[next++];
        if (this.has(file)) continue;
        const text = await readDiskText(file, this.limits.maxFileBytes);
        if (typeof text === 'string' && !this.has(file)) this.set(file, text);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  has(file: string): boolean {
    return this.texts.has(this.keyOf(file));
  }

  /** The text last seen (null: known to be absent), or undefined when it is not kept. */
  get(file: string): string | null | undefined {
    return this.texts.get(this.keyOf(file));
  }

  /** Records what the file holds now (`null`: it is gone; `undefined`: it exists, its text is not kept). */
  set(file: string, text: DiskText): void {
    const key = this.keyOf(file);
    const previous = this.texts.get(key);
    if (previous !== undefined) {
      this.totalChars -= previous?.length ?? 0;
      this.texts.delete(key);
    }
    this.unkept.delete(key);
    if (text === null) {
      this.texts.set(key, null);
      return;
    }
    if (typeof text !== 'string' || text.length > this.limits.maxFileBytes || this.totalChars + text.length > this.limits.maxTotalChars) {
      this.unkept.add(key);
      return;
    }
    this.texts.set(key, text);
    this.totalChars += text.length;
  }

  known(file: string): Known {
    const text = this.get(file);
    return { text, exists: typeof text === 'string' || this.existsUnkept(file) };
  }

  follow(file: string, text: DiskText): void {
    this.set(file, text);
  }

  /** Forgets what was seen of the file (a newer baseline holds it). */
  forget(file: string): void {
    const key = this.keyOf(file);
    this.totalChars -= this.texts.get(key)?.length ?? 0;
    this.texts.delete(key);
    this.unkept.delete(key);
  }

  /** The file was seen to exist, and its text is not kept. */
  existsUnkept(file: string): boolean {
    return this.unkept.has(this.keyOf(file));
  }

  /** The files under `folder` known to exist (their keys). */
  existingUnder(folder: string): string[] {
    return this.seenUnder(folder).filter((key) => this.texts.get(key) !== null);
  }

  /** The files under `folder` seen at all (present or absent; their keys). */
  seenUnder(folder: string): string[] {
    const prefix = this.keyOf(folder).replace(/[\\/]+$/, '') + sep;
    const found: string[] = [];
    for (const key of this.texts.keys()) if (key.startsWith(prefix)) found.push(key);
    for (const key of this.unkept) if (key.startsWith(prefix)) found.push(key);
    return found;
  }

  /** Reads the file now, under the snapshot's size cap. */
  read(file: string): Promise<DiskText> {
    return readDiskText(file, this.limits.maxFileBytes);
  }

  get size(): number {
    return this.texts.size;
  }
}
