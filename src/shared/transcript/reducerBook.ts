// The reducer's private bookkeeping for one SessionState: entry id counter, toolCallId -> position index, the tool
// calls touched in the current turn, and pending permission keys. Kept beside the state (a WeakMap) so the state
// stays plain view data. It is rebuilt from the entries when missing or stale (a state made elsewhere, an entries
// array replaced or trimmed); only the turn's touched set cannot be rebuilt and starts empty then.
import type { EntryId, SessionChange, SessionState, ToolCallEntry, TranscriptEntry } from './model';

interface Book {
  /** The array the index was built for; another array means rebuild. */
  entriesRef: TranscriptEntry[];
  /** How many entries of entriesRef are indexed. */
  indexedLength: number;
  nextSeq: number;
  toolIndex: Map<string, number>;
  /** toolCallIds created or changed since the last endTurn. */
  turnTouched: Set<string>;
  /** Permission request key -> toolCallId. */
  permissionKeys: Map<string, string>;
}

const books = new WeakMap<SessionState, Book>();
const SEQ_ID = /^e(\d+)$/;

export function emptyChange(): SessionChange {
  return { entries: [], header: false };
}

export function entryChange(id: EntryId): SessionChange {
  return { entries: [id], header: false };
}

export function headerChange(): SessionChange {
  return { entries: [], header: true };
}

export function initBook(state: SessionState): void {
  books.set(state, freshBook(state.entries));
}

function freshBook(entries: TranscriptEntry[]): Book {
  const book: Book = {
    entriesRef: entries,
    indexedLength: 0,
    nextSeq: 1,
    toolIndex: new Map(),
    turnTouched: new Set(),
    permissionKeys: new Map(),
  };
  indexFrom(book, 0);
  return book;
}

function indexFrom(book: Book, start: number): void {
  const entries = book.entriesRef;
  for (let i = start; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.kind === 'tool_call') {
      book.toolIndex.set(entry.toolCallId, i);
      if (entry.permission) book.permissionKeys.set(entry.permission.requestKey, entry.toolCallId);
    }
    const seq = SEQ_ID.exec(entry.id);
    if (seq) book.nextSeq = Math.max(book.nextSeq, Number(seq[1]) + 1);
  }
  book.indexedLength = entries.length;
}

/** The book, brought up to date with entries appended by anyone; rebuilt when the entries array changed under it. */
function bookOf(state: SessionState): Book {
  const book = books.get(state);
  if (!book || book.entriesRef !== state.entries || state.entries.length < book.indexedLength) return rebuild(state);
  if (book.indexedLength < state.entries.length) indexFrom(book, book.indexedLength);
  return book;
}

function rebuild(state: SessionState): Book {
  const touched = books.get(state)?.turnTouched;
  const book = freshBook(state.entries);
  if (touched) book.turnTouched = touched;
  books.set(state, book);
  return book;
}

/** Appends an entry made by `make(id)` with the next `e<n>` id. */
export function appendSeqEntry<T extends TranscriptEntry>(state: SessionState, make: (id: EntryId) => T): T {
  const book = bookOf(state);
  const entry = make(`e${book.nextSeq++}`);
  state.entries.push(entry);
  indexFrom(book, state.entries.length - 1);
  return entry;
}

export function toolEntryId(toolCallId: string): EntryId {
  return `t:${toolCallId}`;
}

export function appendToolEntry(state: SessionState, entry: ToolCallEntry): void {
  const book = bookOf(state);
  state.entries.push(entry);
  indexFrom(book, state.entries.length - 1);
}

/** Appends an entry that has its own id (not an `e<n>` one): subagent rows, session messages. */
export function appendKeyedEntry(state: SessionState, entry: TranscriptEntry): void {
  const book = bookOf(state);
  state.entries.push(entry);
  indexFrom(book, state.entries.length - 1);
}

export function lookupToolCall(state: SessionState, toolCallId: string): ToolCallEntry | undefined {
  const at = bookOf(state).toolIndex.get(toolCallId);
  if (at === undefined) return undefined;
  const entry = state.entries[at];
  if (entry?.kind === 'tool_call' && entry.toolCallId === toolCallId) return entry;
  // Someone rearranged the entries in place: rebuild once and look again.
  const again = rebuild(state).toolIndex.get(toolCallId);
  const moved = again === undefined ? undefined : state.entries[again];
  return moved?.kind === 'tool_call' ? moved : undefined;
}

export function touchForTurn(state: SessionState, toolCallId: string): void {
  bookOf(state).turnTouched.add(toolCallId);
}

/** The toolCallIds touched since the last endTurn; `clear` starts a new turn. */
export function turnToolCallIds(state: SessionState, clear: boolean): string[] {
  const book = bookOf(state);
  const ids = [...book.turnTouched];
  if (clear) book.turnTouched.clear();
  return ids;
}

export function rememberPermission(state: SessionState, requestKey: string, toolCallId: string): void {
  bookOf(state).permissionKeys.set(requestKey, toolCallId);
}

export function forgetPermission(state: SessionState, requestKey: string): string | undefined {
  const book = bookOf(state);
  const toolCallId = book.permissionKeys.get(requestKey);
  book.permissionKeys.delete(requestKey);
  return toolCallId;
}
