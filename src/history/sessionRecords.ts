// The extension's own record of sessions: the ones it opened (for agents without `session/list`, and to know titles
// and folders), and the ones open when the window closed (brought back after a reload). Pure.
import { isRecord } from '../shared/text/narrow';

export interface SessionRecord {
  agentId: string;
  sessionId: string;
  cwd: string;
  title?: string;
  /** ISO 8601: when the session last had a turn. */
  updatedAt: string;
}

/** A session open in the panel when the window went away. */
export interface OpenRecord {
  agentId: string;
  sessionId: string;
  cwd: string;
  title?: string;
  /** It was the one shown in the chat. */
  shown: boolean;
}

/**
 * Records as they are kept: their titles (an agent's title, or the first prompt's text) with `mask` applied (secrets
 * masked); anything that is not a list of records as it is.
 */
export function withMaskedTitles(value: unknown, mask: (text: string) => string): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((record: unknown) => (isRecord(record) && typeof record.title === 'string' ? { ...record, title: mask(record.title) } : record));
}

/** How many sessions the record keeps (the oldest go first). */
export const RECORD_LIMIT = 200;

export function sameSession(a: { agentId: string; sessionId: string }, b: { agentId: string; sessionId: string }): boolean {
  return a.agentId === b.agentId && a.sessionId === b.sessionId;
}

/** The record with this session added or replaced, newest first, at most `limit` long. */
export function upsertRecord(records: readonly SessionRecord[], record: SessionRecord, limit = RECORD_LIMIT): SessionRecord[] {
  const others = records.filter((existing) => !sameSession(existing, record));
  return [record, ...others].sort(byNewest).slice(0, limit);
}

export function forgetRecord(records: readonly SessionRecord[], session: { agentId: string; sessionId: string }): SessionRecord[] {
  return records.filter((existing) => !sameSession(existing, session));
}

/** Newest first; unknown or unreadable times last. */
export function byNewest(a: { updatedAt?: string }, b: { updatedAt?: string }): number {
  return timeOf(b.updatedAt) - timeOf(a.updatedAt);
}

function timeOf(iso: string | undefined): number {
  const time = iso === undefined ? NaN : Date.parse(iso);
  return Number.isNaN(time) ? -Infinity : time;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The fields every stored session has (and its title), or undefined when one is missing. */
function sessionFields(item: unknown): { agentId: string; sessionId: string; cwd: string; title?: string; rest: Record<string, unknown> } | undefined {
  if (!isRecord(item)) return undefined;
  const agentId = text(item.agentId);
  const sessionId = text(item.sessionId);
  const cwd = text(item.cwd);
  if (!agentId || !sessionId || !cwd) return undefined;
  const title = text(item.title);
  return { agentId, sessionId, cwd, ...(title ? { title } : {}), rest: item };
}

/** What was stored, read leniently: malformed items are dropped, never thrown on. */
export function readSessionRecords(stored: unknown): SessionRecord[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item): SessionRecord[] => {
    const fields = sessionFields(item);
    const updatedAt = text(fields?.rest.updatedAt);
    if (!fields || !updatedAt) return [];
    const { rest, ...session } = fields;
    return [{ ...session, updatedAt }];
  });
}

export function readOpenRecords(stored: unknown): OpenRecord[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item): OpenRecord[] => {
    const fields = sessionFields(item);
    if (!fields) return [];
    const { rest, ...session } = fields;
    return [{ ...session, shown: rest.shown === true }];
  });
}
