// Transcript entries on their way to the chat view, shorter. Whole entries (snapshot, new entries, older pages,
// resends) are most of what a long session posts, and their JSON used to cost more than the text they carry (a short
// agent message 185 characters for 89 of text, a finished read 99 for an 18-character title). So, per entry:
// - what the view can tell without being told is left out and filled back in as the message arrives (before its
//   store sees it): a tool call's empty `content`, `locations` and `extra` (most calls have none while they run, many
//   never), its `kind` and `toolCallId` when the entry's id says them (`t:<toolCallId>`: only tool calls have such
//   ids, see reducer.ts), and a first revision (`rev` 1);
// - a message's `messageId` stays on the host: the view never uses it (entries are addressed by `id`);
// - content that is one plain text block travels as that text;
// - the model's most frequent field names travel short (WIRE_NAMES). Only our own top-level fields are renamed,
//   never the agent's data inside them (`extra`, `rawInput`, content blocks travel as they are).
// Deltas name only what changed already; of them, the common text append to a message's first block travels as the
// text alone (`append: "…"` for `append: [[0, "…"]]`), also inside a subagent row's list deltas, whose new entries
// are packed like whole entries. Pure: no `vscode`, no DOM.
import type { ContentBlock } from '../acp';
import { type EntryDelta, type EntryListDelta, isEntryDelta } from '../transcript/entryDelta';
import type { TranscriptEntry } from '../transcript/model';
import { isRecord } from '../text/narrow';
import type { HostToWebview } from './webviewProtocol';

/** Per entry kind, the fields left out when empty (an array or a record without keys). */
const EMPTY_WHEN_LEFT_OUT: Partial<Record<string, Record<string, 'array' | 'record'>>> = {
  tool_call: { content: 'array', locations: 'array', extra: 'record' },
};

/** Entry kinds whose `messageId` the view does not get. */
const MESSAGE_ID_STAYS = new Set(['user', 'agent', 'thought']);

/** Field name in the model → its name on the wire. No entry kind has a field named like a wire name. */
const WIRE_NAMES = { kind: 'k', content: 'c', title: 'T', toolKind: 'tk', status: 's' } as const;
const MODEL_NAMES = Object.fromEntries(Object.entries(WIRE_NAMES).map(([model, wire]) => [wire, model])) as Record<string, string>;

const TOOL_CALL_ID_PREFIX = 't:';
const FIRST_REV = 1;

function isEmpty(value: unknown, shape: 'array' | 'record'): boolean {
  if (shape === 'array') return Array.isArray(value) && value.length === 0;
  return isRecord(value) && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** The text of content that is exactly one text block with nothing else (no annotations, no `_meta`). */
function plainText(content: unknown): string | undefined {
  if (!Array.isArray(content) || content.length !== 1) return undefined;
  const block: unknown = content[0];
  if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') return undefined;
  return Object.keys(block).length === 2 ? block.text : undefined;
}

/** The entry as it travels (a plain object; see the top of this file). */
export function packEntry(entry: TranscriptEntry): TranscriptEntry {
  const packed: Record<string, unknown> = { ...entry };
  for (const [key, shape] of Object.entries(EMPTY_WHEN_LEFT_OUT[entry.kind] ?? {})) {
    if (isEmpty(packed[key], shape)) delete packed[key];
  }
  if (entry.kind === 'tool_call' && entry.id === TOOL_CALL_ID_PREFIX + entry.toolCallId) {
    delete packed.toolCallId;
    delete packed.kind;
  }
  if (packed.rev === FIRST_REV) delete packed.rev;
  if (MESSAGE_ID_STAYS.has(entry.kind)) delete packed.messageId;
  const text = 'content' in packed ? plainText(packed.content) : undefined;
  if (text !== undefined) packed.content = text;
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(packed)) wire[(WIRE_NAMES as Record<string, string>)[key] ?? key] = value;
  return wire as unknown as TranscriptEntry;
}

/** What `packEntry` left out or shortened, back as the model has it. */
export function unpackEntry(entry: TranscriptEntry): TranscriptEntry {
  const wire = entry as unknown as Record<string, unknown>;
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wire)) raw[MODEL_NAMES[key] ?? key] = value;
  if (raw.kind === undefined && typeof raw.id === 'string' && raw.id.startsWith(TOOL_CALL_ID_PREFIX)) {
    raw.kind = 'tool_call';
    raw.toolCallId = raw.id.slice(TOOL_CALL_ID_PREFIX.length);
  }
  raw.rev ??= FIRST_REV;
  if (typeof raw.content === 'string') raw.content = [{ type: 'text', text: raw.content } satisfies ContentBlock];
  for (const [key, shape] of Object.entries(EMPTY_WHEN_LEFT_OUT[String(raw.kind)] ?? {})) {
    if (raw[key] === undefined) raw[key] = shape === 'array' ? [] : {};
  }
  return raw as unknown as TranscriptEntry;
}

/** True when the value can be a packed entry: a record with an id, a kind (said or implied by the id) and a rev when not the first. */
export function isPackedEntry(value: unknown): boolean {
  if (!isRecord(value) || typeof value.id !== 'string') return false;
  const kind = typeof value[WIRE_NAMES.kind] === 'string' || (value[WIRE_NAMES.kind] === undefined && value.id.startsWith(TOOL_CALL_ID_PREFIX));
  return kind && (value.rev === undefined || typeof value.rev === 'number');
}

/** The delta as it travels: a text appended to the first content block as that text alone; a list's deltas and new
 * entries (a subagent's transcript) packed the same way, one level down. */
export function packDelta(delta: EntryDelta): EntryDelta {
  const append = delta.append;
  const textOnly = append?.length === 1 && append[0][0] === 0 ? append[0][1] : undefined;
  if (textOnly === undefined && !delta.lists) return delta;
  return {
    ...delta,
    ...(textOnly !== undefined ? { append: textOnly as unknown as EntryDelta['append'] } : {}),
    ...(delta.lists ? { lists: mapLists(delta.lists, packDelta, packEntry) } : {}),
  };
}

/** The delta as `packDelta` had it (anything else as it came). */
export function unpackDelta(delta: EntryDelta): EntryDelta {
  const append: unknown = delta.append;
  const lists: unknown = delta.lists;
  if (typeof append !== 'string' && !isRecord(lists)) return delta;
  return {
    ...delta,
    ...(typeof append === 'string' ? { append: [[0, append]] } : {}),
    ...(isRecord(lists) ? { lists: mapLists(lists as Record<string, EntryListDelta>, unpackDelta, unpackEntry) } : {}),
  };
}

/** Each list's deltas and new entries through `delta` and `entry` (what is not well-formed is left for the checks). */
function mapLists(
  lists: Record<string, EntryListDelta>,
  delta: (d: EntryDelta) => EntryDelta,
  entry: (e: TranscriptEntry) => TranscriptEntry,
): Record<string, EntryListDelta> {
  const mapped: Record<string, EntryListDelta> = {};
  for (const [key, list] of Object.entries(lists)) {
    if (!isRecord(list)) {
      mapped[key] = list;
      continue;
    }
    const deltas: unknown = list.deltas;
    const upserts: unknown = list.upserts;
    mapped[key] = {
      ...list,
      ...(Array.isArray(deltas) ? { deltas: deltas.map((d: unknown) => (isRecord(d) ? delta(d as unknown as EntryDelta) : (d as EntryDelta))) } : {}),
      ...(Array.isArray(upserts) ? { upserts: upserts.map((e: unknown) => (isRecord(e) ? entry(e as unknown as TranscriptEntry) : (e as TranscriptEntry))) } : {}),
    };
  }
  return mapped;
}

/** True when the value is a delta as it travels. */
export function isPackedDelta(value: unknown): boolean {
  return isEntryDelta(isRecord(value) ? unpackDelta(value as unknown as EntryDelta) : value);
}

/** The message as it is posted: the whole entries and deltas it carries packed. */
export function packForView(message: HostToWebview): HostToWebview {
  switch (message.type) {
    case 'entries':
      return {
        ...message,
        ...(message.upserts ? { upserts: message.upserts.map(packEntry) } : {}),
        ...(message.deltas ? { deltas: message.deltas.map(packDelta) } : {}),
      };
    case 'olderEntries':
      return { ...message, entries: message.entries.map(packEntry) };
    case 'snapshot':
      return message.session ? { ...message, session: { ...message.session, entries: message.session.entries.map(packEntry) } } : message;
    default:
      return message;
  }
}

/** The message as the view's store takes it: the whole entries it carries unpacked. */
export function unpackFromHost(message: HostToWebview): HostToWebview {
  switch (message.type) {
    case 'entries':
      return {
        ...message,
        ...(message.upserts ? { upserts: message.upserts.map(unpackEntry) } : {}),
        ...(message.deltas ? { deltas: message.deltas.map(unpackDelta) } : {}),
      };
    case 'olderEntries':
      return { ...message, entries: message.entries.map(unpackEntry) };
    case 'snapshot':
      return message.session ? { ...message, session: { ...message.session, entries: message.session.entries.map(unpackEntry) } } : message;
    default:
      return message;
  }
}
