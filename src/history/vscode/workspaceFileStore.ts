// Where the history keeps what the next window needs (the sessions open, the record of sessions): a JSON file in the
// extension's workspace storage, written at once (a window reload can come right after a session opens or a title
// arrives, before workspace state reaches its own store), or the workspace state when there is no workspace storage.
// A value an earlier version kept in the workspace state under the same key is read until the file exists.
// `conceal` is what a value goes through before it is kept (its secrets masked: see the callers).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';

export interface WorkspaceFileStore {
  get(): unknown;
  set(value: unknown): void;
}

export interface WorkspaceFile {
  /** The file's name in the workspace storage folder. */
  file: string;
  /** The workspace state key used without a storage folder (and by earlier versions). */
  key: string;
  /** What is kept, for the log line when it cannot be saved. */
  what: string;
}

export const OPEN_SESSIONS_FILE: WorkspaceFile = { file: 'open-sessions.json', key: 'acp.openSessions', what: 'the open sessions' };
export const SESSION_RECORDS_FILE: WorkspaceFile = { file: 'session-records.json', key: 'acp.sessionRecords', what: 'the session history' };
export const REVIEW_LEDGERS_FILE: WorkspaceFile = { file: 'review-ledgers.json', key: 'acp.reviewLedgers', what: 'the changes left to review' };

export function workspaceFileStore(
  context: Pick<vscode.ExtensionContext, 'storageUri' | 'workspaceState'>,
  where: WorkspaceFile,
  log: (line: string) => void,
  conceal: (value: unknown) => unknown = (value) => value,
): WorkspaceFileStore {
  const folder = context.storageUri?.scheme === 'file' ? context.storageUri.fsPath : undefined;
  if (!folder) {
    return { get: () => context.workspaceState.get(where.key), set: (value) => void context.workspaceState.update(where.key, conceal(value)) };
  }
  const file = path.join(folder, where.file);
  return {
    get: () => {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch {
        return context.workspaceState.get(where.key);
      }
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    },
    set: (value) => {
      try {
        fs.mkdirSync(folder, { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, JSON.stringify(conceal(value)));
        fs.renameSync(temporary, file);
      } catch (error) {
        log(`Could not save ${where.what}: ${String(error)}`);
      }
    },
  };
}
