// "Restore checkpoint" on the chat's user messages: which messages have one (the files changed since then), the plan
// of a restore the user asked for (the files it changes, shown before anything is written), and the messages the
// view sends (plan, restore, undo the restore). Shared by host and webview; the host validates what the view sends.
import { parseSessionKey, type SessionKey } from '../sessionKey';
import type { EntryId } from '../transcript/model';

export interface CheckpointLink {
  /** The user message's entry. */
  entryId: EntryId;
  /** Its checkpoint (the ledger's turn). */
  turn: number;
  /** How many files that turn and the later ones changed. */
  files: number;
}

export type RestoreFileAction = 'restore' | 'recreate' | 'delete';

export interface RestoreFileView {
  path: string;
  name: string;
  /** Its folder, relative to the workspace ('' at the top). */
  folder: string;
  action: RestoreFileAction;
}

export type CheckpointHostMessage =
  /** The shown session's user messages that have a checkpoint. */
  | { type: 'checkpoints'; sessionKey: SessionKey; links: CheckpointLink[] }
  /** What restoring the checkpoint of a message would do now (or why it cannot). */
  | {
      type: 'checkpointPlan';
      sessionKey: SessionKey;
      entryId: EntryId;
      files: RestoreFileView[];
      /** Files whose earlier text was not recorded: left as they are. */
      unknown: string[];
      /** Why there is nothing to restore. */
      error?: string;
    };

export type CheckpointsMessage = Extract<CheckpointHostMessage, { type: 'checkpoints' }>;
export type CheckpointPlanMessage = Extract<CheckpointHostMessage, { type: 'checkpointPlan' }>;

export type CheckpointWebviewMessage =
  /** Show what restoring the checkpoint before this message would change. */
  | { type: 'planRestore'; sessionKey: SessionKey; entryId: EntryId }
  /** Restore it (the user saw the plan). */
  | { type: 'restoreCheckpoint'; sessionKey: SessionKey; entryId: EntryId }
  /** Undo the restore a rewind notice tells of. */
  | { type: 'undoRestore'; sessionKey: SessionKey; entryId: EntryId };

function isEntryId(value: unknown): value is EntryId {
  return typeof value === 'string' && value.length > 0 && value.length <= 1024;
}

/** The message when `value` is a well-formed checkpoint message, otherwise undefined. */
export function parseCheckpointMessage(value: Record<string, unknown>): CheckpointWebviewMessage | undefined {
  switch (value.type) {
    case 'planRestore':
    case 'restoreCheckpoint':
    case 'undoRestore': {
      const sessionKey = parseSessionKey(value.sessionKey);
      return sessionKey && isEntryId(value.entryId) ? { type: value.type, sessionKey, entryId: value.entryId } : undefined;
    }
    default:
      return undefined;
  }
}

/** The shallow check of a checkpoint message from the host (the webview's side). */
export function asCheckpointHostMessage(value: Record<string, unknown>): CheckpointHostMessage | undefined {
  if (typeof value.sessionKey !== 'string') return undefined;
  if (value.type === 'checkpoints') {
    const links = value.links;
    return Array.isArray(links) && links.every((link) => typeof link === 'object' && link !== null && isEntryId((link as CheckpointLink).entryId))
      ? (value as unknown as CheckpointHostMessage)
      : undefined;
  }
  if (value.type === 'checkpointPlan') {
    return isEntryId(value.entryId) && Array.isArray(value.files) && Array.isArray(value.unknown) ? (value as unknown as CheckpointHostMessage) : undefined;
  }
  return undefined;
}

/** "Restore 2 files to before this message". */
export function restoreTitle(files: number): string {
  return `Restore checkpoint: put back the ${files === 1 ? 'file' : `${files} files`} changed since this message`;
}
