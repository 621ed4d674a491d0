// Changes on disk, from file events: each is compared with the file's baseline (baselines.ts: a git tree taken when
// the turn started, or the texts seen) and, when an agent is at work, recorded in that session's ledger: among the
// sessions at work whose roots hold the file, the one whose turn started last; when none holds it (an agent's shell
// may write anywhere), the session whose turn started last. Otherwise, and when the user saves a document or the
// client writes itself (Undo, restore), what was seen just follows. A path the
// review filter leaves out (git's own files, ignored files) is no change and not kept. Events of one file are
// handled in order. No `vscode` here.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import { readdir, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { KeyedQueue } from '../services/files/keyedQueue';
import type { KeyOf } from './changeLedger';
import { EVERY_PATH, type ReviewFilter } from './filter/changeFilter';
import type { Baselines, DiskText } from './baselines';
import type { SessionChanges } from './sessionChanges';

export type DiskEventKind = 'create' | 'change' | 'delete';

export class DiskChanges {
  private readonly queue = new KeyedQueue();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly sessions = new Set<SessionChanges>();
  private readonly handledEmitter = new Emitter<string>();
  /** A file event was handled (the snapshot and any ledger are up to date for that file). */
  readonly onDidHandle: Event<string> = this.handledEmitter.event;

  constructor(
    private readonly snapshot: Baselines,
    private readonly keyOf: KeyOf,
    private readonly log: (line: string) => void = () => undefined,
    private readonly filter: ReviewFilter = EVERY_PATH,
  ) {}

  track(session: SessionChanges): { dispose(): void } {
    this.sessions.add(session);
    return { dispose: () => this.sessions.delete(session) };
  }

  /** The user saved a document: what is on disk now is theirs. */
  userSaved(file: string, text: string): void {
    this.snapshot.set(file, text);
  }

  /** The client itself is about to write `text` (null: delete): the file event that follows is no agent change. */
  ownWrite(file: string, text: string | null): void {
    this.snapshot.set(file, text);
  }

  event(file: string, kind: DiskEventKind): Promise<void> {
    this.filter.saw(file);
    const atWork = this.sessionAtWork(file);
    const done = this.queue
      .run(this.keyOf(file), async () => {
        if (await this.filter.reviews(file)) await this.compare(file, kind, atWork);
      })
      .finally(() => this.handledEmitter.fire(file));
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
    return done;
  }

  /** Resolves when the file events received so far are handled. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** The session a change of `file` now is credited to: by its roots first, by the time its turn started second. */
  sessionAtWork(file: string): SessionChanges | undefined {
    let latest: SessionChanges | undefined;
    let holding: SessionChanges | undefined;
    for (const session of this.sessions) {
      if (!session.agentActive) continue;
      if (!latest || session.lastStart > latest.lastStart) latest = session;
      if (session.holds(file) && (!holding || session.lastStart > holding.lastStart)) holding = session;
    }
    return holding ?? latest;
  }

  private async compare(file: string, kind: DiskEventKind, atWork: SessionChanges | undefined): Promise<void> {
    if (kind === 'create') {
      // A folder created with files in it may come as one event (the watcher can miss the files): look inside.
      const inside = await filesInFolder(file);
      if (inside !== undefined) {
        await Promise.all(inside.map((child) => this.event(child, 'create')));
        return;
      }
    }
    const now: DiskText = await this.snapshot.read(file);
    // A folder is no file to review (the files in it have events of their own).
    if (now === undefined && (await isFolder(file))) return;
    const baseline = await this.snapshot.known(file);
    const known = baseline.text;
    if (kind !== 'create' && now === null && known === undefined && !baseline.exists) {
      await this.goneUnseen(file);
      return;
    }
    const before = known !== undefined ? known : kind === 'create' ? null : undefined;
    if (now === before || (now === undefined && before === undefined)) {
      // Created and gone again before its event was handled (an agent's temp file, written then renamed over the
      // real one): known to be absent now, so its delete event is no change either.
      if (known === undefined && now === null) this.snapshot.set(file, null);
      return;
    }
    if (!atWork) {
      await this.snapshot.follow(file, now);
      return;
    }
    this.snapshot.set(file, now);
    if (now === undefined) {
      this.log(`${file} changed but is not text or is too large to review`);
      return;
    }
    atWork.diskChange(file, before, now, known !== undefined ? baseline.object : undefined);
  }

  /**
   * A path is gone that was never seen as a file: a folder (the watcher reports only the folder when one is removed,
   * so the files known under it are checked), or a path created and removed within the agent's work (codex's
   * sandbox makes and removes `.codex`, `.agents`, `.aws` within ~100 ms). Neither is a deleted file.
   */
  private async goneUnseen(gone: string): Promise<void> {
    this.snapshot.set(gone, null);
    await Promise.all((await this.snapshot.existingUnder(gone)).map((child) => this.event(child, 'delete')));
  }
}

const MAX_FOLDER_FILES = 2000;

async function isFolder(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

/** The files under `folder` (at most MAX_FOLDER_FILES), or undefined when it is not a folder. */
async function filesInFolder(folder: string): Promise<string[] | undefined> {
  try {
    if (!(await stat(folder)).isDirectory()) return undefined;
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .slice(0, MAX_FOLDER_FILES)
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return undefined;
  }
}
