// How much text the host keeps of a transcript. Pure: no `vscode`, no node.
//
// - Per entry: a message entry (agent, thought, user chunks) keeps at most ENTRY_TEXT_CAP characters of text. The
//   chunk that crosses the cap is cut there (never inside a surrogate pair), the entry gets `cut` (kept / total
//   characters) and the text that does not fit goes out as `overflow` in the SessionChange (the host writes it to a
//   spill file, so "Open full message" shows all of it). Later chunks of a cut entry only go to the overflow.
// - Per session: TextBudget counts the text the entries hold (message text, tool call titles, text content and
//   diffs); past SESSION_TEXT_CAP it drops the oldest entries until SESSION_TEXT_KEEP is left, and the header's
//   `dropped` says how many and how much (the chat shows it above the first entry). Entries that wait for the user
//   (a permission request, an unanswered elicitation), the rows of children that still work and the newest entry
//   are never dropped.
// - A subagent's transcript has a budget of its own, with the same caps (subagentCaps.ts); the parent's budget counts
//   the child's row by what the child holds.
// Sizes are in UTF-16 code units (string length), labelled "KB"/"MB" in the chat.
import type { DroppedEntries, EntryId, SessionChange, SessionState, TranscriptEntry } from './model';
import { subagentWorks } from './subagentModel';

export const ENTRY_TEXT_CAP = 256 * 1024;
export const SESSION_TEXT_CAP = 4 * 1024 * 1024;
export const SESSION_TEXT_KEEP = 3 * 1024 * 1024;

/** A copy of `text` that shares no memory with a bigger string (a slice of a 60 MB chunk would keep all of it). */
export function detachedString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** Where to cut `text` to keep at most `room` characters, not splitting a surrogate pair. */
export function cutIndex(text: string, room: number): number {
  if (room <= 0) return 0;
  if (room >= text.length) return text.length;
  const code = text.charCodeAt(room - 1);
  return code >= 0xd800 && code <= 0xdbff ? room - 1 : room;
}

function contentTextChars(content: readonly unknown[]): number {
  let chars = 0;
  for (const item of content) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as { type?: unknown; text?: unknown; content?: unknown; oldText?: unknown; newText?: unknown };
    if (typeof record.text === 'string') chars += record.text.length;
    if (typeof record.oldText === 'string') chars += record.oldText.length;
    if (typeof record.newText === 'string') chars += record.newText.length;
    const inner = record.content as { text?: unknown } | undefined;
    if (record.type === 'content' && inner && typeof inner.text === 'string') chars += inner.text.length;
  }
  return chars;
}

/** The characters of text an entry holds (what the session budget counts). */
export function entryTextChars(entry: TranscriptEntry): number {
  switch (entry.kind) {
    case 'user':
    case 'agent':
    case 'thought':
      return contentTextChars(entry.content);
    case 'tool_call':
      return entry.title.length + contentTextChars(entry.content);
    case 'notice':
      return entry.text.length + (entry.detail?.length ?? 0);
    case 'elicitation':
      return entry.message.length;
    case 'compaction':
      return contentTextChars(entry.summary);
    case 'session_message':
      return contentTextChars(entry.content);
    case 'subagent':
      // What the child holds, as its own budget last counted it (subagentCaps.ts), else counted here (a restored row).
      return (entry.title?.length ?? 0) + (entry.description?.length ?? 0) + (childChars.get(entry) ?? textChars(entry.entries));
  }
}

/** The text each subagent row's child holds, as the child's budget counted it (set by subagentCaps.ts). */
const childChars = new WeakMap<TranscriptEntry, number>();

export function noteChildChars(entry: TranscriptEntry, chars: number): void {
  childChars.set(entry, chars);
}

function textChars(entries: readonly TranscriptEntry[]): number {
  return entries.reduce((sum, entry) => sum + entryTextChars(entry), 0);
}

/**
 * An entry the user still has to answer, or the row of a child that still works (its updates and requests find
 * the child through it; the child's own cap bounds what it holds): never dropped.
 */
function isWaiting(entry: TranscriptEntry): boolean {
  if (entry.kind === 'tool_call') return entry.permission !== undefined;
  if (entry.kind === 'subagent') return entry.waiting > 0 || subagentWorks(entry);
  return entry.kind === 'elicitation' && entry.outcome === undefined;
}

export interface TrimResult {
  /** The dropped entries, oldest first. */
  entries: TranscriptEntry[];
  chars: number;
}

/** Counts the text a session's entries hold and drops the oldest entries past the cap. */
export class TextBudget {
  private readonly sizes = new Map<EntryId, number>();
  private total = 0;

  constructor(
    private readonly state: SessionState,
    readonly cap = SESSION_TEXT_CAP,
    readonly keep = SESSION_TEXT_KEEP,
  ) {}

  /** Characters of text the session's entries hold now. */
  get retainedChars(): number {
    return this.total;
  }

  /** Updates the sizes of the entries a change touched (they are nearly always the newest). */
  note(change: SessionChange): void {
    const ids = change.entries;
    if (ids.length === 0) return;
    const entries = this.state.entries;
    let missing = ids.length;
    const wanted = new Set(ids);
    for (let i = entries.length - 1; i >= 0 && missing > 0; i--) {
      const entry = entries[i];
      if (!wanted.has(entry.id)) continue;
      missing--;
      const size = entryTextChars(entry);
      this.total += size - (this.sizes.get(entry.id) ?? 0);
      this.sizes.set(entry.id, size);
    }
  }

  /** When over the cap: drops the oldest entries (from the state) until `keep` is left, and records it in the header. */
  trim(): TrimResult | undefined {
    if (this.total <= this.cap) return undefined;
    const entries = this.state.entries;
    let count = 0;
    let chars = 0;
    while (count < entries.length - 1 && this.total - chars > this.keep && !isWaiting(entries[count])) {
      chars += this.sizes.get(entries[count].id) ?? 0;
      count++;
    }
    if (count === 0) return undefined;
    const dropped = entries.splice(0, count);
    for (const entry of dropped) this.sizes.delete(entry.id);
    this.total -= chars;
    const before: DroppedEntries = this.state.header.dropped ?? { entries: 0, chars: 0 };
    this.state.header.dropped = { entries: before.entries + count, chars: before.chars + chars };
    return { entries: dropped, chars };
  }
}
