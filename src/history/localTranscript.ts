// The local copy of a conversation, kept for agents that cannot load sessions (`session/load`), so it comes back
// after a window reload and opens from the history, read-only. Packed under a size limit (the oldest entries go
// first, and the copy says how many), with the states that wait for an answer cleared (nobody can answer them
// later), with its secrets masked as in the chat (it is a file on disk, and it is shown again), and read back leniently
// (a damaged file gives what it can, never an exception). Pure.
import type { TranscriptEntry } from '../shared/transcript/model';
import { isRecord } from '../shared/text/narrow';
import { entryTextChars } from '../shared/transcript/transcriptCaps';
import { maskEntries } from '../shared/transcript/entrySecrets';
import { maskText, type SecretRules } from '../shared/text/secretText';

export const LOCAL_TRANSCRIPT_VERSION = 1;

/** Characters of text one local transcript keeps (the newest entries; about 2 MB of JSON at most). */
export const LOCAL_TRANSCRIPT_CHARS = 1_000_000;

export interface LocalTranscript {
  version: number;
  agentId: string;
  sessionId: string;
  cwd: string;
  title?: string;
  /** ISO 8601. */
  savedAt: string;
  entries: TranscriptEntry[];
  /** How many older entries were left out (over the limit, or already out of memory). */
  droppedEntries: number;
}

export interface TranscriptSource {
  agentId: string;
  sessionId: string;
  cwd: string;
  title?: string;
  entries: readonly TranscriptEntry[];
  /** Entries the session had already dropped from memory (its header's `dropped`). */
  droppedBefore?: number;
}

/** An entry as it is kept: a question or permission request that waited is shown as unanswered, not open. */
function settled(entry: TranscriptEntry): TranscriptEntry {
  if (entry.kind === 'tool_call' && entry.permission) {
    const { permission: _permission, ...rest } = entry;
    return { ...rest };
  }
  if (entry.kind === 'elicitation' && entry.outcome === undefined) return { ...entry, outcome: 'cancel' };
  if (entry.kind === 'subagent' && entry.waiting > 0) return { ...entry, waiting: 0, entries: entry.entries.map(settled) };
  return entry;
}

/** The copy to keep, with at most `limit` characters of text (the newest entries). */
export function packTranscript(source: TranscriptSource, savedAt: string, limit = LOCAL_TRANSCRIPT_CHARS): LocalTranscript {
  let total = 0;
  let first = source.entries.length;
  while (first > 0) {
    const size = entryTextChars(source.entries[first - 1]);
    if (total + size > limit && first < source.entries.length) break;
    total += size;
    first--;
  }
  return {
    version: LOCAL_TRANSCRIPT_VERSION,
    agentId: source.agentId,
    sessionId: source.sessionId,
    cwd: source.cwd,
    ...(source.title ? { title: source.title } : {}),
    savedAt,
    entries: source.entries.slice(first).map(settled),
    droppedEntries: first + (source.droppedBefore ?? 0),
  };
}

/** The copy with the secrets in its entries and title masked (secretText.ts), as it is written. */
export function maskTranscript(copy: LocalTranscript, rules: SecretRules): LocalTranscript {
  return { ...copy, ...(copy.title === undefined ? {} : { title: maskText(copy.title, rules) }), entries: maskEntries(copy.entries, rules) };
}

const KINDS = new Set(['user', 'agent', 'thought', 'tool_call', 'notice', 'elicitation', 'compaction', 'subagent', 'session_message']);

function isEntry(value: unknown): value is TranscriptEntry {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '' || typeof value.rev !== 'number' || !KINDS.has(value.kind as string)) return false;
  switch (value.kind) {
    case 'user':
    case 'agent':
    case 'thought':
      return Array.isArray(value.content);
    case 'tool_call':
      return typeof value.toolCallId === 'string' && typeof value.title === 'string' && Array.isArray(value.content) && Array.isArray(value.locations) && isRecord(value.extra);
    case 'notice':
      return typeof value.text === 'string' && typeof value.severity === 'string';
    case 'elicitation':
      return typeof value.message === 'string' && isRecord(value.request);
    case 'subagent':
      return typeof value.childSessionId === 'string' && Array.isArray(value.entries) && isRecord(value.extra);
    case 'session_message':
      return typeof value.messageId === 'string' && Array.isArray(value.content) && isRecord(value.extra);
    default:
      return typeof value.compactionId === 'string' && typeof value.status === 'string' && Array.isArray(value.summary);
  }
}

/** What a stored value holds, as far as it can be read; undefined when it is not a local transcript. */
export function readTranscript(value: unknown): LocalTranscript | undefined {
  if (!isRecord(value) || value.version !== LOCAL_TRANSCRIPT_VERSION || !Array.isArray(value.entries)) return undefined;
  const { agentId, sessionId, cwd } = value;
  if (typeof agentId !== 'string' || typeof sessionId !== 'string' || typeof cwd !== 'string' || agentId === '' || sessionId === '') return undefined;
  const seen = new Set<string>();
  const entries = value.entries.filter((entry): entry is TranscriptEntry => {
    if (!isEntry(entry) || seen.has(entry.id)) return false;
    seen.add(entry.id);
    return true;
  });
  return {
    version: LOCAL_TRANSCRIPT_VERSION,
    agentId,
    sessionId,
    cwd,
    ...(typeof value.title === 'string' && value.title ? { title: value.title } : {}),
    savedAt: typeof value.savedAt === 'string' ? value.savedAt : '',
    entries,
    droppedEntries: typeof value.droppedEntries === 'number' && Number.isSafeInteger(value.droppedEntries) && value.droppedEntries > 0 ? value.droppedEntries : 0,
  };
}

/** What the chat says under a local copy: why it cannot go on, and what a message does. */
export function readOnlyNotice(agentName: string, reason: string | undefined, droppedEntries: number): string {
  const why = reason ?? `${agentName} cannot load earlier sessions, so this conversation cannot go on.`;
  const dropped = droppedEntries > 0 ? ` (its ${droppedEntries} oldest ${droppedEntries === 1 ? 'entry was' : 'entries were'} not kept)` : '';
  return `${why} This is a read-only copy kept in this workspace${dropped}; a message you send starts a new session.`;
}
