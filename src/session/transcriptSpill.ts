// Where a session's text that the host does not keep in memory goes (transcriptCaps.ts): one file per cut message
// ("Open full message") and one file of the dropped entries, as markdown ("Open full transcript"). Files live in a
// folder of their own per session, made on the first write and removed when the session is disposed.
// Writes are asynchronous and kept in order per file. The file of dropped entries stops at DROPPED_FILE_CHARS (it
// says so at its end): writing a flood of hundreds of megabytes to disk cost more CPU than reading it. A cut message's
// file has no cap (it is one message, as the agent sent it). No `vscode` here.
//
// Secrets are masked in both (secretText.ts): a cut message's text as it streams in (MaskedAppends: the last few
// characters wait for the next piece, so a secret split across pieces is masked; a chunk held aside as bytes is
// decoded and masked a megabyte at a time, in turn with the writes), the dropped entries as they go.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EntryId, TranscriptEntry } from '../shared/transcript/model';
import { entriesToMarkdown } from '../shared/transcript/transcriptExport';
import { describeError } from '../shared/text/errors';
import { MaskedAppends } from '../shared/text/maskedStream';
import { maskText, secretRules, type SecretRules } from '../shared/text/secretText';

export interface TranscriptSpill {
  /**
   * Text of a message past its cap (the first call for an entry carries its whole text up to then), then `tail`
   * when it is bytes (a chunk the framing layer held aside as UTF-8, see shared/text/heldText.ts).
   */
  appendEntry(entryId: EntryId, text: string, tail?: unknown): void;
  /** Entries dropped from memory, oldest first. */
  appendDropped(entries: readonly TranscriptEntry[]): void;
  /** The file holding the whole text of a cut entry, once everything sent to it is written; undefined if none. */
  entryFile(entryId: EntryId): Promise<string | undefined>;
  /** The file of the dropped entries, once written; undefined if nothing was dropped. */
  droppedFile(): Promise<string | undefined>;
  /** Removes the files (the session is gone). */
  dispose(): Promise<void>;
}

/** The default base folder: one per extension host process in the system's temporary folder. */
export function defaultSpillBase(): string {
  return path.join(os.tmpdir(), `acp-client-spill-${process.pid}`);
}

/** The dropped entries' file takes at most this much text (about 64 MB); later dropped entries are not kept. */
export const DROPPED_FILE_CHARS = 64 * 1024 * 1024;

/** Bytes of a held chunk (heldText.ts) decoded and masked at a time. */
const BYTES_AT_A_TIME = 1024 * 1024;

const TOKEN_SHAPES_ONLY = secretRules([]);

const SPILL_BASE = /^acp-client-spill-(\d+)$/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the spill folders of extension hosts that are gone (killed before they could clean up), and this host's
 * own base folder at the end of its life (`own`). Never throws.
 */
export async function removeSpills({ stale = true, own = false }: { stale?: boolean; own?: boolean }): Promise<void> {
  const base = os.tmpdir();
  const names = await fs.readdir(base).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(SPILL_BASE.exec(name)?.[1] ?? NaN);
      if (!Number.isSafeInteger(pid)) return;
      const mine = pid === process.pid;
      if ((mine && own) || (!mine && stale && !alive(pid))) await fs.rm(path.join(base, name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

let folderCounter = 0;

export class FileTranscriptSpill implements TranscriptSpill {
  private readonly folder: string;
  private made: Promise<void> | undefined;
  /** The last write of each file: the next one chains on it. */
  private readonly tails = new Map<string, Promise<void>>();
  private readonly entryFiles = new Map<EntryId, { file: string; masked: MaskedAppends }>();
  private droppedChars = 0;
  private disposed = false;

  constructor(
    base: string,
    label: string,
    private readonly log: (line: string) => void = () => undefined,
    private readonly droppedFileChars = DROPPED_FILE_CHARS,
    private readonly rules: () => SecretRules = () => TOKEN_SHAPES_ONLY,
  ) {
    const safe = label.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'session';
    this.folder = path.join(base, `${safe}-${++folderCounter}`);
  }

  appendEntry(entryId: EntryId, text: string, tail?: unknown): void {
    let spilled = this.entryFiles.get(entryId);
    if (!spilled) {
      spilled = { file: path.join(this.folder, `message-${entryId.replace(/[^\w.-]+/g, '_')}.txt`), masked: new MaskedAppends(this.rules) };
      this.entryFiles.set(entryId, spilled);
    }
    const { file, masked } = spilled;
    if (text !== '') this.write(file, () => masked.push(text));
    if (!(tail instanceof Uint8Array)) return;
    const decoder = new TextDecoder();
    for (let at = 0; at < tail.length; at += BYTES_AT_A_TIME) {
      const bytes = tail.subarray(at, at + BYTES_AT_A_TIME);
      const last = at + BYTES_AT_A_TIME >= tail.length;
      this.write(file, () => masked.push(decoder.decode(bytes, { stream: !last })));
    }
  }

  appendDropped(entries: readonly TranscriptEntry[]): void {
    if (entries.length === 0 || this.droppedChars > this.droppedFileChars) return;
    const markdown = entriesToMarkdown(entries);
    this.droppedChars += markdown.length + 2;
    // Masked when its turn to be written comes (in turn with the writes, not in the middle of a flood's updates).
    this.write(this.droppedPath(), () => `${maskText(markdown, this.rules())}\n\n`);
    if (this.droppedChars > this.droppedFileChars) {
      const size = Math.round(this.droppedFileChars / (1024 * 1024));
      this.write(this.droppedPath(), `---\n\n*Entries dropped after this point were not kept: this file reached its limit of ${size} MB.*\n`);
    }
  }

  async entryFile(entryId: EntryId): Promise<string | undefined> {
    const spilled = this.entryFiles.get(entryId);
    if (!spilled) return undefined;
    // What waits for the next piece is written: the file is read now.
    this.write(spilled.file, () => spilled.masked.flush());
    await this.tails.get(spilled.file);
    return spilled.file;
  }

  async droppedFile(): Promise<string | undefined> {
    const file = this.droppedPath();
    const tail = this.tails.get(file);
    if (!tail) return undefined;
    await tail;
    return file;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.tails.values()]);
    this.tails.clear();
    if (this.made) await fs.rm(this.folder, { recursive: true, force: true }).catch(() => undefined);
  }

  private droppedPath(): string {
    return path.join(this.folder, 'earlier-messages.md');
  }

  /** Appends to `file` what `text` gives when the file's earlier writes are done (so pieces are masked in order). */
  private write(file: string, text: string | (() => string)): void {
    if (this.disposed) return;
    this.made ??= fs.mkdir(this.folder, { recursive: true, mode: 0o700 }).then(() => undefined);
    const made = this.made;
    const previous = this.tails.get(file) ?? made;
    const next = previous
      .then(() => {
        const piece = typeof text === 'string' ? text : text();
        return piece === '' ? undefined : fs.appendFile(file, piece, { mode: 0o600 });
      })
      .catch((error: unknown) => this.log(`Could not write ${file}: ${describeError(error)}`));
    this.tails.set(file, next);
  }
}
