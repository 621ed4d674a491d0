// Collects what changed in a session and posts it to the webview at most once per frame (~60 posts/s):
// the changed entries as they are at flush time, and the header when it changed.
import type { EntryId, SessionChange, SessionState } from '../shared/model';
import type { SessionKey } from '../shared/sessionKey';
import type { HostToWebview } from '../shared/webviewProtocol';
import { FRAME_MS, FrameScheduler, timerScheduler } from '../shared/frameScheduler';

export { FRAME_MS };


export class PatchCoalescer {
  private session: SessionState | undefined;
  private sessionKey: SessionKey | undefined;
  private readonly dirtyEntries = new Set<EntryId>();
  private headerDirty = false;
  private cancelScheduled: (() => void) | undefined;
  private lastFlush = -Infinity;

  constructor(
    private readonly post: (message: HostToWebview) => void,
    private readonly scheduler: FrameScheduler = timerScheduler,
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
    if (!this.cancelScheduled && (this.dirtyEntries.size > 0 || this.headerDirty)) {
      const wait = Math.max(0, this.lastFlush + FRAME_MS - this.scheduler.now());
      this.cancelScheduled = this.scheduler.schedule(() => this.flush(), wait);
    }
  }

  /** Posts everything pending now. */
  flush(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = undefined;
    const session = this.session;
    const sessionKey = this.sessionKey;
    if (!session || !sessionKey || (this.dirtyEntries.size === 0 && !this.headerDirty)) return;
    this.lastFlush = this.scheduler.now();
    const header = this.headerDirty ? session.header : undefined;
    if (this.dirtyEntries.size > 0) {
      const upserts = collectFromEnd(session, this.dirtyEntries);
      this.post({ type: 'entries', sessionKey, upserts, totalEntries: session.entries.length, header });
    } else if (header) {
      this.post({ type: 'header', sessionKey, header });
    }
    this.dirtyEntries.clear();
    this.headerDirty = false;
  }

  /** Forget pending changes (a snapshot is about to carry everything). */
  reset(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = undefined;
    this.dirtyEntries.clear();
    this.headerDirty = false;
  }
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
