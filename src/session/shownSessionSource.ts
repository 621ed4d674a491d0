// Which session the chat shows, as the parts that follow it see it (the view, the composer's queue, the review's
// current ledger, follow-along, the palette commands that act on what the user sees). The chat owns it (see
// src/chat/shownSession.ts); this interface lives here so those parts need not import the chat.
import type { Event } from 'vscode-jsonrpc/node';
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AuthMethod } from '../acp/authMethods';
import type { PromptParts } from '../shared/composerProtocol';
import type { SessionKey } from '../shared/sessionKey';
import type { StartingView } from '../shared/startingProtocol';
import type { AgentSummary, AuthPrompt } from '../shared/webviewProtocol';
import type { PooledAgent } from './agentPool';
import type { Session } from './session';
import type { OpenSession, ReopenRequest } from './sessionRegistry';

export interface ShownSessionSource {
  /** The open session shown in the chat. */
  readonly shown: OpenSession | undefined;
  /** Its key. */
  readonly currentKey: SessionKey | undefined;
  /** Its session. */
  readonly session: Session | undefined;
  /** The agent the chat's header shows: the shown session's, or else the selected agent. */
  shownAgent(): PooledAgent | undefined;
  /** Its status. */
  readonly agent: AgentSummary | undefined;
  /** Its settings entry. */
  readonly agentDefinition: AgentDefinition | undefined;
  /** Another session is shown in the chat (or none is). */
  readonly onDidChangeSession: Event<Session | undefined>;
  /** Status of the shown session's agent (or of the selected agent when no session is shown). */
  readonly onDidChangeAgent: Event<AgentSummary>;
  /** Shows an open session in the chat (undefined: none). */
  show(key: SessionKey | undefined): void;
  /** Starts a fresh session on the selected agent and shows it. */
  newSession(options?: { cwd?: string }): Promise<OpenSession>;
  /** Brings an earlier session back, shown unless the request says not to. */
  reopen(request: ReopenRequest): Promise<OpenSession>;
  /**
   * Brings an earlier session back for the user (History) and shows it. When that fails the chat says why under the
   * session's title, with Retry, and this resolves; it rejects only when the chat could not say it (no such agent, a
   * sign-in needed) or the user closed the session while it loaded (SessionAbandonedError).
   */
  openFromHistory(request: ReopenRequest & { title: string }): Promise<void>;
  /** What the chat shows of a session being started, or of one that could not be brought back (see StartingView). */
  readonly starting: StartingView | undefined;
  /** Closes an open session; when it was shown, the last open one is shown instead. */
  close(key: SessionKey): Promise<void>;
  /**
   * Sends the composer's prompt to the session it names, or (none named) to the shown one or a new one; `shown` is
   * called once the message is on screen.
   */
  submitPrompt(key: SessionKey | undefined, parts: PromptParts, shown?: () => void): Promise<void>;
  /** The shown agent's authentication methods. */
  readonly authMethods: AuthMethod[];
  /** Shows progress or a failure on the chat's sign-in message. */
  updateAuthPrompt(change: Pick<AuthPrompt, 'pendingMethodId' | 'error'>): void;
  /** Signs in through the shown agent, then starts a session. */
  authenticate(methodId: string): Promise<OpenSession>;
  /** Restarts the shown agent, then starts a session. */
  reconnect(): Promise<OpenSession>;
  /** True when the shown agent is running and advertises `logout`. */
  readonly offersLogout: boolean;
  /** `logout` of the shown agent. */
  logout(): Promise<void>;
  /** Restarts the shown session's agent (or the selected one); its sessions close. */
  restartAgent(): Promise<void>;
}
