// The chat view's one store: applies host messages to what the view holds. Pure (no DOM, no Preact), so it runs in
// node under mocha. The webview keeps only what the host sent; view-only state (the draft) lives elsewhere.
import type { EntryId, SessionHeader, TranscriptEntry } from '../../src/shared/model';
import type { AgentSummary, HostToWebview } from '../../src/shared/webviewProtocol';

export interface SessionView {
  sessionId: string;
  header: SessionHeader;
  /** Oldest first, as the host ordered them; new ids append, known ids are replaced in place. */
  entries: readonly TranscriptEntry[];
  /** Where each entry sits in `entries`. */
  positions: ReadonlyMap<EntryId, number>;
  /** How many entries the session has in all (`entries` may be only the newest of them). */
  totalEntries: number;
}

export interface ChatState {
  /** A snapshot has arrived: until then the view does not know whether there is an agent or a session. */
  synced: boolean;
  agent: AgentSummary | null;
  session: SessionView | null;
}

export const initialChatState: ChatState = { synced: false, agent: null, session: null };

/**
 * Returns the state after `message`. Returns `state` itself when nothing changed, and keeps every unchanged entry
 * object as it was, so memoized views of untouched entries do not re-render.
 */
export function applyHostMessage(state: ChatState, message: HostToWebview): ChatState {
  switch (message.type) {
    case 'snapshot': {
      const session = message.session;
      if (!session) return { synced: true, agent: message.agent, session: null };
      const empty: SessionView = {
        sessionId: session.sessionId,
        header: session.header,
        entries: [],
        positions: new Map(),
        totalEntries: 0,
      };
      const filled = upsertEntries(empty, session.entries);
      return {
        synced: true,
        agent: message.agent,
        session: { ...filled, totalEntries: Math.max(session.totalEntries, filled.entries.length) },
      };
    }
    case 'agent':
      return { ...state, agent: message.agent };
    case 'header': {
      const session = state.session;
      if (!session || session.sessionId !== message.sessionId) return state;
      return { ...state, session: { ...session, header: message.header } };
    }
    case 'entries': {
      const session = state.session;
      // Patches for another session (late ones from before a snapshot of a new session) are dropped.
      if (!session || session.sessionId !== message.sessionId) return state;
      let next = upsertEntries(session, message.upserts);
      if (message.header) next = { ...next, header: message.header };
      // The host dropped its oldest entries (transcriptCaps.ts): the view lets go of them too.
      if (next.header.dropped && next.entries.length > message.totalEntries) next = keepNewest(next, message.totalEntries);
      const totalEntries = Math.max(message.totalEntries, next.entries.length);
      if (totalEntries !== next.totalEntries) next = { ...next, totalEntries };
      return next === session ? state : { ...state, session: next };
    }
    case 'olderEntries': {
      const session = state.session;
      if (!session || session.sessionId !== message.sessionId) return state;
      const next = prependEntries(session, message.entries);
      const totalEntries = Math.max(message.totalEntries, next.entries.length);
      if (next === session && totalEntries === session.totalEntries) return state;
      return { ...state, session: { ...next, totalEntries } };
    }
    default:
      return state;
  }
}

/** Only the newest `count` entries (what the view holds is always the newest part of the host's transcript). */
export function keepNewest(session: SessionView, count: number): SessionView {
  const entries = session.entries.slice(Math.max(0, session.entries.length - count));
  const positions = new Map<EntryId, number>();
  entries.forEach((entry, i) => positions.set(entry.id, i));
  return { ...session, entries, positions };
}

/** Entries older than the ones held (the answer to `loadOlder`) go first; ids already held are skipped. */
export function prependEntries(session: SessionView, older: readonly TranscriptEntry[]): SessionView {
  const seen = new Set<EntryId>();
  const fresh = older.filter((entry) => {
    if (session.positions.has(entry.id) || seen.has(entry.id)) return false;
    seen.add(entry.id);
    return true;
  });
  if (fresh.length === 0) return session;
  const entries = [...fresh, ...session.entries];
  const positions = new Map<EntryId, number>();
  entries.forEach((entry, i) => positions.set(entry.id, i));
  return { ...session, entries, positions };
}

/** Upserts by id: new ids append in the given order, known ids are replaced in place unless older than held. */
export function upsertEntries(session: SessionView, upserts: readonly TranscriptEntry[]): SessionView {
  let entries: TranscriptEntry[] | undefined;
  let positions: Map<EntryId, number> | undefined;
  for (const entry of upserts) {
    const currentPositions = positions ?? session.positions;
    const at = currentPositions.get(entry.id);
    const currentEntries = entries ?? session.entries;
    if (at !== undefined) {
      if (entry.rev <= currentEntries[at].rev) continue;
      entries ??= session.entries.slice();
      entries[at] = entry;
    } else {
      entries ??= session.entries.slice();
      positions ??= new Map(session.positions);
      positions.set(entry.id, entries.length);
      entries.push(entry);
    }
  }
  if (!entries) return session;
  return { ...session, entries, positions: positions ?? session.positions };
}

export type Listener = (state: ChatState) => void;

/** A tiny observable holder of `ChatState`. */
export class ChatStore {
  private state: ChatState;
  private readonly listeners = new Set<Listener>();

  constructor(initial: ChatState = initialChatState) {
    this.state = initial;
  }

  getState(): ChatState {
    return this.state;
  }

  apply(message: HostToWebview): void {
    const next = applyHostMessage(this.state, message);
    if (next === this.state) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
