// Transcript entries on their way to the chat view, shorter: what the view can tell without being told is left out
// and filled back in as the message arrives (before its store sees it). A tool call's empty `content`, `locations`
// and `extra` (most calls have none of them while they run, many never), and its `kind` and `toolCallId` when the
// entry's id says them (`t:<toolCallId>`: only tool calls have such ids, see reducer.ts) would otherwise cost each
// card about 80 characters, more than a short title. Applied
// to whole entries only (snapshot, new entries, older pages, resends); deltas name only what changed already.
// Pure: no `vscode`, no DOM.
import type { TranscriptEntry } from './model';
import { isRecord } from './narrow';
import type { HostToWebview } from './webviewProtocol';

/** Per entry kind, the fields left out when empty (an array or a record without keys). */
const EMPTY_WHEN_LEFT_OUT: Partial<Record<string, Record<string, 'array' | 'record'>>> = {
  tool_call: { content: 'array', locations: 'array', extra: 'record' },
};

const TOOL_CALL_ID_PREFIX = 't:';

function isEmpty(value: unknown, shape: 'array' | 'record'): boolean {
  if (shape === 'array') return Array.isArray(value) && value.length === 0;
  return isRecord(value) && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** The entry as it travels: a shallow copy without the fields the view fills back in (or the entry itself). */
export function packEntry(entry: TranscriptEntry): TranscriptEntry {
  const empties = EMPTY_WHEN_LEFT_OUT[entry.kind];
  const derivedId = entry.kind === 'tool_call' && entry.id === TOOL_CALL_ID_PREFIX + entry.toolCallId;
  if (!empties && !derivedId) return entry;
  const packed: Record<string, unknown> = { ...entry };
  for (const [key, shape] of Object.entries(empties ?? {})) {
    if (isEmpty(packed[key], shape)) delete packed[key];
  }
  if (derivedId) {
    delete packed.toolCallId;
    delete packed.kind;
  }
  return packed as unknown as TranscriptEntry;
}

/** What `packEntry` left out, filled back in; an entry that was not packed comes back as it is. */
export function unpackEntry(entry: TranscriptEntry): TranscriptEntry {
  const raw = entry as unknown as Record<string, unknown>;
  const byId = raw.kind === undefined && typeof raw.id === 'string' && raw.id.startsWith(TOOL_CALL_ID_PREFIX);
  const kind = byId ? 'tool_call' : String(raw.kind);
  const empties = EMPTY_WHEN_LEFT_OUT[kind];
  const missing = Object.keys(empties ?? {}).filter((key) => raw[key] === undefined);
  if (missing.length === 0 && !byId) return entry;
  const unpacked: Record<string, unknown> = byId ? { kind, ...raw, toolCallId: (raw.id as string).slice(TOOL_CALL_ID_PREFIX.length) } : { ...raw };
  for (const key of missing) unpacked[key] = empties?.[key] === 'array' ? [] : {};
  return unpacked as unknown as TranscriptEntry;
}

/** The message as it is posted: the whole entries it carries packed. */
export function packForView(message: HostToWebview): HostToWebview {
  switch (message.type) {
    case 'entries':
      return message.upserts ? { ...message, upserts: message.upserts.map(packEntry) } : message;
    case 'olderEntries':
      return { ...message, entries: message.entries.map(packEntry) };
    case 'snapshot':
      return message.session ? { ...message, session: { ...message.session, entries: message.session.entries.map(packEntry) } } : message;
    default:
      return message;
  }
}

/** The message as the view's store takes it: the whole entries it carries unpacked (the message itself if none was packed). */
export function unpackFromHost(message: HostToWebview): HostToWebview {
  switch (message.type) {
    case 'entries': {
      const upserts = message.upserts && unpackAll(message.upserts);
      return upserts ? { ...message, upserts } : message;
    }
    case 'olderEntries': {
      const entries = unpackAll(message.entries);
      return entries ? { ...message, entries } : message;
    }
    case 'snapshot': {
      const entries = message.session && unpackAll(message.session.entries);
      return entries && message.session ? { ...message, session: { ...message.session, entries } } : message;
    }
    default:
      return message;
  }
}

/** The entries unpacked, or undefined when none was packed. */
function unpackAll(entries: readonly TranscriptEntry[]): TranscriptEntry[] | undefined {
  let unpacked: TranscriptEntry[] | undefined;
  entries.forEach((entry, i) => {
    const whole = unpackEntry(entry);
    if (whole === entry && !unpacked) return;
    unpacked ??= entries.slice(0, i);
    unpacked.push(whole);
  });
  return unpacked;
}
