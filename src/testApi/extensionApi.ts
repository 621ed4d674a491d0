// What activate() returns under tests (ExtensionMode.Test; see src/extension.ts): the extension's parts as the
// integration tests drive and watch them. Outside tests activate() returns nothing.
import type * as vscode from 'vscode';
import type { PalettePicks } from '../commands/quickPick';
import type { FilesApi } from '../services/files';
import type { FollowAgent } from '../editor/follow';
import type { AgentAuth } from '../auth/vscode/agentAuth';
import type { SessionHistory } from '../history/vscode/sessionHistory';
import type { PermissionPolicyApi } from '../policy/vscode/permissionPolicy';
import type { ReviewApi } from '../review/vscode/registerReview';
import type { ElicitationNotifier } from '../session/elicitationNotifier';
import type { PermissionNotifier } from '../session/permissionNotifier';
import type { ChatMessage } from '../session/chatHandlers';
import type { ComposerWebviewMessage } from '../shared/protocol/composerProtocol';
import type { SessionKey } from '../shared/sessionKey';
import type { SpilledTextApi } from '../chat/spilledText';
import type { TerminalOutputSource } from '../services/terminals/terminalBook';
import type { SessionsApi } from './sessionsApi';
import type { WorktreesApi } from '../worktrees/vscode/registerWorktrees';

/** What is held for one session (see AcpExtensionApi.heldBy). */
export interface SessionHoldings {
  open: boolean;
  /** What the session's parts hold: file baselines, remembered answers, live terminals, the review's hold. */
  parts: number;
  review: boolean;
  queued: number;
}

/** The composer's messages, sent as the side bar's chat sends them (through the chat's router). */
export interface ComposerApi {
  prompt(message: ChatMessage<'prompt'>): Promise<void>;
  handle(message: ChatMessage<ComposerWebviewMessage['type']>): Promise<void>;
}

/** What activate() returns under tests, and only there; the integration tests use it to drive and watch sessions. */
export interface AcpExtensionApi {
  /** The sessions (open ones, the shown one, the agents) as the tests drive them. */
  readonly sessions: SessionsApi;
  /** Resolves once the configured default agent is selected. */
  agentSelected(): Promise<void>;
  /** The composer's host side: structured prompts and their queue, reached as the chat view's messages reach it. */
  readonly composer: ComposerApi;
  /** Permission notifications shown while the chat view is hidden. */
  readonly permissionNotifier: PermissionNotifier;
  /** Elicitation notifications shown while the chat view is hidden. */
  readonly elicitationNotifier: ElicitationNotifier;
  /** The files service: the agents' writes as they happen, and prompts tests can answer. */
  readonly files: FilesApi;
  /** The output the chat's tool cards show: our terminals' and the commands agents run themselves (`_meta`). */
  readonly terminalOutputs: TerminalOutputSource;
  /** Follow the agent: opens and highlights the locations tool calls name, while `acp.followAgent` is on. */
  readonly follow: FollowAgent;
  /** The quick picks of the palette commands (Switch Agent, Switch Mode): tests answer them when shown. */
  readonly picks: PalettePicks;
  /** What agents changed: the ledger per session, the Agent Changes view, and dialogs tests can answer. */
  readonly review: ReviewApi;
  /** Worktree threads: their book and commands (tests answer the commands' questions through it). */
  readonly worktrees: WorktreesApi;
  /** The user's permission policy: its settings, audit log and rule offers. */
  readonly policy: PermissionPolicyApi;
  /** Signing in to agents (the chat's buttons, Log Out); tests answer its questions. */
  readonly auth: AgentAuth;
  /** Session history: the record, the history view's list, deleting, restoring after a reload. */
  readonly history: SessionHistory;
  /** This extension's log folder; VS Code writes its output channels (traffic log, agent logs) beside it. */
  readonly logUri: vscode.Uri;
  /** The extension's workspace storage (local copies of conversations, the history, the review) and global storage. */
  readonly storageUri: vscode.Uri | undefined;
  readonly globalStorageUri: vscode.Uri;
  /** Text kept outside memory: the whole text of cut messages, the entries dropped from long transcripts. */
  readonly spilledText: SpilledTextApi;
  /** What the extension holds for a session (tests count it): the features' parts, the review's hold, its queue. */
  heldBy(sessionKey: SessionKey): SessionHoldings;
}
