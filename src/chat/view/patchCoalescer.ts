// Collects what changed in a session and posts it to the webview at most once per frame (~60 posts/s). An entry the
// view has is sent as a delta against what was last posted of it (entryDelta.ts: a streamed message costs its new
// text, not the whole message again); an entry the view does not have yet is sent whole. The header goes along only
// when it differs from what the view has. What the view has is recorded from the snapshot (`resetTo`) onwards.
//
// After a quiet frame the post goes out at once, but only once the messages the agent sent together have all been
// handled: the JSON-RPC connection handles one message per turn of the event loop (setImmediate), so a tool call
// and its update written together reach the session one turn apart (or two reads apart). The post waits until a
// turn passes with no new change and nothing changed for QUIET_MS (or the frame is over): a card is posted as it
// ended up, not mounted running and changed a frame later.
//
// What the view gets of entries and the header passes through `copies` (maskedView.ts: secrets masked): deltas are
// computed between the copies, so a secret completed by a later chunk replaces the copy's text instead of appending.
//
// Flow control: each post is numbered (`seq`) and the view acknowledges what it took once it drew a frame
// (`applied`). While IN_FLIGHT_LIMIT posts are unacknowledged, changes wait and go out merged in one post when the view
// catches up (or after ACK_WAIT_MS at the latest, should no answer come). A view whose thread is busy (in code-server
// the chat shares the workbench's renderer thread) thus gets fewer, larger posts instead of a growing queue of small
// ones, each of which it would have to take in turn: a chunk waits for at most a couple of posts, not for a backlog.
import type { EntryDelta, SentEntry } from '../../shared/entryDelta';
import { deltaSince, recordSent } from '../../shared/entryDelta';
import type { EntryId, SessionChange, SessionHeader, SessionState, TranscriptEntry } from '../../shared/model';
import type { SessionKey } from '../../shared/sessionKey';
import type { HostToWebview } from '../../shared/webviewProtocol';
import { FRAME_MS, type FrameScheduler } from '../../shared/frameScheduler';
import { hostScheduler } from './timerScheduler';

export { FRAME_MS };

/**
 * After a quiet frame, how long (ms) nothing must change before the post goes out: the agent writes a tool call and
 * its update one right after the other, but they may reach the host in two reads a fraction of a millisecond apart.
 */
export const QUIET_MS = 1;

/**
 * How many entries' sent copies are remembered (the newest first kept): changes almost always hit the newest
 * entries; an older one whose copy was forgotten is sent whole.
 */
export const SENT_ENTRIES_KEPT = 2_000;

/** How many posts may be on their way to the view (not acknowledged) before changes wait for it. */
export const IN_FLIGHT_LIMIT = 2;

/** How long (ms) changes wait for an acknowledgement at most (a view that stopped drawing frames, e.g. off screen). */
export const ACK_WAIT_MS = 250;

/** The entries and header as the view gets them (maskedView.ts); the session's own by default. */
export interface ViewCopies {
  entry(entry: TranscriptEntry): TranscriptEntry;
  header(header: SessionHeader): SessionHeader;
  /** The entries as the view gets them, for a post whose entries are not tracked (older pages). */
  detached(entries: readonly TranscriptEntry[]): TranscriptEntry[];
  forget(id: EntryId): void;
  reset(): void;
}

const SESSION_COPIES: ViewCopies = {
  entry: (entry) => entry,
  header: (header) => header,
  detached: (entries) => entries.slice(),
  forget: () => undefined,
  reset: () => undefined,
};

export class PatchCoalescer {
  private session: SessionState | undefined;
  private sessionKey: SessionKey | undefined;
  private readonly dirtyEntries = new Set<EntryId>();
  private headerDirty = false;
  private cancelScheduled: (() => void) | undefined;
  private lastFlush = -Infinity;
  /** A change came since the post waiting for a quiet turn last looked. */
  private changedSinceLook = false;
  private lastChangeAt = -Infinity;
  /** What the view has of each entry, in the order they were posted (a Map keeps insertion order). */
  private readonly sent = new Map<EntryId, SentEntry>();
  /** The header as the view has it (JSON), to skip posting an unchanged one. */
  private sentHeader: string | undefined;
  /** The entry count the view was last told. */
  private sentTotal: number | undefined;
  /** The session's oldest entry when the records were last checked against it (see forgetDropped). */
  private oldestSeen: EntryId | undefined;
  /** The number of the latest post, and of the latest the view acknowledged (never reset: they only rise). */
  private postedSeq = 0;
  private appliedSeq = 0;
  /** Pending changes wait for the view to acknowledge a post (cancels the ACK_WAIT_MS timer). */
  private cancelAckWait: (() => void) | undefined;

  constructor(
    private readonly post: (message: HostToWebview) => void,
    private readonly scheduler: FrameScheduler = hostScheduler,
    private readonly sentLimit = SENT_ENTRIES_KEPT,
    private readonly copies: ViewCopies = SESSION_COPIES,
  ) {}

  /** Follow another session (or none): pending changes of the previous one are dropped. */
  track(session: { key: SessionKey; state: SessionState } | undefined): void {
    this.reset();
    this.session = session?.state;
    this.sessionKey = session?.key;
  }

  add(change: SessionChange): void {
    for (const id of change.entries) this.dirtyEntries.add(id);
    this.headerDirty ||= change.header;
    this.changedSinceLook = true;
    this.lastChangeAt = this.scheduler.now();
    // While posts wait for the view (cancelAckWait), what changes goes out with them when it acknowledges.
    if (!this.cancelScheduled && !this.cancelAckWait && (this.dirtyEntries.size > 0 || this.headerDirty)) {
      const now = this.scheduler.now();
      const wait = Math.max(0, this.lastFlush + FRAME_MS - now);
      if (wait > 0) this.cancelScheduled = this.scheduler.schedule(() => this.flushWhenViewKeepsUp(), wait);
      else this.flushWhenQuiet(now + FRAME_MS);
    }
  }

  /**
   * Posts once a turn of the event loop passed without a new change and nothing changed for QUIET_MS, or at
   * `deadline` (the end of the frame) whatever comes.
   */
  private flushWhenQuiet(deadline: number): void {
    this.cancelScheduled = this.scheduler.soon(() => {
      this.cancelScheduled = undefined;
      const now = this.scheduler.now();
      if (now >= deadline) this.flushWhenViewKeepsUp();
      else if (this.changedSinceLook) {
        this.changedSinceLook = false;
        this.flushWhenQuiet(deadline);
      } else if (now - this.lastChangeAt < QUIET_MS) {
        this.cancelScheduled = this.scheduler.schedule(() => {
          this.cancelScheduled = undefined;
          this.flushWhenQuiet(deadline);
        }, Math.min(QUIET_MS - (now - this.lastChangeAt), deadline - now));
      } else this.flushWhenViewKeepsUp();
    });
  }

  /** Posts now unless IN_FLIGHT_LIMIT posts wait for the view: then when it acknowledges one (or ACK_WAIT_MS passed). */
  private flushWhenViewKeepsUp(): void {
    this.cancelScheduled = undefined;
    if (this.postedSeq - this.appliedSeq < IN_FLIGHT_LIMIT) {
      this.flush();
      return;
    }
    this.cancelAckWait ??= this.scheduler.schedule(() => {
      this.cancelAckWait = undefined;
      this.appliedSeq = this.postedSeq;
      this.flush();
    }, ACK_WAIT_MS);
  }

  /** The view took the posts up to `seq`: what waited for it goes out now. */
  applied(seq: number): void {
    if (seq <= this.appliedSeq || seq > this.postedSeq) return;
    this.appliedSeq = seq;
    if (this.cancelAckWait && this.postedSeq - this.appliedSeq < IN_FLIGHT_LIMIT) this.flush();
  }

  /** Posts everything pending now (also when posts wait for the view: what follows must come after them). */
  flush(): void {
    this.cancelPending();
    const session = this.session;
    const sessionKey = this.sessionKey;
    if (!session || !sessionKey || (this.dirtyEntries.size === 0 && !this.headerDirty)) return;
    this.lastFlush = this.scheduler.now();
    this.forgetDropped(session);
    const header = this.headerDirty ? this.changedHeader(session.header) : undefined;
    const upserts: TranscriptEntry[] = [];
    const deltas: EntryDelta[] = [];
    for (const dirty of collectFromEnd(session, this.dirtyEntries)) {
      const entry = this.copies.entry(dirty);
      const sent = this.sent.get(entry.id);
      if (!sent) {
        upserts.push(entry);
        this.remember(entry);
        continue;
      }
      const delta = deltaSince(sent, entry);
      if (delta) deltas.push(delta);
    }
    this.dirtyEntries.clear();
    this.headerDirty = false;
    if (upserts.length > 0 || deltas.length > 0) {
      const totalEntries = session.entries.length;
      const totalChanged = totalEntries !== this.sentTotal && !onlyAppended(session, upserts, this.sentTotal);
      this.sentTotal = totalEntries;
      this.post({
        type: 'entries',
        sessionKey,
        ...(upserts.length > 0 ? { upserts } : {}),
        ...(deltas.length > 0 ? { deltas } : {}),
        ...(totalChanged ? { totalEntries } : {}),
        ...(header ? { header } : {}),
        seq: ++this.postedSeq,
      });
    } else if (header) {
      this.post({ type: 'header', sessionKey, header, seq: ++this.postedSeq });
    }
  }

  /**
   * The view is given these entries and this header whole (a snapshot): returns them as the view gets them (post
   * that); deltas start from them.
   */
  resetTo<S extends { entries: readonly TranscriptEntry[]; header: SessionHeader; totalEntries: number }>(snapshot: S | null): S | null {
    this.reset();
    if (!snapshot) return null;
    const shown = { ...snapshot, entries: snapshot.entries.map((entry) => this.copies.entry(entry)), header: this.copies.header(snapshot.header) };
    for (const entry of shown.entries) this.remember(entry);
    this.sentHeader = JSON.stringify(shown.header);
    this.sentTotal = snapshot.totalEntries;
    return shown;
  }

  /** The view is given this entry whole outside a patch (it asked for it after a gap), with the entry count: returns it as the view gets it. */
  sentWhole(entry: TranscriptEntry, totalEntries: number): TranscriptEntry {
    const shown = this.copies.entry(entry);
    this.remember(shown);
    this.sentTotal = totalEntries;
    return shown;
  }

  /** Entries as the view gets them, for a post that does not change what deltas start from (an older page). */
  shownCopies(entries: readonly TranscriptEntry[]): TranscriptEntry[] {
    return this.copies.detached(entries);
  }

  /** Forget pending changes and what the view has (it is about to get a snapshot, or none). */
  reset(): void {
    this.cancelPending();
    this.appliedSeq = this.postedSeq;
    this.dirtyEntries.clear();
    this.headerDirty = false;
    this.sent.clear();
    this.copies.reset();
    this.oldestSeen = undefined;
    this.sentHeader = undefined;
    this.sentTotal = undefined;
  }

  private cancelPending(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = undefined;
    this.cancelAckWait?.();
    this.cancelAckWait = undefined;
  }

  private changedHeader(sessionHeader: SessionHeader): SessionHeader | undefined {
    const header = this.copies.header(sessionHeader);
    const json = JSON.stringify(header);
    if (json === this.sentHeader) return undefined;
    this.sentHeader = json;
    return header;
  }

  /** How many entries' sent copies are remembered (tests and the bench look). */
  get rememberedEntries(): number {
    return this.sent.size;
  }

  /**
   * Forgets the records of entries the session no longer holds (its cap dropped its oldest entries to a spill file):
   * a record references the entry's content as posted, so keeping it would keep the dropped text in memory.
   */
  private forgetDropped(session: SessionState): void {
    const oldest = session.entries[0]?.id;
    if (oldest === this.oldestSeen) return;
    this.oldestSeen = oldest;
    const present = new Set(session.entries.map((entry) => entry.id));
    for (const id of this.sent.keys()) {
      if (present.has(id)) continue;
      this.sent.delete(id);
      this.copies.forget(id);
    }
  }

  private remember(entry: TranscriptEntry): void {
    this.sent.delete(entry.id);
    this.sent.set(entry.id, recordSent(entry));
    if (this.sent.size > this.sentLimit) {
      const oldest = this.sent.keys().next();
      if (!oldest.done) {
        this.sent.delete(oldest.value);
        this.copies.forget(oldest.value);
      }
    }
  }
}

/**
 * The entry count changed only by the new entries this post appends at the end (`upserts` are (copies of) the newest
 * entries, as many as the count grew by): the view counts them itself (see the store's 'entries'), the count is left out.
 */
function onlyAppended(session: SessionState, upserts: readonly TranscriptEntry[], sentTotal: number | undefined): boolean {
  const entries = session.entries;
  if (sentTotal === undefined || upserts.length === 0 || entries.length - sentTotal !== upserts.length) return false;
  const first = entries.length - upserts.length;
  return upserts.every((entry, i) => entries[first + i]!.id === entry.id);
}

/** The dirty entries in transcript order; walks from the end, where changes almost always are. */
function collectFromEnd(session: SessionState, dirty: Set<EntryId>): SessionState['entries'] {
  const found: SessionState['entries'] = [];
  for (let i = session.entries.length - 1; i >= 0 && found.length < dirty.size; i--) {
    const entry = session.entries[i];
    if (dirty.has(entry.id)) found.push(entry);
  }
  return found.reverse();
}
