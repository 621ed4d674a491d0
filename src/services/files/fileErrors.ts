// The errors fs/read_text_file and fs/write_text_file answer with. Each names the path; `data` carries the
// path and a machine-readable reason so an agent (or a test) can tell the cases apart without parsing text.
import type { ResponseError } from 'vscode-jsonrpc/node';
import { INTERNAL_ERROR, invalidParamsError, resourceNotFoundError, responseError } from '../../acp/errors';

export type FileErrorReason = 'binary' | 'notAFile' | 'tooLarge' | 'outsideRoots' | 'secretLocation' | 'editRejected' | 'saveFailed' | 'io';

export interface FileErrorData {
  path: string;
  reason: FileErrorReason;
}

/** -32002: nothing at `path`. */
export function fileNotFoundError(path: string): ResponseError<unknown> {
  return resourceNotFoundError(`File not found: ${path}`, { path });
}

/** -32602 naming the parameter that is wrong. */
export function invalidFieldError(field: string, expected: string, got: unknown): ResponseError<unknown> {
  return invalidParamsError(`Invalid params: "${field}" must be ${expected}, got ${describeValue(got)}`, { field });
}

/** -32603 for a file that is there but cannot be served as text, or an access the user refused. */
export function fileError(path: string, reason: FileErrorReason, message: string): ResponseError<unknown> {
  const data: FileErrorData = { path, reason };
  return responseError(INTERNAL_ERROR, message, data);
}

export function binaryFileError(path: string): ResponseError<unknown> {
  return fileError(path, 'binary', `${path} is a binary file (or not UTF-8/UTF-16 text) and cannot be read as text`);
}

export function notAFileError(path: string): ResponseError<unknown> {
  return fileError(path, 'notAFile', `${path} is a directory or another non-file, not a text file`);
}

export function tooLargeError(path: string, size: number, limit: number): ResponseError<unknown> {
  return fileError(path, 'tooLarge', `${path} is too large to read as text (${size} bytes; the limit is ${limit} bytes)`);
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const shown = JSON.stringify(value);
  return `${typeof value} ${shown.length > 60 ? `${shown.slice(0, 59)}…` : shown}`;
}
