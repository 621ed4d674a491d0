// The session view model: what the extension host owns and the webview draws. Pure data, no `vscode`, no node.
import type {
  AvailableCommand,
  ContentBlock,
  OpenPermissionOption,
  OpenStopReason,
  OpenToolCallContent,
  OpenToolCallStatus,
  OpenToolKind,
  SessionConfigOption,
  SessionMode,
  ToolCallLocation,
} from '../acp';
import type { ElicitationForm } from '../elicitation/elicitationForm';
import type { IdentifiedPlan } from './plans';
import type { SessionMessageEntry, SubagentEntry } from './subagentModel';

export type EntryId = string;

/**
 * A message entry whose text went over the per-entry cap (transcriptCaps.ts): the entry keeps the first `keptChars`
 * characters; the whole text (`totalChars`) is in a spill file the host opens on request ("Open full message").
 */
export interface EntryCut {
  keptChars: number;
  totalChars: number;
}

interface EntryBase {
  /** Stable for the life of the entry; unique within a session. */
  id: EntryId;
  /** Bumped on every change, so a view can tell a stale copy from a fresh one. */
  rev: number;
}

export interface UserMessageEntry extends EntryBase {
  kind: 'user';
  /** Set when the message came as `user_message_chunk`s (session/load replays) that carried one. */
  messageId?: string;
  content: ContentBlock[];
  cut?: EntryCut;
}

/** Consecutive agent message chunks with the same messageId (or none) form one entry. */
export interface AgentMessageEntry extends EntryBase {
  kind: 'agent';
  messageId?: string;
  content: ContentBlock[];
  cut?: EntryCut;
}

export interface ThoughtEntry extends EntryBase {
  kind: 'thought';
  messageId?: string;
  content: ContentBlock[];
  cut?: EntryCut;
  /** Epoch ms of the first and the latest chunk, for "thought for N s". */
  startedAt: number;
  updatedAt: number;
}

export interface PendingPermission {
  /** Host-side key of the pending `session/request_permission` request. */
  requestKey: string;
  options: OpenPermissionOption[];
  /** The different commands the tool call's raw input names, when they disagree (which one runs is not known). */
  conflictingCommands?: string[];
}

/** How the user's permission policy answered a request on its own. */
export interface PolicyDecision {
  decision: 'allow' | 'reject';
  /** The rule's label ("level \"allowReads\": reads and searches in the workspace", a user rule's description). */
  rule: string;
}

export interface ToolCallEntry extends EntryBase {
  kind: 'tool_call';
  toolCallId: string;
  title: string;
  /** The agent's programmatic tool name (`name`, e.g. `read_file`); in v1 a later `null` leaves it as it is. */
  name?: string;
  toolKind: OpenToolKind;
  status: OpenToolCallStatus;
  content: OpenToolCallContent[];
  locations: ToolCallLocation[];
  rawInput?: unknown;
  rawOutput?: unknown;
  /** Set while the agent waits for the user's answer. */
  permission?: PendingPermission;
  /** The user's permission policy (a rule or the level) answered the agent's request for this call: nobody was asked. */
  decidedBy?: PolicyDecision;
  /** The user undid the file changes this call made (in the review). */
  undone?: boolean;
  /** Fields the agent sent that we do not model (`_meta` included), kept to be shown. */
  extra: Record<string, unknown>;
}

export type NoticeSeverity = 'info' | 'warning' | 'error';

/**
 * Something the client says in the transcript (stop reasons, errors, agent exits), or an agent's `notice` session
 * update (`source: 'agent'`; its severity is an open string, an unknown one is drawn as a plain note).
 */
export interface NoticeEntry extends EntryBase {
  kind: 'notice';
  severity: NoticeSeverity | (string & {});
  text: string;
  detail?: string;
  source?: 'agent';
  /** A failure the user can act on from the transcript (Retry, Edit, Show agent log, Restart). */
  failure?: NoticeFailure;
  /** A checkpoint restore the client made (the transcript's rewind marker), with Undo Restore while it can be undone. */
  rewind?: RewindMark;
}

/** What a failure notice offers. */
export interface NoticeFailure {
  /** The user message whose turn failed: Retry sends it again, Edit puts its text back into the composer. */
  promptEntryId?: EntryId;
  /** The agent stopped: Restart starts it again. */
  restart?: boolean;
}

export interface RewindMark {
  /** The restore's number (the host's; Undo Restore names it). */
  restore: number;
  /** The restore was undone: the files are as they were before it. */
  undone?: boolean;
  /** Undo Restore is no longer offered (it was undone, or a later restore came). */
  closed?: boolean;
}

// --- Elicitation and compaction entries (see elicitations.ts and compactions.ts) ---

export type ElicitationAction = 'accept' | 'decline' | 'cancel';

export type ElicitationRequest =
  | { mode: 'form'; form: ElicitationForm }
  | { mode: 'url'; url: string; elicitationId: string };

/** An agent's `elicitation/create` about this session, answered inline in the chat. */
export interface ElicitationEntry extends EntryBase {
  kind: 'elicitation';
  /** Host-side key of the pending request. */
  requestKey: string;
  message: string;
  toolCallId?: string;
  request: ElicitationRequest;
  /** How it was answered; unset while the agent waits. */
  outcome?: ElicitationAction;
  /** URL mode: the agent sent `elicitation/complete` for it. */
  completed?: boolean;
}

/** A context compaction the agent reports (`compaction_update`, `compaction_summary_chunk`), one row per id. */
export interface CompactionEntry extends EntryBase {
  kind: 'compaction';
  compactionId: string;
  /** in_progress, completed, failed, cancelled, or a future / custom value kept as it came. */
  status: string;
  summary: ContentBlock[];
  error?: string;
}

export type TranscriptEntry =
  | UserMessageEntry
  | AgentMessageEntry
  | ThoughtEntry
  | ToolCallEntry
  | NoticeEntry
  | ElicitationEntry
  | CompactionEntry
  | SubagentEntry
  | SessionMessageEntry;

export interface PlanItem {
  content: string;
  priority: string;
  status: string;
  [key: string]: unknown;
}

export interface UsageInfo {
  used?: number;
  size?: number;
  cost?: { amount: number; currency: string };
}

export type TurnState = 'idle' | 'running' | 'cancelling';

/** Everything about a session that is not a transcript entry. */
export interface SessionHeader {
  title?: string;
  updatedAt?: string;
  usage?: UsageInfo;
  turn: TurnState;
  /** Epoch ms the running turn started (set while it runs or stops), for "Working · 12 s". */
  turnStartedAt?: number;
  /** The last turn ended with an error (not a stop reason); cleared when the next turn starts. */
  turnFailed?: boolean;
  lastStopReason?: OpenStopReason;
  plan: PlanItem[];
  /** Identified plans (`plan_update`), in the order they first came; absent when there are none (plans.ts). */
  plans?: IdentifiedPlan[];
  availableCommands: AvailableCommand[];
  currentModeId?: string;
  availableModes: SessionMode[];
  configOptions: SessionConfigOption[];
  /** The host dropped the oldest entries to keep the transcript's memory under its cap (transcriptCaps.ts). */
  dropped?: DroppedEntries;
}

export interface DroppedEntries {
  /** How many entries were dropped in all. */
  entries: number;
  /** How many characters of text they held. */
  chars: number;
}

export interface SessionState {
  sessionId: string;
  header: SessionHeader;
  entries: TranscriptEntry[];
}

/** What one reducer step changed: the view gets exactly these. */
export interface SessionChange {
  entries: EntryId[];
  header: boolean;
  /** Text that did not fit an entry (its cap): for the host's spill file, not kept in the state. */
  overflow?: EntryOverflow[];
  /** Entries that left a subagent's transcript (its memory cap, subagentCaps.ts): for the host's spill file. */
  dropped?: TranscriptEntry[];
}

/**
 * Text of entry `entryId` that is kept outside the state. The first overflow of an entry carries its whole text up
 * to then (what is shown plus what is not), later ones only what came after.
 */
export interface EntryOverflow {
  entryId: EntryId;
  text: string;
  /** A held text's handle (heldText.ts), written after `text`: the rest of a chunk the framing layer held aside. */
  tail?: unknown;
}
