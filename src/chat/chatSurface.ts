// One chat surface (the side-bar chat, or an editor tab): which session it shows, the agent its header shows (the
// shown session's, else the selected agent), what it shows of a start under way, and what its header says. The
// ChatStarter starts sessions for it and writes its start state; the open sessions are the SessionRegistry's.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { SessionKey } from '../shared/sessionKey';
import type { AgentSummary } from '../shared/protocol/webviewProtocol';
import type { AgentPool, PooledAgent } from '../session/agentPool';
import type { Session } from '../session/session';
import type { OpenSession, ReopenRequest, SessionRegistry } from '../session/sessionRegistry';
import type { SurfaceSessions } from '../session/surfaceSessions';
import type { StartingView } from '../shared/protocol/startingProtocol';
import { StartingState } from './startingState';
import type { Timers } from '../session/stopWatch';
import { headerStatusOf, HeaderStatusView } from '../shared/headerStatus';
import { sessionActivity } from '../session/openSessionView';

export interface ChatSurfaceOptions {
  /** For the log: "side bar", "tab 2". */
  name: string;
  /**
   * The side-bar chat follows the agent picked in its header: another agent picked, the session of the former one
   * leaves it. A tab is bound to its session and keeps it.
   */
  followsSelectedAgent: boolean;
  /** The timers of the "still starting" note (default: real ones). */
  timers?: Timers;
}

export class ChatSurface implements SurfaceSessions {
  readonly name: string;
  private shownKey: SessionKey | undefined;
  /** The starter's: a session being created here, so a prompt sent meanwhile joins it instead of making a second one. */
  creating: Promise<OpenSession> | undefined;
  /**
   * The starter's: the session on screen when a new session was asked for, while that new one is being created or is
   * the one shown. The chat names it in a prompt sent before it heard of the new session (the message was typed under
   * the old one): such a prompt goes to the new session instead of vanishing into the one it left.
   */
  replacedKey: SessionKey | undefined;
  /** The starter's: the session being started here (and the message waiting for it), or the failure of that start. */
  readonly start: StartingState;
  /** The starter's: the earlier session whose bringing back failed, shown here (Retry tries it again). */
  failedReopen: (ReopenRequest & { title: string }) | undefined;
  private readonly agentEmitter = new Emitter<AgentSummary>();
  private readonly sessionEmitter = new Emitter<Session | undefined>();
  private readonly subscriptions: { dispose(): void }[];
  readonly onDidChangeAgent: Event<AgentSummary> = this.agentEmitter.event;
  readonly onDidChangeSession: Event<Session | undefined> = this.sessionEmitter.event;
  readonly onDidChangeStarting: Event<StartingView | undefined>;

  constructor(
    private readonly pool: AgentPool,
    private readonly registry: SessionRegistry,
    options: ChatSurfaceOptions,
  ) {
    this.name = options.name;
    this.start = new StartingState(options.timers);
    this.onDidChangeStarting = this.start.onDidChange;
    this.subscriptions = [
      pool.onDidChangeSummary((agent) => {
        if (agent === this.shownAgent()) this.agentEmitter.fire(agent.summary);
      }),
      pool.onDidChangeSelected((agent) => {
        if (!options.followsSelectedAgent) {
          if (!this.shown) this.agentEmitter.fire(agent.summary);
        } else if (this.shown && this.shown.agent !== agent) this.show(undefined);
        else this.agentEmitter.fire(agent.summary);
      }),
      registry.onDidCloseSession((open) => {
        if (this.shownKey === open.key) this.setShown(undefined);
      }),
      registry.onDidFinishOpening((open) => {
        if (this.shownKey === open.key) this.sessionEmitter.fire(open.session);
      }),
    ];
  }

  get shown(): OpenSession | undefined {
    return this.shownKey === undefined ? undefined : this.registry.get(this.shownKey);
  }

  get session(): Session | undefined {
    return this.shown?.session;
  }

  get currentKey(): SessionKey | undefined {
    return this.shownKey;
  }

  shownAgent(): PooledAgent | undefined {
    return this.shown?.agent ?? this.pool.selected;
  }

  get agent(): AgentSummary | undefined {
    return this.shownAgent()?.summary;
  }

  /** What the surface shows of a session being started (see StartingState). */
  get starting(): StartingView | undefined {
    return this.start.current;
  }

  show(key: SessionKey | undefined): void {
    if (key !== undefined && !this.registry.get(key)) throw new Error('That session is not open any more.');
    if (key === this.shownKey) return;
    this.setShown(key);
  }

  /** What the header says the user can do next, from the shown session, the start under way and the agent (headerStatus.ts). */
  get headerStatus(): HeaderStatusView {
    const open = this.shown;
    const state = open?.session.state;
    return headerStatusOf({
      agent: this.agent?.status,
      start: this.start.current?.state,
      session:
        open && state
          ? {
              turn: state.header.turn,
              turnStartedAt: state.header.turnStartedAt,
              turnFailed: state.header.turnFailed,
              opening: open.opening,
              ended: open.session.ended,
              needsYou: sessionActivity(state, { opening: false, ended: false }) === 'needsYou',
              stopOverdue: open.session.stopOverdue,
            }
          : undefined,
    });
  }

  dispose(): void {
    this.start.dispose();
    this.subscriptions.forEach((subscription) => subscription.dispose());
    this.agentEmitter.dispose();
    this.sessionEmitter.dispose();
  }

  private setShown(key: SessionKey | undefined): void {
    const before = this.shownAgent();
    // Another session on screen: an earlier failure to bring one back is no longer the news.
    if (key !== undefined && this.start.current?.reopen) {
      this.start.clear();
      this.failedReopen = undefined;
    }
    this.shownKey = key;
    // Another session shown (by the user, or a new one): prompts name the sessions they mean again.
    this.replacedKey = undefined;
    this.sessionEmitter.fire(this.session);
    const after = this.shownAgent();
    if (after && after !== before) this.agentEmitter.fire(after.summary);
    // The list marks the shown session.
    this.registry.noteListChange();
  }
}
