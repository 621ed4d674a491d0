// What the files service tells about each write an agent made through fs/write_text_file, as it happens: the
// text before (null for a new file) and after, when, and whether it overwrote changes the agent had not seen.
// Nothing keeps these: the review's change ledger records what it needs of them (see review/sessionChanges.ts).

import type { SessionKey } from '../../shared/sessionKey';

export interface WriteRecord {
  /** The session whose agent wrote. */
  sessionKey: SessionKey;
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

/** Subscribes a listener to the writes; returns what unsubscribes it. */
export type OnDidWrite = (listener: (write: WriteRecord) => void) => { dispose(): void };
