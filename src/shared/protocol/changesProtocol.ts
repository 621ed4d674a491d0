// The chat's "N files changed" strip above the composer: the files agents changed that the user has not kept or undone
// yet (of every session of the workspace, kept across a window reload), and Keep / Undo / Review on them. Shared by
// host and webview; the host validates what the webview sends, and acts only on files its ledgers hold.

export type ChangedFileStatus = 'created' | 'modified' | 'deleted';

export interface ChangedFileView {
  /** Absolute path: what Keep, Undo and Review name. */
  path: string;
  /** The file's name. */
  name: string;
  /** Its folder, relative to the workspace ('' at the top). */
  folder: string;
  status: ChangedFileStatus;
  /** Lines added and removed, when known (not yet diffed, or its earlier text is not known: left out). */
  added?: number;
  removed?: number;
  /** Why Undo is not offered: its earlier text was not recorded, or not kept across a reload. */
  noUndo?: string;
  /** Changed in a session other than the one shown (an earlier one, or one behind it). */
  otherSession?: boolean;
  /** The subagents (child sessions) whose tool calls changed it, by title. */
  bySubagents?: string[];
}

export interface ChangesMessage {
  type: 'changes';
  files: ChangedFileView[];
}

export type ChangesHostMessage = ChangesMessage;

export type ChangesWebviewMessage =
  /** Keep a file's changes (no path: all of them). */
  | { type: 'keepChanges'; path?: string }
  /** Undo a file's changes (no path: all of them). */
  | { type: 'undoChanges'; path?: string }
  /** Open a file's changes: VS Code's diff editor, or the file itself with inline review (`inline`). */
  | { type: 'reviewChanges'; path: string; inline?: boolean };

const MAX_PATH_CHARS = 4096;

function isPath(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_PATH_CHARS && !/[\u0000-\u001F]/.test(value);
}

/** The message when `value` is a well-formed strip message, otherwise undefined. */
export function parseChangesMessage(value: Record<string, unknown>): ChangesWebviewMessage | undefined {
  switch (value.type) {
    case 'keepChanges':
    case 'undoChanges':
      if (value.path === undefined) return { type: value.type };
      return isPath(value.path) ? { type: value.type, path: value.path } : undefined;
    case 'reviewChanges':
      return isPath(value.path) ? { type: 'reviewChanges', path: value.path, ...(value.inline === true ? { inline: true } : {}) } : undefined;
    default:
      return undefined;
  }
}

function isFileView(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return typeof file.path === 'string' && typeof file.name === 'string' && typeof file.folder === 'string' && typeof file.status === 'string';
}

/** The shallow check of a `changes` message from the host (the webview's side). */
export function asChangesMessage(value: Record<string, unknown>): ChangesMessage | undefined {
  return value.type === 'changes' && Array.isArray(value.files) && value.files.every(isFileView) ? (value as unknown as ChangesMessage) : undefined;
}

/** "1 file changed", "3 files changed". */
export function changedFilesTitle(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'} changed`;
}
