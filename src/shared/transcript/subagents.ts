// Subagent sessions in the session reducer (pure). A `subagent_update` on a session announces a child (first update)
// or patches it (later ones: an omitted field keeps its value, `null` clears it, `state` and `capabilities` are
// replaced whole, `_meta` is patched by top-level key); unknown fields are kept in `extra`. The child's own updates
// (sent under its own sessionId) are folded into a SessionState of the child's, kept beside its entry, and the
// entry carries a copy of the child's transcript for the view (refreshed per changed child entry; it travels as
// deltas of the child's entries, entryDelta.ts), kept under the memory caps like a session's (subagentCaps.ts). Children of a
// child work the same way, one level down. A tool call's `session` content links the child to that call.
// `session_message` upserts a message between sessions by messageId; `session_message_chunk` appends to it.
import type { ContentBlock } from '../acp';
import { ownContentBlock } from './chunks';
import type { SessionChange, SessionState, TranscriptEntry } from './model';
import { isRecord, setOwn, WireRecord } from '../text/narrow';
import { appendKeyedEntry, emptyChange, entryChange, lookupToolCall } from './reducerBook';
import { capChild } from './subagentCaps';
import type { SessionMessageEntry, SubagentEntry, SubagentWorkState } from './subagentModel';
import { childEntryKey, subagentEntryId, subagentWorks } from './subagentModel';

/** What one session knows of its direct children. */
interface ChildBook {
  byId: Map<string, SubagentEntry>;
  /** Children linked by a tool call's `session` content before they were announced: childId -> toolCallId. */
  earlyLinks: Map<string, string>;
  /** session_message entries by messageId. */
  messages: Map<string, SessionMessageEntry>;
  /** The entries array the book was built for. */
  entriesRef: TranscriptEntry[];
}

const books = new WeakMap<SessionState, ChildBook>();
const childStates = new WeakMap<SubagentEntry, SessionState>();

/** Fields of subagent_update this client models; the rest go to `extra`. */
const MODELED = new Set(['sessionUpdate', 'sessionId', 'title', 'description', 'capabilities', 'state', 'cwd', 'additionalDirectories', '_meta']);
const WORK_STATE_FIELDS = new Set(['state', 'stopReason', 'error']);
const MESSAGE_FIELDS = new Set(['sessionUpdate', 'messageId', 'senderSessionId', 'recipientSessionId', 'content']);

function bookOf(state: SessionState): ChildBook {
  const known = books.get(state);
  if (known && known.entriesRef === state.entries) return known;
  const book: ChildBook = { byId: new Map(), earlyLinks: known?.earlyLinks ?? new Map(), messages: new Map(), entriesRef: state.entries };
  for (const entry of state.entries) {
    if (entry.kind === 'subagent') book.byId.set(entry.childSessionId, entry);
    else if (entry.kind === 'session_message') book.messages.set(entry.messageId, entry);
  }
  books.set(state, book);
  return book;
}

/** The SessionState of a child (made from the entry's copy of the transcript when the entry came from elsewhere). */
function childStateOf(entry: SubagentEntry): SessionState {
  let state = childStates.get(entry);
  if (!state) {
    state = {
      sessionId: entry.childSessionId,
      header: { turn: 'idle', plan: [], availableCommands: [], availableModes: [], configOptions: [] },
      entries: entry.entries.map((item) => ({ ...item })),
    };
    childStates.set(entry, state);
  }
  return state;
}

/** The child's work state from the wire; undefined when it is not an object with a string `state`. */
export function parseWorkState(value: unknown): SubagentWorkState | undefined {
  if (!isRecord(value) || typeof value.state !== 'string') return undefined;
  const extra: WireRecord = {};
  for (const [key, field] of Object.entries(value)) if (!WORK_STATE_FIELDS.has(key)) setOwn(extra, key, field);
  const work: SubagentWorkState = { state: value.state, extra };
  if (typeof value.stopReason === 'string') work.stopReason = value.stopReason;
  const error = value.error;
  if (isRecord(error) && typeof error.message === 'string') work.error = error.message;
  else if (typeof error === 'string') work.error = error;
  if (error !== undefined && error !== null && work.error === undefined) setOwn(extra, 'error', error);
  return work;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/** Applies one patch field: omitted keeps, `null` clears, a usable value replaces (an unusable one is ignored). */
function patch<K extends keyof SubagentEntry>(entry: SubagentEntry, update: WireRecord, wire: string, key: K, read: (value: unknown) => SubagentEntry[K] | undefined): boolean {
  if (!(wire in update)) return false;
  const value = update[wire];
  if (value === null) {
    if (entry[key] === undefined) return false;
    delete entry[key];
    return true;
  }
  const read_ = read(value);
  if (read_ === undefined) return false;
  entry[key] = read_;
  return true;
}

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asRecord = (value: unknown): Record<string, unknown> | undefined => (isRecord(value) ? { ...value } : undefined);

/** `subagent_update`: announces a child of `state`'s session, or patches it. */
export function applySubagentUpdate(state: SessionState, update: WireRecord): SessionChange {
  const childId = update.sessionId;
  if (typeof childId !== 'string' || childId === '' || childId === state.sessionId) return emptyChange();
  const book = bookOf(state);
  let entry = book.byId.get(childId);
  if (!entry) {
    entry = { kind: 'subagent', id: subagentEntryId(childId), rev: 0, childSessionId: childId, extra: {}, entries: [], waiting: 0 };
    const early = book.earlyLinks.get(childId);
    if (early !== undefined) entry.linkedToolCallId = early;
    book.earlyLinks.delete(childId);
    appendKeyedEntry(state, entry);
    book.byId.set(childId, entry);
    childStates.set(entry, {
      sessionId: childId,
      header: { turn: 'idle', plan: [], availableCommands: [], availableModes: [], configOptions: [] },
      entries: [],
    });
  }
  patch(entry, update, 'title', 'title', asString);
  patch(entry, update, 'description', 'description', asString);
  patch(entry, update, 'capabilities', 'capabilities', asRecord);
  patch(entry, update, 'cwd', 'cwd', asString);
  patch(entry, update, 'additionalDirectories', 'additionalDirectories', stringList);
  if (patch(entry, update, 'state', 'state', parseWorkState)) {
    delete entry.cancelling;
    delete entry.replayed;
  }
  if ('_meta' in update) {
    const meta = update._meta;
    if (meta === null) delete entry.meta;
    else if (isRecord(meta)) {
      const merged: WireRecord = { ...(entry.meta ?? {}) };
      for (const [key, value] of Object.entries(meta)) setOwn(merged, key, value);
      entry.meta = merged;
    }
  }
  const extra: WireRecord = { ...entry.extra };
  for (const [key, value] of Object.entries(update)) {
    if (MODELED.has(key)) continue;
    if (value === null) delete extra[key];
    else setOwn(extra, key, value);
  }
  entry.extra = extra;
  entry.rev++;
  return entryChange(entry.id);
}

/** The session ids named by a tool call's `session` content items. */
function linkedSessionIds(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  const ids: string[] = [];
  for (const item of content) {
    if (isRecord(item) && item.type === 'session' && typeof item.sessionId === 'string') ids.push(item.sessionId);
  }
  return ids;
}

/**
 * After a `tool_call` / `tool_call_update` / `tool_call_content_chunk`: the children its `session` content names
 * are drawn inside that tool call's card (their own row steps aside). A child not announced yet is linked when it is.
 */
export function linkToolCallSessions(state: SessionState, update: WireRecord, change: SessionChange): SessionChange {
  const ids = [...linkedSessionIds(update.content), ...(isRecord(update.content) ? linkedSessionIds([update.content]) : [])];
  const toolCallId = update.toolCallId;
  if (ids.length === 0 || typeof toolCallId !== 'string') return change;
  const book = bookOf(state);
  const entries = [...change.entries];
  for (const childId of ids) {
    const entry = book.byId.get(childId);
    if (!entry) {
      book.earlyLinks.set(childId, toolCallId);
      continue;
    }
    if (entry.linkedToolCallId === toolCallId) continue;
    entry.linkedToolCallId = toolCallId;
    entry.rev++;
    entries.push(entry.id);
  }
  return { ...change, entries };
}

/** The announced child (at any depth) and the chain of entries from `state`'s direct child down to it. */
function pathTo(state: SessionState, childId: string, depth = 0): SubagentEntry[] | undefined {
  const direct = bookOf(state).byId.get(childId);
  if (direct) return [direct];
  if (depth > 8) return undefined;
  for (const entry of bookOf(state).byId.values()) {
    const below = pathTo(childStateOf(entry), childId, depth + 1);
    if (below) return [entry, ...below];
  }
  return undefined;
}

/** True when `childId` is a child (at any depth) announced on `state`'s session. */
export function hasSubagent(state: SessionState, childId: string): boolean {
  return pathTo(state, childId) !== undefined;
}

/** The entry of an announced child (at any depth). */
export function findSubagent(state: SessionState, childId: string): SubagentEntry | undefined {
  return pathTo(state, childId)?.at(-1);
}

/** The child's own SessionState (its transcript as the reducer keeps it), for reading. */
export function subagentState(state: SessionState, childId: string): SessionState | undefined {
  const entry = findSubagent(state, childId);
  return entry ? childStateOf(entry) : undefined;
}

function waitsForUser(entry: TranscriptEntry): number {
  if (entry.kind === 'tool_call') return entry.permission ? 1 : 0;
  if (entry.kind === 'elicitation') return entry.outcome === undefined ? 1 : 0;
  if (entry.kind === 'subagent') return entry.waiting;
  return 0;
}

/**
 * Brings the entry's copy of the child's transcript up to date with the entries that changed, after the child's
 * memory cap (subagentCaps.ts) had its say: the entries it dropped are added to `dropped`.
 */
function refresh(entry: SubagentEntry, child: SessionState, changed: ReadonlySet<string>, header: boolean, dropped: TranscriptEntry[]): boolean {
  const trimmed = capChild(entry, child, changed);
  if (trimmed) {
    header = true;
    for (const gone of trimmed.entries) dropped.push(gone);
  }
  const quick = header ? undefined : refreshChanged(entry, child, changed);
  if (quick !== undefined) {
    if (quick) entry.rev++;
    return quick;
  }
  const before = new Map(entry.entries.map((item) => [item.id, item]));
  let touched = header || before.size !== child.entries.length;
  let waiting = 0;
  entry.entries = child.entries.map((item) => {
    waiting += waitsForUser(item);
    const kept = before.get(item.id);
    if (kept && !changed.has(item.id) && kept.rev === item.rev) return kept;
    touched = true;
    return { ...item } as TranscriptEntry;
  });
  if (waiting !== entry.waiting) touched = true;
  entry.waiting = waiting;
  // The plan is copied when the child's header changed (a plan update): a new array would travel whole each time.
  if (header && (child.header.plan.length > 0 || entry.plan)) entry.plan = child.header.plan.slice();
  if (touched) entry.rev++;
  return touched;
}

/**
 * The common case, in the time of the change rather than of the child's transcript: the child has the entries the
 * copy has (new ones after them), and only those named changed. Undefined when that is not so (the caller copies
 * the list again).
 */
function refreshChanged(entry: SubagentEntry, child: SessionState, changed: ReadonlySet<string>): boolean | undefined {
  const copies = entry.entries;
  const entries = child.entries;
  const had = copies.length;
  if (entries.length < had || (had > 0 && entries[had - 1].id !== copies[had - 1].id)) return undefined;
  let touched = entries.length > had;
  for (let at = had; at < entries.length; at++) {
    entry.waiting += waitsForUser(entries[at]);
    copies.push({ ...entries[at] } as TranscriptEntry);
  }
  for (const id of changed) {
    let at = had - 1;
    while (at >= 0 && entries[at].id !== id) at--;
    if (at < 0) continue;
    if (copies[at].id !== id) return undefined;
    entry.waiting += waitsForUser(entries[at]) - waitsForUser(copies[at]);
    copies[at] = { ...entries[at] } as TranscriptEntry;
    touched = true;
  }
  return touched;
}

/**
 * Applies `apply` to the state of child `childId` (any depth) and carries the change up to `state`: the child's
 * entry (and each ancestor's) gets a fresh copy of what changed. Undefined when no such child was announced.
 */
export function applyInSubagent(state: SessionState, childId: string, apply: (child: SessionState) => SessionChange): SessionChange | undefined {
  const path = pathTo(state, childId);
  if (!path) return undefined;
  const deepest = path[path.length - 1];
  const change = apply(childStateOf(deepest));
  const carried = carryUp(state, path, path.length - 1, new Set(change.entries), change.header);
  // Text past a child's message cap goes to the spill under the child's key (its entry ids may name the parent's).
  if (change.overflow) carried.overflow = change.overflow.map((part) => ({ ...part, entryId: childEntryKey(deepest.childSessionId, part.entryId) }));
  return carried;
}

/**
 * Refreshes the entries of `path` from `level` up to the top; the change for the top session (`top`). When a child
 * starts or stops waiting for the user, the tool call that links it is touched too (its card opens for the request).
 */
function carryUp(top: SessionState, path: SubagentEntry[], level: number, changed: Set<string>, header: boolean): SessionChange {
  const extra: string[] = [];
  const dropped: TranscriptEntry[] = [];
  for (let at = level; at >= 0; at--) {
    const entry = path[at];
    const waited = entry.waiting > 0;
    if (!refresh(entry, childStateOf(entry), changed, header, dropped)) return emptyChange();
    changed = new Set([entry.id]);
    header = false;
    if (waited === entry.waiting > 0 || entry.linkedToolCallId === undefined) continue;
    const container = at === 0 ? top : childStateOf(path[at - 1]);
    const card = lookupToolCall(container, entry.linkedToolCallId);
    if (!card) continue;
    card.rev++;
    if (at === 0) extra.push(card.id);
    else changed.add(card.id);
  }
  return { entries: [path[0].id, ...extra], header: false, ...(dropped.length > 0 ? { dropped } : {}) };
}

/** Marks the children of `container` whose state says they work as `replayed`; the change names them. */
function markWorkingReplayed(container: SessionState): SessionChange {
  const ids: string[] = [];
  for (const entry of bookOf(container).byId.values()) {
    if (entry.replayed || !subagentWorks(entry)) continue;
    entry.replayed = true;
    entry.rev++;
    ids.push(entry.id);
  }
  return { entries: ids, header: false };
}

/**
 * A session/load was answered: the children (at any depth) the replay left working are history until they are
 * heard from again (a live child goes on sending, and its next state or update clears it).
 */
export function markReplayedChildren(state: SessionState): SessionChange {
  const entries = new Set(markWorkingReplayed(state).entries);
  const walk = (container: SessionState, depth: number): void => {
    for (const entry of [...bookOf(container).byId.values()]) {
      const childId = entry.childSessionId;
      for (const id of applyInSubagent(state, childId, markWorkingReplayed)?.entries ?? []) entries.add(id);
      if (depth < 8) walk(childStateOf(entry), depth + 1);
    }
  };
  walk(state, 0);
  return { entries: [...entries], header: false };
}

/** The user asked to cancel a child's work: its row says so until the agent reports a new state. */
export function markSubagentCancelling(state: SessionState, childId: string): SessionChange {
  const path = pathTo(state, childId);
  if (!path) return emptyChange();
  const deepest = path[path.length - 1];
  deepest.cancelling = true;
  deepest.rev++;
  return path.length === 1 ? entryChange(deepest.id) : carryUp(state, path, path.length - 2, new Set([deepest.id]), false);
}

/** `session_message` (an upsert by messageId) and `session_message_chunk` (one more content block). */
export function applySessionMessage(state: SessionState, update: WireRecord, chunk: boolean): SessionChange {
  const messageId = update.messageId;
  if (typeof messageId !== 'string' || messageId === '') return emptyChange();
  const book = bookOf(state);
  let entry = book.messages.get(messageId);
  if (!entry) {
    entry = { kind: 'session_message', id: `m:${messageId}`, rev: 0, messageId, content: [], extra: {} };
    appendKeyedEntry(state, entry);
    book.messages.set(messageId, entry);
  }
  for (const field of ['senderSessionId', 'recipientSessionId'] as const) {
    // "omission or null retains a known value"
    const value = update[field];
    if (typeof value === 'string') entry[field] = value;
  }
  if (chunk) {
    const block = ownContentBlock(update.content);
    if (block) appendBlock(entry.content, block);
  } else if ('content' in update) {
    const content = update.content;
    if (content === null) entry.content = [];
    else if (Array.isArray(content)) entry.content = content.map(ownContentBlock).filter((block): block is ContentBlock => block !== undefined);
  }
  const extra: WireRecord = { ...entry.extra };
  for (const [key, value] of Object.entries(update)) if (!MESSAGE_FIELDS.has(key)) setOwn(extra, key, value);
  entry.extra = extra;
  entry.rev++;
  return entryChange(entry.id);
}

function appendBlock(content: ContentBlock[], block: ContentBlock): void {
  const last = content[content.length - 1];
  if (last && last.type === 'text' && block.type === 'text') last.text += block.text;
  else content.push(block);
}
