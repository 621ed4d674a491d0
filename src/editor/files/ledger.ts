// Every write an agent made through fs/write_text_file, per session, in order: the text before (null for a
// new file), the text after, when, and whether it overwrote changes the agent had not seen. The review of a
// turn's changes builds on this. Entries of a session are dropped when the session ends; listen to
// onDidRecord to keep them longer.
import { Emitter, Event } from 'vscode-jsonrpc/node';

export interface WriteRecord {
  sessionId: string;
  /** Absolute, normalised. */
  path: string;
  /** The document's text just before the write; null when the write created the file. */
  before: string | null;
  /** The document's text right after the write (and the save, when it was saved). */
  after: string;
  /** Milliseconds since the epoch. */
  time: number;
  /** True when the write replaced text the agent had not seen (the user's changes). */
  conflict: boolean;
  /** Whether the write was saved to disk. */
  saved: boolean;
}

/** The read side, for consumers (review, tests). */
export interface WriteLedgerView {
  readonly onDidRecord: Event<WriteRecord>;
  entries(sessionId: string): readonly WriteRecord[];
  /** Sessions with at least one write. */
  sessions(): string[];
}

export class WriteLedger implements WriteLedgerView {
  private readonly bySession = new Map<string, WriteRecord[]>();
  private readonly emitter = new Emitter<WriteRecord>();
  readonly onDidRecord: Event<WriteRecord> = this.emitter.event;

  record(entry: WriteRecord): void {
    const frozen = Object.freeze({ ...entry });
    let list = this.bySession.get(entry.sessionId);
    if (!list) {
      list = [];
      this.bySession.set(entry.sessionId, list);
    }
    list.push(frozen);
    this.emitter.fire(frozen);
  }

  entries(sessionId: string): readonly WriteRecord[] {
    return this.bySession.get(sessionId)?.slice() ?? [];
  }

  sessions(): string[] {
    return [...this.bySession.keys()];
  }

  forget(sessionId: string): void {
    this.bySession.delete(sessionId);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
