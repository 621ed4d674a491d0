// The scripted agent's session lifecycle beyond session/new: what it advertises decides what it answers (else
// -32601, so a client that ignores capabilities is caught), the params are checked as the spec asks, and sessions
// live in the SessionStore so another agent process can list, load or resume them.
import { isObject, Json, JsonObject, objectAt, stringAt } from './json';
import type { Scenario } from './scenario';
import type { SessionStore, StoredSession } from './sessionStore';
import { ErrorCodes, RpcError } from './wire';

/** ACP: resource not found. */
export const RESOURCE_NOT_FOUND = -32002;
const DEFAULT_PAGE_SIZE = 50;
const TITLE_CHARS = 40;

export type LifecycleMethod = 'list' | 'resume' | 'close' | 'delete' | 'additionalDirectories';

export function offers(scenario: Scenario, method: LifecycleMethod): boolean {
  return isObject(objectAt(scenario.agentCapabilities, 'sessionCapabilities')?.[method]);
}

export function requireOffered(scenario: Scenario, method: Exclude<LifecycleMethod, 'additionalDirectories'>): void {
  if (!offers(scenario, method)) throw new RpcError(ErrorCodes.methodNotFound, `Method not found: session/${method} (sessionCapabilities.${method} is not offered)`);
}

/** `additionalDirectories` of a session/new, load or resume: absolute paths, only when advertised. */
export function additionalDirectoriesOf(scenario: Scenario, params: JsonObject): string[] | undefined {
  const given = params.additionalDirectories;
  if (given === undefined) return undefined;
  if (!offers(scenario, 'additionalDirectories')) {
    throw new RpcError(ErrorCodes.invalidParams, 'additionalDirectories was sent, but sessionCapabilities.additionalDirectories is not advertised');
  }
  if (!Array.isArray(given) || !given.every((dir) => typeof dir === 'string' && (dir.startsWith('/') || /^[A-Za-z]:[\\/]/.test(dir)))) {
    throw new RpcError(ErrorCodes.invalidParams, 'additionalDirectories must be an array of absolute paths');
  }
  return given as string[];
}

/** load and resume must name the MCP servers again (the spec makes `mcpServers` required). */
export function requireMcpServers(method: string, params: JsonObject): void {
  if (!Array.isArray(params.mcpServers)) throw new RpcError(ErrorCodes.invalidParams, `${method} needs mcpServers (an array)`);
}

export function storedOrFail(store: SessionStore, method: string, params: JsonObject): StoredSession {
  const id = stringAt(params, 'sessionId');
  if (id === undefined) throw new RpcError(ErrorCodes.invalidParams, `${method} needs a sessionId`);
  const stored = store.get(id);
  if (!stored) throw new RpcError(RESOURCE_NOT_FOUND, `${method}: no session ${JSON.stringify(id)}`);
  return stored;
}

/** session/list: newest first, optionally only one cwd, in pages; the cursor is the next index, base64 (opaque to the client). */
export function listSessions(scenario: Scenario, store: SessionStore, params: JsonObject): Json {
  const cwd = stringAt(params, 'cwd');
  const all = store.list().filter((session) => cwd === undefined || session.cwd === cwd);
  let start = 0;
  const cursor = stringAt(params, 'cursor');
  if (cursor !== undefined) {
    start = Number(Buffer.from(cursor, 'base64').toString('utf8'));
    if (!Number.isInteger(start) || start < 0 || start > all.length) throw new RpcError(ErrorCodes.invalidParams, `invalid cursor ${JSON.stringify(cursor)}`);
  }
  const size = scenario.listPageSize && scenario.listPageSize > 0 ? scenario.listPageSize : DEFAULT_PAGE_SIZE;
  const page = all.slice(start, start + size);
  const withDirectories = offers(scenario, 'additionalDirectories');
  const sessions = page.map((session) => {
    const info: JsonObject = { sessionId: session.sessionId, cwd: session.cwd, updatedAt: session.updatedAt };
    if (session.title) info.title = session.title;
    if (withDirectories && session.additionalDirectories?.length) info.additionalDirectories = session.additionalDirectories;
    return info;
  });
  const next = start + size;
  return next < all.length ? { sessions, nextCursor: Buffer.from(String(next)).toString('base64') } : { sessions };
}

/** The title a first prompt gives a session. */
export function titleFrom(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_CHARS ? line.slice(0, TITLE_CHARS) : line;
}

/** The prompt as the user_message_chunk updates a replay starts the turn with. */
export function promptChunks(prompt: Json | undefined): JsonObject[] {
  if (!Array.isArray(prompt)) return [];
  return prompt.filter(isObject).map((content) => ({ sessionUpdate: 'user_message_chunk', content }));
}
