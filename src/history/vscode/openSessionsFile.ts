// Where the list of open sessions is kept for the next window: a file in the extension's workspace storage, written
// at once (a window reload can come right after a session opens, before workspace state reaches its store), or the
// workspace state when there is no workspace storage.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';

export interface OpenSessionsStore {
  get(): unknown;
  set(value: unknown): void;
}

const FILE = 'open-sessions.json';
const KEY = 'acp.openSessions';

export function openSessionsStore(context: Pick<vscode.ExtensionContext, 'storageUri' | 'workspaceState'>, log: (line: string) => void): OpenSessionsStore {
  const folder = context.storageUri?.scheme === 'file' ? context.storageUri.fsPath : undefined;
  if (!folder) {
    return { get: () => context.workspaceState.get(KEY), set: (value) => void context.workspaceState.update(KEY, value) };
  }
  const file = path.join(folder, FILE);
  return {
    get: () => {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        return undefined;
      }
    },
    set: (value) => {
      try {
        fs.mkdirSync(folder, { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, JSON.stringify(value));
        fs.renameSync(temporary, file);
      } catch (error) {
        log(`Could not save the open sessions: ${String(error)}`);
      }
    },
  };
}
