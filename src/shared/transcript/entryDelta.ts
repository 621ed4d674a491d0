// Entry deltas: what changed in a transcript entry since the copy the view holds, so that a streamed message costs
// the view its new text, not the whole entry again with every chunk. Both sides import this file: the host keeps a
// `SentEntry` per entry it posted and computes deltas against it (`deltaSince`), the view applies them to its copy
// (`applyEntryDelta`). Pure: no `vscode`, no DOM.
//
// A delta is generic over the entry's top-level fields, so every entry kind (and fields added later) is covered:
// - `set`: fields with a new value, sent whole (a tool call's status, title, `extra`; an array that was replaced);
// - `unset`: fields that are gone (a permission answered, rawOutput cleared);
// - `append` and `items`: arrays that only grew (a message's content, a tool call's content chunks): text appended
//   to the `text` of `content` items the view has (the open text block of a streamed message: the common case, so
//   it is short on the wire) and new items appended to any array.
// - `lists`: arrays of entries addressed by id (a subagent's transcript, `entries`): per entry of the list, a delta of
//   its own (the same protocol, one level down), new entries whole, and how many left the front of the list.
// `rev` is `[from, to]`: the rev the view's copy must have, and the one it has after. A view whose copy has another
// rev (it missed something) does not apply it and asks for the entry whole (a gap).
import type { EntryId, TranscriptEntry } from './model';
import { isRecord, setOwn } from '../text/narrow';

export interface EntryDelta {
  id: EntryId;
  /** `[from, to]`: the rev the view's copy must have for this delta to apply, and the entry's rev after it. */
  rev: [number, number];
  set?: Record<string, unknown>;
  unset?: string[];
  /** `[index, text]`: `text` appended to the `text` of item `index` of the entry's `content`. */
  append?: Array<[number, string]>;
  /** Items appended to the array of each field, after the ones the view has. */
  items?: Record<string, unknown[]>;
  /** Changes to the lists of entries of each field (see ENTRY_LIST_FIELDS). */
  lists?: Record<string, EntryListDelta>;
}

/** How a list of entries (a subagent's transcript) changed: in this order, drop, deltas, then upserts. */
export interface EntryListDelta {
  /** How many entries left the front of the list (the oldest, dropped by a cap). */
  drop?: number;
  /** Deltas of entries the view has. */
  deltas?: EntryDelta[];
  /** Entries the view does not have yet, appended whole. */
  upserts?: TranscriptEntry[];
}

/** How one array grew. */
interface ArrayGrowth {
  texts?: Array<[number, string]>;
  items?: unknown[];
}

/** The array whose items' text grows in place (messages' content blocks): `append` is about it. */
const APPENDED_FIELD = 'content';

/** Array fields that hold entries addressed by id (a subagent's transcript): their entries travel as deltas of their own. */
const ENTRY_LIST_FIELDS = new Set(['entries']);

/** Fields that address the entry rather than describe it. */
const KEY_FIELDS = new Set(['id', 'rev']);

/** How many characters of a text's end are kept to check that a later text only appended to it. */
const TAIL_CHECK_CHARS = 16;

type SentValue =
  | { shape: 'plain'; value: unknown }
  | { shape: 'record'; value: Record<string, unknown>; copy: Record<string, unknown> }
  | { shape: 'array'; value: unknown[]; items: unknown[]; texts: Array<SentText | undefined> }
  | { shape: 'entries'; ids: EntryId[]; sent: Map<EntryId, SentEntry> };

interface SentText {
  length: number;
  tail: string;
}

/** What the host last posted of an entry: enough to tell what changed since, without a deep copy of it. */
export interface SentEntry {
  rev: number;
  fields: Map<string, SentValue>;
}

/** Records the entry as the view now has it (it was just posted whole, or a delta brought the view up to it). */
export function recordSent(entry: TranscriptEntry): SentEntry {
  const fields = new Map<string, SentValue>();
  for (const [key, value] of Object.entries(entry)) {
    if (!KEY_FIELDS.has(key)) fields.set(key, sentValue(key, value));
  }
  return { rev: entry.rev, fields };
}

function isEntryLike(value: unknown): value is TranscriptEntry {
  return isRecord(value) && typeof value.id === 'string' && typeof value.rev === 'number';
}

function sentValue(key: string, value: unknown): SentValue {
  if (ENTRY_LIST_FIELDS.has(key) && Array.isArray(value) && value.every(isEntryLike)) {
    return { shape: 'entries', ids: value.map((entry) => entry.id), sent: new Map(value.map((entry) => [entry.id, recordSent(entry)])) };
  }
  if (Array.isArray(value)) return { shape: 'array', value, items: value.slice(), texts: value.map(sentText) };
  if (isRecord(value)) return { shape: 'record', value, copy: { ...value } };
  return { shape: 'plain', value };
}

function sentText(item: unknown): SentText | undefined {
  if (!isRecord(item) || typeof item.text !== 'string') return undefined;
  return { length: item.text.length, tail: item.text.slice(-TAIL_CHECK_CHARS) };
}

/**
 * What changed in `entry` since `sent`, or undefined when nothing did (same rev). Updates `sent` to the entry as
 * it is now: the caller posts the delta.
 */
export function deltaSince(sent: SentEntry, entry: TranscriptEntry): EntryDelta | undefined {
  if (entry.rev === sent.rev) return undefined;
  const delta: EntryDelta = { id: entry.id, rev: [sent.rev, entry.rev] };
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(entry)) {
    if (KEY_FIELDS.has(key)) continue;
    seen.add(key);
    const before = sent.fields.get(key);
    if (before?.shape === 'entries') {
      // The record is brought up to date in place, unless the list changed in another way than these.
      const list = listDelta(before, value);
      if (list === 'same') continue;
      if (list !== 'whole') {
        (delta.lists ??= {})[key] = list;
        continue;
      }
    }
    const change = before ? changeOf(before, value) : 'whole';
    // Text growth travels short only for `content` (messages); elsewhere the grown array goes whole.
    const growth = typeof change === 'object' && change.texts && key !== APPENDED_FIELD ? 'whole' : change;
    if (growth === 'same') continue;
    if (growth === 'whole') (delta.set ??= {})[key] = value;
    else {
      if (growth.texts) delta.append = growth.texts;
      if (growth.items) (delta.items ??= {})[key] = growth.items;
    }
    sent.fields.set(key, sentValue(key, value));
  }
  for (const key of [...sent.fields.keys()]) {
    if (seen.has(key)) continue;
    (delta.unset ??= []).push(key);
    sent.fields.delete(key);
  }
  sent.rev = entry.rev;
  return delta;
}

/**
 * How a list of entries changed since it was sent: its oldest entries left (a count), entries the view has changed
 * (their deltas), new entries came at the end (whole). 'whole' when it changed otherwise (then nothing is updated).
 */
function listDelta(before: Extract<SentValue, { shape: 'entries' }>, value: unknown): 'same' | 'whole' | EntryListDelta {
  if (!Array.isArray(value) || !value.every(isEntryLike)) return 'whole';
  const { ids, sent } = before;
  let drop = value.length === 0 ? ids.length : ids.indexOf(value[0].id);
  if (drop < 0) drop = value.some((entry) => sent.has(entry.id)) ? -1 : ids.length;
  if (drop < 0 || value.length < ids.length - drop) return 'whole';
  for (let i = drop; i < ids.length; i++) if (value[i - drop].id !== ids[i]) return 'whole';
  const list: EntryListDelta = {};
  if (drop > 0) {
    list.drop = drop;
    for (const id of ids.slice(0, drop)) sent.delete(id);
  }
  const kept = ids.length - drop;
  for (let i = 0; i < value.length; i++) {
    const entry = value[i];
    const record = i < kept ? sent.get(entry.id) : undefined;
    if (record) {
      const inner = deltaSince(record, entry);
      if (inner) (list.deltas ??= []).push(inner);
    } else {
      (list.upserts ??= []).push(entry);
      sent.set(entry.id, recordSent(entry));
    }
  }
  before.ids = value.map((entry) => entry.id);
  return list.drop || list.deltas || list.upserts ? list : 'same';
}

function changeOf(before: SentValue, value: unknown): 'same' | 'whole' | ArrayGrowth {
  switch (before.shape) {
    case 'entries':
      return 'whole';
    case 'plain':
      return Object.is(before.value, value) ? 'same' : 'whole';
    case 'record':
      return before.value === value && sameRecord(before.copy, before.value) ? 'same' : 'whole';
    case 'array':
      return Array.isArray(value) ? arrayGrowth(before, value) : 'whole';
  }
}

function sameRecord(copy: Record<string, unknown>, value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  if (keys.length !== Object.keys(copy).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(copy, key) && Object.is(copy[key], value[key]));
}

/** How `value` grew from what was sent, or 'whole' when it did not only grow (an item replaced, text rewritten). */
function arrayGrowth(before: Extract<SentValue, { shape: 'array' }>, value: unknown[]): 'same' | 'whole' | ArrayGrowth {
  const { items, texts } = before;
  if (value.length < items.length) return 'whole';
  const growth: ArrayGrowth = {};
  for (let i = 0; i < items.length; i++) {
    if (value[i] !== items[i]) return 'whole';
    const was = texts[i];
    const item = value[i];
    const text = isRecord(item) && typeof item.text === 'string' ? item.text : undefined;
    if (was === undefined || text === undefined) {
      if (was !== undefined || text !== undefined) return 'whole';
      continue;
    }
    if (text.length === was.length && text.endsWith(was.tail)) continue;
    if (text.length < was.length || !text.startsWith(was.tail, was.length - was.tail.length)) return 'whole';
    (growth.texts ??= []).push([i, text.slice(was.length)]);
  }
  if (value.length > items.length) growth.items = value.slice(items.length);
  return growth.texts || growth.items ? growth : before.value === value ? 'same' : 'whole';
}

/**
 * The view's copy with `delta` applied (a new object; `entry` and its arrays are not changed), or undefined when it
 * does not apply: the copy's rev is not the delta's base, or a grown array does not match (a gap: ask for the
 * entry whole).
 */
export function applyEntryDelta(entry: TranscriptEntry, delta: EntryDelta): TranscriptEntry | undefined {
  if (entry.id !== delta.id || entry.rev !== delta.rev[0]) return undefined;
  const next: Record<string, unknown> = { ...entry };
  const copied = new Set<string>();
  /** The entry's array `key`, copied once before it changes. */
  const arrayOf = (key: string): unknown[] | undefined => {
    const value = next[key];
    if (!Array.isArray(value)) return undefined;
    if (copied.has(key)) return value;
    const copy = value.slice();
    copied.add(key);
    setOwn(next, key, copy);
    return copy;
  };
  for (const [index, text] of delta.append ?? []) {
    const array = arrayOf(APPENDED_FIELD);
    const item: unknown = array?.[index];
    if (!array || !isRecord(item) || typeof item.text !== 'string') return undefined;
    array[index] = { ...item, text: item.text + text };
  }
  for (const [key, items] of Object.entries(delta.items ?? {})) {
    const array = arrayOf(key);
    if (!array) return undefined;
    array.push(...items);
  }
  for (const [key, list] of Object.entries(delta.lists ?? {})) {
    const array = arrayOf(key);
    if (!array || !applyListDelta(array, list)) return undefined;
  }
  for (const [key, value] of Object.entries(delta.set ?? {})) {
    if (!KEY_FIELDS.has(key)) setOwn(next, key, value);
  }
  for (const key of delta.unset ?? []) {
    if (!KEY_FIELDS.has(key)) delete next[key];
  }
  next.rev = delta.rev[1];
  return next as unknown as TranscriptEntry;
}

function isEntryNamed(value: unknown, id: EntryId): boolean {
  return isEntryLike(value) && value.id === id;
}

/** Applies a list delta to (a copy of) the view's list; false when it does not apply (a gap). */
function applyListDelta(array: unknown[], list: EntryListDelta): boolean {
  if (list.drop) {
    if (list.drop > array.length) return false;
    array.splice(0, list.drop);
  }
  for (const inner of list.deltas ?? []) {
    let at = array.length - 1;
    while (at >= 0 && !isEntryNamed(array[at], inner.id)) at--;
    const next = at >= 0 ? applyEntryDelta(array[at] as TranscriptEntry, inner) : undefined;
    if (!next) return false;
    array[at] = next;
  }
  array.push(...(list.upserts ?? []));
  return true;
}

/** A delta's shape (the view checks what the host posts before its store sees it). */
export function isEntryDelta(value: unknown): value is EntryDelta {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    Array.isArray(value.rev) &&
    value.rev.length === 2 &&
    value.rev.every((rev) => typeof rev === 'number') &&
    (value.set === undefined || isRecord(value.set)) &&
    (value.unset === undefined || (Array.isArray(value.unset) && value.unset.every((key) => typeof key === 'string'))) &&
    (value.append === undefined || (Array.isArray(value.append) && value.append.every(isTextAppend))) &&
    (value.items === undefined || (isRecord(value.items) && Object.values(value.items).every(Array.isArray))) &&
    (value.lists === undefined || (isRecord(value.lists) && Object.values(value.lists).every(isListDelta)))
  );
}

function isListDelta(value: unknown): boolean {
  return (
    isRecord(value) &&
    (value.drop === undefined || (Number.isSafeInteger(value.drop) && (value.drop as number) >= 0)) &&
    (value.deltas === undefined || (Array.isArray(value.deltas) && value.deltas.every(isEntryDelta))) &&
    (value.upserts === undefined || (Array.isArray(value.upserts) && value.upserts.every(isEntryLike)))
  );
}

function isTextAppend(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isSafeInteger(value[0]) &&
    (value[0] as number) >= 0 &&
    typeof value[1] === 'string'
  );
}
