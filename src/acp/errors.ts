// JSON-RPC 2.0 and ACP error codes (ACP schema `ErrorCode`), and small helpers to make and recognise them.
// Other codes may arrive on the wire ("Other" in the schema): treat a code as a plain number, never as a closed set.
import { ResponseError } from 'vscode-jsonrpc/node';
import { describeError } from '../shared/text/errors';

/** Invalid JSON was received. */
export const PARSE_ERROR = -32700;
/** The JSON sent is not a valid request object. */
export const INVALID_REQUEST = -32600;
/** The method does not exist or is not available. */
export const METHOD_NOT_FOUND = -32601;
/** Invalid method parameters. */
export const INVALID_PARAMS = -32602;
/** Internal JSON-RPC error. vscode-jsonrpc answers with this when a request handler throws a plain `Error`. */
export const INTERNAL_ERROR = -32603;
/** The request was cancelled (by `$/cancel_request`, or internally: shutdown, resource limits). */
export const REQUEST_CANCELLED = -32800;
/** ACP: authentication is required before this operation (answer to `session/new` and friends). */
export const AUTH_REQUIRED = -32000;
/** ACP: a given resource, such as a file, was not found. */
export const RESOURCE_NOT_FOUND = -32002;

/** The JSON-RPC error object as it travels on the wire. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** The error to throw from a request handler (vscode-jsonrpc sends a ResponseError as it is). */
export function responseError(code: number, message: string, data?: unknown): ResponseError<unknown> {
  return new ResponseError<unknown>(code, message, data);
}

/** What a request handler throws (or rejects with) when its token was cancelled: -32800. */
export function requestCancelledError(message = 'Request cancelled'): ResponseError<unknown> {
  return new ResponseError<unknown>(REQUEST_CANCELLED, message);
}

export function resourceNotFoundError(message: string, data?: unknown): ResponseError<unknown> {
  return new ResponseError<unknown>(RESOURCE_NOT_FOUND, message, data);
}

export function invalidParamsError(message: string, data?: unknown): ResponseError<unknown> {
  return new ResponseError<unknown>(INVALID_PARAMS, message, data);
}

/**
 * The JSON-RPC error code carried by `error`, or undefined when it has none.
 * vscode-jsonrpc rejects `sendRequest` with a `ResponseError` for an error response; anything object-like
 * with a numeric `code` is accepted too (so JSON-RPC error objects work). Node system errors have string codes
 * ("ENOENT") and give undefined.
 */
export function errorCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
}

export function isRequestCancelled(error: unknown): boolean {
  return errorCodeOf(error) === REQUEST_CANCELLED;
}

export function isAuthRequired(error: unknown): boolean {
  return errorCodeOf(error) === AUTH_REQUIRED;
}

export function isMethodNotFound(error: unknown): boolean {
  return errorCodeOf(error) === METHOD_NOT_FOUND;
}

/** A one-line description of a JSON-RPC error for logs: "message (code -32603)". */
export function describeRpcError(error: unknown): string {
  const code = errorCodeOf(error);
  const message = describeError(error);
  return code === undefined ? message : `${message} (code ${code})`;
}
