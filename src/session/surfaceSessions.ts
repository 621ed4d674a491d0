// Which session a chat surface (the side-bar chat, an editor tab) shows, as the parts that follow it see it (the
// view, the composer's queue, the review's current ledger, follow-along, the palette commands), and how sessions are
// started and brought back for a surface. The chat owns the implementations (src/chat/chatSurface.ts,
// src/chat/chatStarter.ts); the interfaces live here so those parts need not import the chat. No `vscode` here.
import type { Event } from 'vscode-jsonrpc/node';
import type { PromptParts } from '../shared/protocol/composerProtocol';
import type { SessionKey } from '../shared/sessionKey';
import type { StartingView } from '../shared/protocol/startingProtocol';
import type { AgentSummary } from '../shared/protocol/webviewProtocol';
import type { PooledAgent } from './agentPool';
import type { Session } from './session';
import type { OpenSession, ReopenRequest } from './sessionRegistry';

export interface SurfaceSessions {
  /** For the log: "side bar", "tab 2". */
  readonly name: string;
  /** The open session shown on this surface. */
  readonly shown: OpenSession | undefined;
  /** Its key. */
  readonly currentKey: SessionKey | undefined;
  /** Its session. */
  readonly session: Session | undefined;
  /** The agent the surface's header shows: the shown session's, or else the selected agent. */
  shownAgent(): PooledAgent | undefined;
  /** Its status. */
  readonly agent: AgentSummary | undefined;
  /** What the surface shows of a session being started, or of one that could not be brought back (see StartingView). */
  readonly starting: StartingView | undefined;
  /** Another session is shown here (or none is). */
  readonly onDidChangeSession: Event<Session | undefined>;
  /** Status of the shown session's agent (or of the selected agent when no session is shown). */
  readonly onDidChangeAgent: Event<AgentSummary>;
  readonly onDidChangeStarting: Event<StartingView | undefined>;
  /** Shows an open session here (undefined: none). */
  show(key: SessionKey | undefined): void;
}

/** The sessions on some surface (each chat view follows what its surface shows). */
export interface ShownSessions {
  /** The keys of the sessions some surface shows. */
  shownKeys(): SessionKey[];
  /** A surface shows another session, or a surface came or went. */
  readonly onDidChangeShown: Event<void>;
}

/** The surface palette commands act on: the focused chat tab, else the side-bar chat. */
export interface ActiveSurface extends ShownSessions {
  current(): SurfaceSessions;
  /** The side-bar chat (history reopens there; it is always there). */
  readonly sideBar: SurfaceSessions;
  /** The session the active surface shows changed, or another surface became active. */
  readonly onDidChangeSession: Event<Session | undefined>;
}

/** Starting, bringing back and prompting sessions for a surface; each method names the surface it acts for. */
export interface SessionStarter {
  /** Starts a fresh session on the selected agent and shows it on the surface. */
  newSession(surface: SurfaceSessions, options?: { cwd?: string }): Promise<OpenSession>;
  /** The surface came on screen with no session: one is started for it (failures show on it). */
  startForView(surface: SurfaceSessions): Promise<void>;
  /** Tries the surface's failed start again. */
  retryStart(surface: SurfaceSessions): Promise<void>;
  /** Forgets the surface's failed start (its message went back into the composer). */
  dismissStart(surface: SurfaceSessions): void;
  /** Brings an earlier session back, shown on `surface` when one is given (else only opened). */
  reopen(request: ReopenRequest, surface?: SurfaceSessions): Promise<OpenSession>;
  /**
   * Brings an earlier session back for the user (History) and shows it on the surface. When that fails the surface
   * says why under the session's title, with Retry, and this resolves; it rejects only when it could not be said (no
   * such agent, a sign-in needed) or the user closed the session while it loaded (SessionAbandonedError).
   */
  openFromHistory(surface: SurfaceSessions, request: ReopenRequest & { title: string }): Promise<void>;
  /** Closes an open session; the side-bar chat, when it showed it, shows the last open one instead. */
  close(key: SessionKey): Promise<void>;
  /**
   * Sends a composer's prompt to the session it names, or (none named) to the surface's session or a new one on it;
   * `shown` is called once the message is on screen.
   */
  submitPrompt(surface: SurfaceSessions, key: SessionKey | undefined, parts: PromptParts, shown?: () => void): Promise<void>;
  /** The open session a prompt goes to (see submitPrompt), without showing a message waiting for it. */
  promptTarget(surface: SurfaceSessions, key: SessionKey | undefined): Promise<OpenSession>;
  /** Signs in through the surface's agent, then starts a session on it. */
  authenticate(surface: SurfaceSessions, methodId: string): Promise<OpenSession>;
  /** Restarts the surface's agent, then starts a session on it. */
  reconnect(surface: SurfaceSessions): Promise<OpenSession>;
  /** Restarts the surface's agent; its sessions close (a running turn on the surface ends and its queue moves on). */
  restartAgent(surface: SurfaceSessions): Promise<void>;
}
