// Field-by-field patching of a tool call entry from a `tool_call`, `tool_call_update` or a permission request's
// `toolCall` (all the same patch, v2 upsert semantics):
//   - an omitted field keeps its value;
//   - `null` clears it: title -> "", kind -> "other", status -> "pending", content/locations -> [],
//     rawInput/rawOutput -> absent, unknown fields (`_meta` included) -> removed from `extra`; except `name` (the
//     tool's programmatic name), which v1 cannot clear: `null` leaves it as it is;
//   - a value replaces the previous one; arrays (content, locations) are replaced whole;
//   - a value of the wrong type is ignored (the rest of the update still applies); invalid array items are skipped;
//   - unknown kinds, statuses and content types are kept verbatim; unknown fields go to `extra`.
import type { OpenToolCallContent, ToolCallLocation } from '../acp';
import type { EntryId, ToolCallEntry } from './model';
import { isRecord, setOwn } from '../text/narrow';

export const DEFAULT_TITLE = '';
export const DEFAULT_TOOL_KIND = 'other';
export const DEFAULT_TOOL_STATUS = 'pending';

/** Keys that address the tool call or the notification, never stored. */
const ROUTING_KEYS = new Set(['sessionUpdate', 'toolCallId']);

export function newToolCallEntry(id: EntryId, toolCallId: string): ToolCallEntry {
  return {
    kind: 'tool_call',
    id,
    rev: 1,
    toolCallId,
    title: DEFAULT_TITLE,
    toolKind: DEFAULT_TOOL_KIND,
    status: DEFAULT_TOOL_STATUS,
    content: [],
    locations: [],
    extra: {},
  };
}

/** Applies every field of `fields` it can; returns whether anything was applied. Does not bump `rev`. */
export function patchToolCall(entry: ToolCallEntry, fields: Record<string, unknown>): boolean {
  let applied = false;
  for (const key of Object.keys(fields)) {
    if (ROUTING_KEYS.has(key)) continue;
    const value = fields[key];
    if (value === undefined) continue;
    if (patchField(entry, key, value)) applied = true;
  }
  return applied;
}

function patchField(entry: ToolCallEntry, key: string, value: unknown): boolean {
  switch (key) {
    case 'title':
      return setString(value, DEFAULT_TITLE, (v) => (entry.title = v));
    case 'name':
      if (typeof value !== 'string') return false;
      entry.name = value;
      return true;
    case 'kind':
      return setString(value, DEFAULT_TOOL_KIND, (v) => (entry.toolKind = v));
    case 'status':
      return setString(value, DEFAULT_TOOL_STATUS, (v) => (entry.status = v));
    case 'content':
      return setArray(value, toToolCallContent, (v) => (entry.content = v));
    case 'locations':
      return setArray(value, toLocation, (v) => (entry.locations = v));
    case 'rawInput':
      if (value === null) delete entry.rawInput;
      else entry.rawInput = value;
      return true;
    case 'rawOutput':
      if (value === null) delete entry.rawOutput;
      else entry.rawOutput = value;
      return true;
    default:
      if (value === null) delete entry.extra[key];
      else setOwn(entry.extra, key, value);
      return true;
  }
}

function setString(value: unknown, cleared: string, set: (v: string) => void): boolean {
  if (value === null) set(cleared);
  else if (typeof value === 'string') set(value);
  else return false;
  return true;
}

function setArray<T>(value: unknown, item: (v: unknown) => T | undefined, set: (v: T[]) => void): boolean {
  if (value === null) {
    set([]);
    return true;
  }
  if (!Array.isArray(value)) return false;
  const kept: T[] = [];
  for (const raw of value) {
    const ok = item(raw);
    if (ok !== undefined) kept.push(ok);
  }
  set(kept);
  return true;
}

/**
 * One tool call content item, or undefined when it is not one. Known types must carry what a renderer needs
 * (`content` a block, `diff` a path and newText, `terminal` a terminalId); unknown types are kept verbatim.
 */
export function toToolCallContent(value: unknown): OpenToolCallContent | undefined {
  if (!isRecord(value) || typeof value.type !== 'string') return undefined;
  switch (value.type) {
    case 'content':
      return isRecord(value.content) && typeof value.content.type === 'string' ? (value as OpenToolCallContent) : undefined;
    case 'diff':
      return typeof value.path === 'string' && typeof value.newText === 'string' ? (value as OpenToolCallContent) : undefined;
    case 'terminal':
      return typeof value.terminalId === 'string' ? (value as OpenToolCallContent) : undefined;
    default:
      return value as OpenToolCallContent;
  }
}

/** A location needs a string path; `line` (number, null or absent) and other fields are kept as they came. */
export function toLocation(value: unknown): ToolCallLocation | undefined {
  return isRecord(value) && typeof value.path === 'string' ? (value as ToolCallLocation) : undefined;
}
