// Validation of fs/read_text_file and fs/write_text_file params: wrong types and relative paths answer
// -32602 naming the field. `line`/`limit` given as null count as absent (serializers that do not skip None).
import * as path from 'node:path';
import { invalidFieldError } from './fileErrors';

export interface ReadParams {
  sessionId: string;
  /** Absolute and normalised (`..` and `.` segments resolved). */
  path: string;
  /** 1-based; absent means 1. */
  line?: number;
  /** Lines to read from `line`; absent means to the end. */
  limit?: number;
}

export interface WriteParams {
  sessionId: string;
  /** Absolute and normalised. */
  path: string;
  content: string;
}

function record(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalidFieldError('params', 'an object', params);
  return params as Record<string, unknown>;
}

function sessionIdOf(fields: Record<string, unknown>): string {
  const value = fields.sessionId;
  if (typeof value !== 'string' || value === '') throw invalidFieldError('sessionId', 'a non-empty string', value);
  return value;
}

/** An absolute path, normalised; platform rules decide what absolute means. */
export function absolutePathOf(value: unknown, field = 'path'): string {
  if (typeof value !== 'string' || value === '') throw invalidFieldError(field, 'a non-empty string', value);
  if (value.includes('\0')) throw invalidFieldError(field, 'a path without NUL characters', value);
  if (!path.isAbsolute(value)) throw invalidFieldError(field, 'an absolute path', value);
  return path.resolve(value);
}

function countOf(value: unknown, field: string, min: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw invalidFieldError(field, `a whole number >= ${min}`, value);
  }
  return value;
}

export function parseReadParams(params: unknown): ReadParams {
  const fields = record(params);
  const sessionId = sessionIdOf(fields);
  const file = absolutePathOf(fields.path);
  // The schema allows 0 for `line`; like other clients we read it as the first line.
  const line = countOf(fields.line, 'line', 0);
  const limit = countOf(fields.limit, 'limit', 0);
  const parsed: ReadParams = { sessionId, path: file };
  if (line !== undefined) parsed.line = Math.max(line, 1);
  if (limit !== undefined) parsed.limit = limit;
  return parsed;
}

export function parseWriteParams(params: unknown): WriteParams {
  const fields = record(params);
  const sessionId = sessionIdOf(fields);
  const file = absolutePathOf(fields.path);
  const content = fields.content;
  if (typeof content !== 'string') throw invalidFieldError('content', 'a string', content);
  return { sessionId, path: file, content };
}
