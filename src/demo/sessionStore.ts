// The scripted agent's record of its sessions, so `session/list`, `session/load` and `session/resume` work across
// agent processes (the client restarts agents; VS Code reloads the window). Kept in a JSON file when one is given
// (env ACP_DEMO_STORE, else the scenario's `store`, relative to the agent's cwd), else in memory for this process.
// The file is written whole, through a temporary file renamed over it.
//
// File format: {"version": 1, "sessions": [{"sessionId", "cwd", "additionalDirectories"?, "title"?, "updatedAt",
// "history": [<session/update "update" objects, in the order sent, the user's prompts as user_message_chunk; a
// subagent's update, sent under the child's sessionId, as {"childSessionId", "update"}>]}]}
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isObject, JsonObject } from './json';

/** A history item that is a subagent's update (replayed under the child's sessionId), or undefined. */
export function storedChildUpdate(item: JsonObject): { childSessionId: string; update: JsonObject } | undefined {
  const { childSessionId, update } = item;
  return typeof childSessionId === 'string' && isObject(update) ? { childSessionId, update } : undefined;
}

export interface StoredSession {
  sessionId: string;
  cwd: string;
  additionalDirectories?: string[];
  title?: string;
  /** ISO 8601. */
  updatedAt: string;
  /** What session/load replays. */
  history: JsonObject[];
}

/** Sessions kept (the least recently updated go first). */
export const STORE_SESSION_LIMIT = 200;
/** Updates kept per session (a flood is not worth keeping whole). */
export const STORE_HISTORY_LIMIT = 20_000;

export class SessionStore {
  private sessions = new Map<string, StoredSession>();

  constructor(private readonly file: string | undefined) {
    this.read();
  }

  /** The store file for this scenario and environment, if any. */
  static fileFor(scenarioStore: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string | undefined {
    const given = env.ACP_DEMO_STORE || scenarioStore;
    return given ? path.resolve(cwd, given) : undefined;
  }

  get(sessionId: string): StoredSession | undefined {
    this.read();
    return this.sessions.get(sessionId);
  }

  /** Newest first. */
  list(): StoredSession[] {
    this.read();
    return this.newestFirst();
  }

  upsert(session: StoredSession): void {
    this.read();
    if (session.history.length > STORE_HISTORY_LIMIT) session.history.splice(0, session.history.length - STORE_HISTORY_LIMIT);
    this.sessions.delete(session.sessionId);
    this.sessions.set(session.sessionId, session);
    const kept = this.newestFirst().slice(0, STORE_SESSION_LIMIT);
    this.sessions = new Map(kept.map((item) => [item.sessionId, item]));
    this.write();
  }

  delete(sessionId: string): void {
    this.read();
    if (this.sessions.delete(sessionId)) this.write();
  }

  private newestFirst(): StoredSession[] {
    return [...this.sessions.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  /** Another process may have written since: the file is the truth. */
  private read(): void {
    if (!this.file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      return;
    }
    const items = isObject(parsed) && Array.isArray(parsed.sessions) ? parsed.sessions : [];
    const sessions = new Map<string, StoredSession>();
    for (const item of items) {
      if (!isObject(item) || typeof item.sessionId !== 'string' || typeof item.cwd !== 'string' || typeof item.updatedAt !== 'string') continue;
      const history = Array.isArray(item.history) ? item.history.filter(isObject) : [];
      const stored: StoredSession = { sessionId: item.sessionId, cwd: item.cwd, updatedAt: item.updatedAt, history };
      if (typeof item.title === 'string') stored.title = item.title;
      if (Array.isArray(item.additionalDirectories)) stored.additionalDirectories = item.additionalDirectories.filter((dir): dir is string => typeof dir === 'string');
      sessions.set(stored.sessionId, stored);
    }
    this.sessions = sessions;
  }

  private write(): void {
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify({ version: 1, sessions: [...this.sessions.values()] }));
    fs.renameSync(temporary, this.file);
  }
}
