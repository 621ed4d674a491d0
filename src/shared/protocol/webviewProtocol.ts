// Typed messages between the extension host and the chat webview. Both sides import this file; the host validates
// everything the webview sends (see `parseWebviewMessage`) like any other untrusted input.
import type { PromptCapabilities } from '../acp';
import type { TabBinding } from './tabBinding';
import {
  ComposerHostMessage,
  ComposerWebviewMessage,
  PromptMessage,
  parseComposerMessage,
  parsePromptMessage,
} from './composerProtocol';
import { ElicitationAnswerMessage, parseElicitationAnswer } from './elicitationProtocol';
import { ChangesHostMessage, ChangesWebviewMessage, parseChangesMessage } from './changesProtocol';
import { CheckpointHostMessage, CheckpointWebviewMessage, parseCheckpointMessage } from './checkpointProtocol';
import type { EntryDelta } from '../transcript/entryDelta';
import type { AgentTerminalState } from '../transcript/agentTerminalMeta';
import type { EntryId, SessionHeader, TranscriptEntry } from '../transcript/model';
import { isPolicyLevel, PermissionLevelMessage, PolicyLevel } from '../permissionLevels';
import { parseSubagentMessage, SUBAGENT_MESSAGE_TYPES, SubagentWebviewMessage } from './subagentProtocol';
import { parseSessionsMessage, SessionsHostMessage, SessionsWebviewMessage } from './sessionsProtocol';
import { TranscriptHostMessage, TranscriptWebviewMessage, parseTranscriptMessage } from './transcriptProtocol';
import { StartingHostMessage, StartingWebviewMessage, parseStartingMessage } from './startingProtocol';
import { parseSessionKey, SessionKey } from '../sessionKey';
import type { HeaderStatusView } from '../headerStatus';
import type { AgentStatus } from '../agentStatus';


/** One way to sign in to the agent, as the chat offers it (a button). */
export interface AuthChoice {
  methodId: string;
  name: string;
  description?: string;
  /** agent: `authenticate`; env_var: the client asks for variables; terminal: a login terminal; other: unknown. */
  kind: 'agent' | 'env_var' | 'terminal' | 'other';
  /** False for a method this client cannot use (shown, not offered). */
  actionable: boolean;
  /** What choosing it does, in words. */
  note?: string;
}

/** The agent needs the user to sign in before it starts sessions. */
export interface AuthPrompt {
  message: string;
  choices: AuthChoice[];
  /** The method being used right now (its button shows progress). */
  pendingMethodId?: string;
  /** Why the last attempt failed. */
  error?: string;
}

export interface AgentSummary {
  id: string;
  name: string;
  status: AgentStatus;
  /** Why the agent failed or stopped, in a plain sentence. */
  message?: string;
  /** For a failure: the agent's own error and the last lines of its stderr (behind "Details"). */
  details?: string;
  /** What the agent accepts in prompts (from its `initialize` answer); set while it is ready. */
  promptCapabilities?: PromptCapabilities;
  /** Set while the agent requires authentication. */
  auth?: AuthPrompt;
  /** The agent failed because its command was not found: what to install (from the presets), and the setting. */
  missingCommand?: MissingCommand;
}

export interface MissingCommand extends InstallHint {
  command: string;
}

/** How to get a missing command, when it is one of a preset's. */
export interface InstallHint {
  /** In plain words. */
  install?: string;
  /** The command line that installs it, when one does (the chat offers Copy and Run in terminal). */
  installCommand?: string;
}

/** The part of a session the view needs when it (re)attaches: the header and the last entries. */
export interface SessionSnapshot {
  /** The session's key: the view names it in every message about the session. */
  sessionKey: SessionKey;
  header: SessionHeader;
  /** The newest entries, oldest first. */
  entries: TranscriptEntry[];
  /** How many entries the session has in all (entries may be a window of them). */
  totalEntries: number;
}

/** A terminal command's exit, as ACP reports it. */
export interface TerminalExitView {
  exitCode: number | null;
  signal: string | null;
}

/** What a chat card shows of a terminal: its newest output (UTF-8 text, escape sequences left in) and its exit. */
export interface TerminalOutputView {
  terminalId: string;
  text: string;
  /** The command line, as the agent asked for it (sent with a terminal's first output to a view). */
  command?: string;
  /** Older output is not shown. */
  truncated?: boolean;
  exitStatus?: TerminalExitView;
  /** A command the agent runs itself (its `_meta` output): the tool call that shows it, and how it stands. */
  toolCallId?: string;
  agentState?: AgentTerminalState;
}

/** New output of a terminal of the session: appended to what the view has, or replacing it when `replace`. */
export interface TerminalOutputMessage extends TerminalOutputView {
  type: 'terminalOutput';
  sessionKey: SessionKey;
  replace?: boolean;
}

export type HostToWebview =
  | { type: 'snapshot'; agent: AgentSummary | null; session: SessionSnapshot | null; terminals?: TerminalOutputView[] }
  | TerminalOutputMessage
  | { type: 'agent'; agent: AgentSummary }
  /** What the header says of the shown session and its agent (see headerStatus.ts). */
  | { type: 'headerStatus'; status: HeaderStatusView }
  /** "Open Chat": the caret goes to the composer. */
  | { type: 'focusComposer' }
  /** A chat tab's conversation, for the tab to keep across a window reload (null: none, the tab is empty). */
  | { type: 'tabBinding'; binding: TabBinding | null }
  /**
   * What changed in a frame: entries the view does not have yet, whole (new ones last), and deltas of the ones it
   * has (entryDelta.ts); `header` rides along when it changed in the same frame. What is empty or unchanged is left
   * out: a streamed chunk costs little more than its text.
   */
  | {
      type: 'entries';
      sessionKey: SessionKey;
      upserts?: TranscriptEntry[];
      deltas?: EntryDelta[];
      /**
       * How many entries the session has in all; omitted when the view has it already, or when the session grew by
       * exactly the new entries in `upserts` (the view adds those it appended).
       */
      totalEntries?: number;
      header?: SessionHeader;
      /** The post's number (rising), for the view to acknowledge (`applied`): the host keeps few posts in flight. */
      seq?: number;
    }
  | { type: 'header'; sessionKey: SessionKey; header: SessionHeader; seq?: number }
  | ComposerHostMessage
  | TranscriptHostMessage
  /** The permission level toggle (see permissionLevels.ts). */
  | PermissionLevelMessage
  | SessionsHostMessage
  | ChangesHostMessage
  | StartingHostMessage
  | CheckpointHostMessage;

/** The messages about one session: each names it (the session the view showed when it was sent). */
export const SESSION_SCOPED_TYPES = [
  'cancel',
  'permission',
  'elicitation',
  'setConfigOption',
  'setMode',
  'removeQueued',
  'resumeQueue',
  'openDiff',
  'reviewInline',
  'loadOlder',
  'resendEntry',
  'openFullMessage',
  'openEarlierMessages',
  'retryPrompt',
  ...SUBAGENT_MESSAGE_TYPES,
] as const;
export type SessionScopedType = (typeof SESSION_SCOPED_TYPES)[number];

/** Messages that name the session the composer targets, unless there is none yet (the host then starts one). */
const COMPOSER_TARGETED_TYPES = ['prompt', 'searchFiles'] as const;
type ComposerTargetedType = (typeof COMPOSER_TARGETED_TYPES)[number];

/** A prompt (and the @-mention search, in its roots) names its session too, unless there is none yet. */
type Scoped<M> = M extends { type: SessionScopedType }
  ? M & { sessionKey: SessionKey }
  : M extends { type: ComposerTargetedType }
    ? M & { sessionKey?: SessionKey }
    : M;

export type WebviewToHost = Scoped<UnscopedWebviewToHost>;

/** What the view sends, before the session it is about is named. */
export type UnscopedWebviewToHost =
  | { type: 'ready' }
  | PromptMessage
  | { type: 'cancel' }
  | { type: 'permission'; requestKey: string; optionId: string }
  | ElicitationAnswerMessage
  | { type: 'newSession' }
  | { type: 'restartAgent' }
  /** The agent picker (the header's agent name): agents, presets, "Add agent…". */
  | { type: 'pickAgent' }
  /** Run the install command of the agent's missing command (the host knows it; the view names nothing). */
  | { type: 'runInstallCommand' }
  /** Sign in with one of the methods of the agent's AuthPrompt. */
  | { type: 'authenticate'; methodId: string }
  /** Open VS Code's Workspace Trust editor (shown while agents are held back in an untrusted workspace). */
  | { type: 'manageTrust' }
  | ComposerWebviewMessage
  | TranscriptWebviewMessage
  | { type: 'setPermissionLevel'; level: PolicyLevel }
  | SessionsWebviewMessage
  | ChangesWebviewMessage
  | StartingWebviewMessage
  | CheckpointWebviewMessage
  | SubagentWebviewMessage;

export type { EntryId };

/** Longest id the webview may send back (request keys, option ids). */
const MAX_ID_CHARS = 1024;

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_CHARS;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSessionScoped(type: string): type is SessionScopedType {
  return (SESSION_SCOPED_TYPES as readonly string[]).includes(type);
}

function isComposerTargeted(type: string): type is ComposerTargetedType {
  return (COMPOSER_TARGETED_TYPES as readonly string[]).includes(type);
}

/**
 * Returns the message if it is well formed, otherwise undefined. A message about a session must name it with a
 * session key; a prompt or a file search may name none (there is no session yet).
 */
export function parseWebviewMessage(value: unknown): WebviewToHost | undefined {
  if (!isObject(value) || typeof value.type !== 'string') return undefined;
  const message = parseUnscoped(value);
  if (!message) return undefined;
  const sessionKey = parseSessionKey(value.sessionKey);
  if (isSessionScoped(message.type)) return sessionKey ? ({ ...message, sessionKey } as WebviewToHost) : undefined;
  if (isComposerTargeted(message.type)) {
    if (value.sessionKey !== undefined && !sessionKey) return undefined;
    return (sessionKey ? { ...message, sessionKey } : message) as WebviewToHost;
  }
  return message as WebviewToHost;
}

function parseUnscoped(value: Record<string, unknown>): UnscopedWebviewToHost | undefined {
  switch (value.type) {
    case 'ready':
    case 'cancel':
    case 'newSession':
    case 'restartAgent':
    case 'manageTrust':
    case 'pickAgent':
    case 'runInstallCommand':
      return { type: value.type };
    case 'prompt':
      return parsePromptMessage(value);
    case 'permission':
      return isId(value.requestKey) && isId(value.optionId)
        ? { type: 'permission', requestKey: value.requestKey, optionId: value.optionId }
        : undefined;
    case 'authenticate':
      return typeof value.methodId === 'string' && value.methodId !== '' && value.methodId.length <= 512
        ? { type: 'authenticate', methodId: value.methodId }
        : undefined;
    case 'elicitation':
      return parseElicitationAnswer(value);
    case 'setPermissionLevel':
      return isPolicyLevel(value.level) ? { type: 'setPermissionLevel', level: value.level } : undefined;
    default:
      return (
        parseComposerMessage(value) ??
        parseTranscriptMessage(value) ??
        parseSessionsMessage(value) ??
        parseChangesMessage(value) ??
        parseStartingMessage(value) ??
        parseCheckpointMessage(value) ??
        parseSubagentMessage(value)
      );
  }
}
