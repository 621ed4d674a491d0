// The chat view's one store: applies host messages to what the view holds. Pure (no DOM, no Preact), so it runs in
// node under mocha. The webview keeps only what the host sent; view-only state (the draft) lives elsewhere.
import { applyEntryDelta, type EntryDelta } from '../../src/shared/transcript/entryDelta';
import type { EntryId, SessionHeader, TranscriptEntry } from '../../src/shared/transcript/model';
import type { AgentSummary, HostToWebview } from '../../src/shared/protocol/webviewProtocol';
import type { SessionKey } from '../../src/shared/sessionKey';
import type { StartingView } from '../../src/shared/protocol/startingProtocol';
import type { HeaderStatusView } from '../../src/shared/headerStatus';

export interface SessionView {
  sessionKey: SessionKey;
  header: SessionHeader;
  /** Oldest first, as the host ordered them; new ids append, known ids are replaced in place. */
  entries: readonly TranscriptEntry[];
  /** Where each entry sits in `entries`. */
  positions: ReadonlyMap<EntryId, number>;
  /** How many entries the session has in all (`entries` may be only the newest of them). */
  totalEntries: number;
  /**
   * Bumped whenever the list itself changes (entries added, dropped or reordered), not when an entry's content does:
   * what the list's layout depends on (rows follow their own entries, see ChatStore.subscribeEntry).
   */
  listRev: number;
}

/** Entries whose content changed in place by a message (not added): their rows are told (ChatStore.subscribeEntry). */
export interface AppliedChanges {
  changed: EntryId[];
  /** Deltas that did not apply to the view's copy: the entry is wanted whole. */
  gaps: EntryId[];
}

export interface ChatState {
  /** A snapshot has arrived: until then the view does not know whether there is an agent or a session. */
  synced: boolean;
  agent: AgentSummary | null;
  session: SessionView | null;
  /** A session being started for the chat (with the message waiting for it), or the failure of that start. */
  starting?: StartingView | null;
  /** What the header says of the shown session and its agent (the host's words). */
  headerStatus?: HeaderStatusView;
}

export const initialChatState: ChatState = { synced: false, agent: null, session: null };

/**
 * Returns the state after `message`. Returns `state` itself when nothing changed, and keeps every unchanged entry
 * object as it was, so memoized views of untouched entries do not re-render.
 */
export function applyHostMessage(state: ChatState, message: HostToWebview, applied?: AppliedChanges): ChatState {
  switch (message.type) {
    case 'snapshot': {
      const session = message.session;
      if (!session) return { ...state, synced: true, agent: message.agent, session: null };
      const empty: SessionView = {
        sessionKey: session.sessionKey,
        header: session.header,
        entries: [],
        positions: new Map(),
        totalEntries: 0,
        listRev: (state.session?.listRev ?? 0) + 1,
      };
      const filled = upsertEntries(empty, session.entries);
      return {
        ...state,
        synced: true,
        agent: message.agent,
        session: { ...filled, totalEntries: Math.max(session.totalEntries, filled.entries.length) },
      };
    }
    case 'agent':
      return { ...state, agent: message.agent };
    case 'starting':
      return { ...state, starting: message.starting };
    case 'headerStatus':
      return { ...state, headerStatus: message.status };
    case 'header': {
      const session = state.session;
      if (!session || session.sessionKey !== message.sessionKey) return state;
      return { ...state, session: { ...session, header: message.header } };
    }
    case 'entries': {
      const session = state.session;
      // Patches for another session (late ones from before a snapshot of a new session) are dropped.
      if (!session || session.sessionKey !== message.sessionKey) return state;
      let next = message.upserts ? upsertEntries(session, message.upserts, applied) : session;
      // Without a count, the session grew by the entries this message appended (or not at all).
      const appended = next.entries.length - session.entries.length;
      if (message.deltas) next = applyDeltas(next, message.deltas, applied);
      if (message.header) next = { ...next, header: message.header };
      const hostTotal = message.totalEntries ?? session.totalEntries + appended;
      // The host dropped its oldest entries (transcriptCaps.ts): the view lets go of them too.
      if (next.header.dropped && next.entries.length > hostTotal) next = keepNewest(next, hostTotal);
      const totalEntries = Math.max(hostTotal, next.entries.length);
      if (totalEntries !== next.totalEntries) next = { ...next, totalEntries };
      return next === session ? state : { ...state, session: next };
    }
    case 'olderEntries': {
      const session = state.session;
      if (!session || session.sessionKey !== message.sessionKey) return state;
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
  return { ...session, entries, positions, listRev: session.listRev + 1 };
}

/**
 * Applies deltas to the entries they name. One that does not apply (the view's copy is not at its base rev: it
 * missed a change) leaves the copy as it is and is reported as a gap; one for an entry the view does not hold is a
 * gap too when the view holds the whole transcript (otherwise the entry is older than what the view has paged in,
 * and it comes whole with the page).
 */
export function applyDeltas(session: SessionView, deltas: readonly EntryDelta[], applied?: AppliedChanges): SessionView {
  let entries: TranscriptEntry[] | undefined;
  for (const delta of deltas) {
    const at = session.positions.get(delta.id);
    if (at === undefined) {
      if (session.entries.length >= session.totalEntries) applied?.gaps.push(delta.id);
      continue;
    }
    const current = (entries ?? session.entries)[at];
    if (current.rev >= delta.rev[1]) continue;
    const next = applyEntryDelta(current, delta);
    if (!next) {
      applied?.gaps.push(delta.id);
      continue;
    }
    entries ??= session.entries.slice();
    entries[at] = next;
    applied?.changed.push(delta.id);
  }
  return entries ? { ...session, entries } : session;
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
  return { ...session, entries, positions, listRev: session.listRev + 1 };
}

/** Upserts by id: new ids append in the given order, known ids are replaced in place unless older than held. */
export function upsertEntries(session: SessionView, upserts: readonly TranscriptEntry[], applied?: AppliedChanges): SessionView {
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
      applied?.changed.push(entry.id);
    } else {
      entries ??= session.entries.slice();
      positions ??= new Map(session.positions);
      positions.set(entry.id, entries.length);
      entries.push(entry);
    }
  }
  if (!entries) return session;
  return { ...session, entries, positions: positions ?? session.positions, listRev: positions ? session.listRev + 1 : session.listRev };
}

export type Listener = (state: ChatState) => void;
export type EntryListener = (entry: TranscriptEntry) => void;

/**
 * The observable holder of `ChatState`. Listeners of the whole state hear every change; a row listens to its own
 * entry only (`subscribeEntry`), so a delta re-renders that row and nothing else (the list re-renders when the list
 * changes: see `listSignature`).
 */
export class ChatStore {
  private state: ChatState;
  private readonly listeners = new Set<Listener>();
  private readonly entryListeners = new Map<EntryId, Set<EntryListener>>();
  /** Entries asked for whole after a gap, until they come. */
  private readonly wanted = new Set<EntryId>();

  constructor(
    initial: ChatState = initialChatState,
    /** A delta did not apply: the view wants entry `entryId` of session `sessionKey` whole. */
    private readonly onGap: (sessionKey: SessionKey, entryId: EntryId) => void = () => undefined,
  ) {
    this.state = initial;
  }

  getState(): ChatState {
    return this.state;
  }

  /** The view's current copy of an entry of the shown session. */
  entry(id: EntryId): TranscriptEntry | undefined {
    const session = this.state.session;
    const at = session?.positions.get(id);
    return at === undefined ? undefined : session?.entries[at];
  }

  apply(message: HostToWebview): void {
    const applied: AppliedChanges = { changed: [], gaps: [] };
    const next = applyHostMessage(this.state, message, applied);
    if (message.type === 'snapshot') this.wanted.clear();
    if (next !== this.state) {
      this.state = next;
      for (const id of applied.changed) {
        this.wanted.delete(id);
        const entry = this.entry(id);
        const listeners = this.entryListeners.get(id);
        if (entry && listeners) for (const listener of [...listeners]) listener(entry);
      }
      for (const listener of [...this.listeners]) listener(next);
    }
    const sessionKey = next.session?.sessionKey;
    for (const id of applied.gaps) {
      if (!sessionKey || this.wanted.has(id)) continue;
      this.wanted.add(id);
      this.onGap(sessionKey, id);
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears every new copy of entry `id` (a delta or an upsert of it), not the entries around it. */
  subscribeEntry(id: EntryId, listener: EntryListener): () => void {
    let listeners = this.entryListeners.get(id);
    if (!listeners) this.entryListeners.set(id, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.entryListeners.get(id) === listeners) this.entryListeners.delete(id);
    };
  }
}

/**
 * What the panel around the rows depends on: it re-renders when this changes, not when an entry's content does.
 * Compared item by item (see `sameListSignature`).
 */
export function listSignature(state: ChatState): unknown[] {
  const session = state.session;
  return [state.synced, state.agent, session?.sessionKey, session?.header, session?.listRev, session?.totalEntries, state.starting];
}

/**
 * What the panel around the transcript depends on (header, agent, the starting row, whether the agent's failure is
 * said in the transcript): not the list itself, which the transcript follows on its own.
 */
export function panelSignature(state: ChatState): unknown[] {
  const session = state.session;
  return [state.synced, state.agent, session?.sessionKey, session?.header, state.starting, state.headerStatus, failureInChat(state)];
}

/** The agent's failure is in the transcript (the failed start, or the notice that it stopped): said once, there. */
export function failureInChat(state: ChatState): boolean {
  const last = state.session?.entries.at(-1);
  return state.starting?.state === 'failed' || (last?.kind === 'notice' && last.failure?.restart === true);
}

export function sameListSignature(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}
