// The view model of subagent sessions (ACP `subagent_update`, stable in v1 since 2026-11-20): a child session the
// agent runs for a parent session is one entry of the parent's transcript, holding what the parent said of it
// (title, description, capabilities, work state...) and the child's own transcript. Messages between sessions
// (`session_message`, `session_message_chunk`) are entries of the transcript they are sent on. Pure data.
import type { ContentBlock } from '../acp';
import type { DroppedEntries, TranscriptEntry } from './model';

/** The child's foreground-work state as last reported (a whole snapshot; `state` is an open string). */
export interface SubagentWorkState {
  /** running, idle, requires_action, unknown, or an agent's own value kept as it came. */
  state: string;
  /** For idle: why the work stopped (end_turn, cancelled, error, ... or an agent's own value). */
  stopReason?: string;
  /** For an idle stop with reason `error`: the error's message. */
  error?: string;
  /** Fields of the snapshot this client does not model (`_meta` included). */
  extra: Record<string, unknown>;
}

export interface SubagentEntry {
  kind: 'subagent';
  /** `s:<childSessionId>`. */
  id: string;
  rev: number;
  /** The child's own session id (its updates, requests and `session/cancel` carry it). */
  childSessionId: string;
  title?: string;
  description?: string;
  /** The child's per-session capabilities as the agent sent them (unset: no mutation is allowed). */
  capabilities?: Record<string, unknown>;
  state?: SubagentWorkState;
  cwd?: string;
  additionalDirectories?: string[];
  /** The `_meta` object, patched by top-level key. */
  meta?: Record<string, unknown>;
  /** Fields of `subagent_update` this client does not model, kept as they came (latest value per field). */
  extra: Record<string, unknown>;
  /** The child's transcript (copies, refreshed whenever one of its entries changes). */
  entries: TranscriptEntry[];
  /** The parent's tool call whose `session` content shows this child (its card draws the thread). */
  linkedToolCallId?: string;
  /** Permission requests and questions of the child (and its own children) that wait for the user. */
  waiting: number;
  /** The child's latest plan (its `plan` updates), for the thread. */
  plan?: unknown[];
  /** The user asked to cancel the child's work (`session/cancel` on the child) and no new state came since. */
  cancelling?: boolean;
  /**
   * The child's last state came from the replay of a session/load (it was sent before the load was answered) and
   * nothing was heard from the child since: a `running` there is history, not live work (no spinner, no Stop).
   */
  replayed?: boolean;
  /** The child's oldest entries that left memory (its cap), as its transcript's header says. */
  dropped?: DroppedEntries;
}

/** A message between sessions, shown in the transcript it was sent on. */
export interface SessionMessageEntry {
  kind: 'session_message';
  id: string;
  rev: number;
  messageId: string;
  senderSessionId?: string;
  recipientSessionId?: string;
  content: ContentBlock[];
  /** Fields this client does not model (`_meta`, senderMessageId, ...), kept as they came. */
  extra: Record<string, unknown>;
}

export const SUBAGENT_ENTRY_PREFIX = 's:';

export function subagentEntryId(childSessionId: string): string {
  return `${SUBAGENT_ENTRY_PREFIX}${childSessionId}`;
}

/**
 * The key of a child's entry among the session's (its spilled text): the child's entries are numbered on their own,
 * so their ids may name the parent's entries too.
 */
export function childEntryKey(childSessionId: string, entryId: string): string {
  return `${subagentEntryId(childSessionId)}/${entryId}`;
}

/** True when the child advertises `cancel` (an object, `{}` included). */
export function canCancelSubagent(entry: Pick<SubagentEntry, 'capabilities'>): boolean {
  const cancel = entry.capabilities?.cancel;
  return typeof cancel === 'object' && cancel !== null;
}

/** True when the child's last reported state says it works (or waits for the user) and that is not history. */
export function subagentWorks(entry: Pick<SubagentEntry, 'state' | 'replayed'>): boolean {
  return !entry.replayed && (entry.state?.state === 'running' || entry.state?.state === 'requires_action');
}

/** The child's name for the user: its title, else its description, else its session id. */
export function subagentLabel(entry: Pick<SubagentEntry, 'title' | 'description' | 'childSessionId'>): string {
  return entry.title?.trim() || entry.description?.trim() || `Subagent ${entry.childSessionId}`;
}
