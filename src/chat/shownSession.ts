// Which session the chat shows, and what "the session on screen" means: the agent the header shows (the shown
// session's, or else the selected agent), a new session (created on the selected agent and shown; one never used
// makes way for it), prompts that name no session (to the shown one, or a new one) or the session a new one took the
// place of (to the new one), closing the shown session (the last open one comes up). The open sessions themselves are
// the SessionRegistry's, the agents the AgentPool's.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AuthMethod } from '../acp/authMethods';
import type { PromptParts } from '../shared/composerProtocol';
import type { SessionKey } from '../shared/sessionKey';
import type { AgentSummary, AuthPrompt } from '../shared/webviewProtocol';
import type { AgentPool, PooledAgent } from '../session/agentPool';
import type { AgentActions } from '../session/agentActions';
import type { Session } from '../session/session';
import { SessionAbandonedError, type OpenSession, type ReopenRequest, type SessionRegistry } from '../session/sessionRegistry';
import { AuthRequiredError } from '../acp/authMethods';
import type { ShownSessionSource } from '../session/shownSessionSource';
import type { StartingView } from '../shared/startingProtocol';
import { StartingState } from './startingState';
import type { Timers } from '../session/stopWatch';
import { headerStatusOf, HeaderStatusView } from '../shared/headerStatus';
import { sessionActivity } from '../session/openSessionView';

export class ShownSession implements ShownSessionSource {
  private shownKey: SessionKey | undefined;
  /** A session being created, so a prompt sent meanwhile joins it instead of making a second one. */
  private creating: Promise<OpenSession> | undefined;
  /**
   * The session on screen when a new session was asked for, while that new one is being created or is the one shown.
   * The chat names it in a prompt sent before it heard of the new session (the message was typed under the old one):
   * such a prompt goes to the new session, the one the chat shows, instead of vanishing into the one it left.
   */
  private replacedKey: SessionKey | undefined;
  private readonly agentEmitter = new Emitter<AgentSummary>();
  private readonly sessionEmitter = new Emitter<Session | undefined>();
  private readonly subscriptions: { dispose(): void }[];
  readonly onDidChangeAgent: Event<AgentSummary> = this.agentEmitter.event;
  readonly onDidChangeSession: Event<Session | undefined> = this.sessionEmitter.event;
  /** The session being started for the chat (and the message waiting for it), or the failure of that start. */
  private readonly startingState: StartingState;
  /** The earlier session whose bringing back failed, shown in the chat (Retry tries it again). */
  private failedReopen: (ReopenRequest & { title: string }) | undefined;
  readonly onDidChangeStarting: Event<StartingView | undefined>;

  constructor(
    private readonly pool: AgentPool,
    private readonly registry: SessionRegistry,
    private readonly actions: AgentActions,
    /** The extension's log. */
    private readonly log: (line: string) => void = () => undefined,
    /** The timers of the "still starting" note (default: real ones). */
    timers?: Timers,
  ) {
    this.startingState = new StartingState(timers);
    this.onDidChangeStarting = this.startingState.onDidChange;
    this.subscriptions = [
      pool.onDidChangeSummary((agent) => {
        if (agent === this.shownAgent()) this.agentEmitter.fire(agent.summary);
      }),
      pool.onDidChangeSelected((agent) => {
        if (this.shown && this.shown.agent !== agent) this.show(undefined);
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

  get agentDefinition(): AgentDefinition | undefined {
    return this.shownAgent()?.definition;
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
      start: this.startingState.current?.state,
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

  /** What the chat shows of a session being started (see StartingState). */
  get starting(): StartingView | undefined {
    return this.startingState.current;
  }

  /**
   * Starts a fresh session on the selected agent (starting the agent if needed) and shows it. While it starts the
   * chat says so; when it fails, the chat shows why (with a message waiting for it kept), and the promise rejects.
   */
  newSession(options: { cwd?: string } = {}): Promise<OpenSession> {
    const selected = this.pool.selected;
    const replaced = this.shownKey;
    this.replacedKey = replaced;
    // A failed message stays on screen (for Retry or Edit) while another session starts.
    const failedPrompt = this.startingState.current?.state === 'failed' && this.startingState.current.prompt;
    if (selected && !failedPrompt) this.startingState.begin(selected);
    const creating = this.createShown(options).then(
      (open) => {
        // A message waiting for it leaves the start row once it shows in the session (submitPrompt); a failed one stays.
        if (!this.startingState.current?.prompt) this.startingState.clear();
        return open;
      },
      (error: unknown) => {
        // The chat stays on the session it showed: prompts naming it go to it again.
        if (this.shownKey === replaced && this.replacedKey === replaced) this.replacedKey = undefined;
        if (selected && this.pool.selected === selected) this.startingState.fail(selected, error);
        throw error;
      },
    );
    const tracked = creating.finally(() => {
      if (this.creating === tracked) this.creating = undefined;
    });
    this.creating = tracked;
    return tracked;
  }

  /** The chat came on screen with no session: one is started for it (failures show in the chat). */
  async startForView(): Promise<void> {
    const status = this.agent?.status;
    if (this.session || this.creating || (status !== 'notStarted' && status !== 'stopped')) return;
    await this.newSession().catch(() => undefined);
  }

  /** Tries the failed start again: its message is sent once the session is up (or the earlier session is opened again). */
  async retryStart(): Promise<void> {
    const view = this.startingState.current;
    if (view?.state !== 'failed') return;
    if (view.reopen && this.failedReopen) {
      await this.openFromHistory(this.failedReopen).catch(() => undefined);
      return;
    }
    const prompt = view.prompt;
    if (!prompt) {
      await this.newSession().catch(() => undefined);
      return;
    }
    const live = this.shown;
    // A session came up meanwhile (New session): the message goes there.
    if (live && !live.opening && !live.session.ended && !this.creating) {
      await this.registry.submitPrompt(live.key, prompt, () => this.startingState.clear());
      return;
    }
    await this.submitPrompt(undefined, prompt);
  }

  /** Forgets the failed start (its message went back into the composer). */
  dismissStart(): void {
    if (this.startingState.current?.state === 'failed') this.startingState.clear();
  }

  /** Brings an earlier session back (see SessionRegistry.reopen), shown unless the request says not to. */
  async reopen(request: ReopenRequest): Promise<OpenSession> {
    const show = request.show !== false;
    const already = this.registry.find(request.agentId, request.sessionId);
    if (already) {
      if (show) this.show(already.key);
      return already;
    }
    return this.registry.reopen(request, show ? (open) => this.show(open.key) : undefined);
  }

  async openFromHistory(request: ReopenRequest & { title: string }): Promise<void> {
    if (this.startingState.current?.reopen) this.startingState.clear();
    this.failedReopen = undefined;
    try {
      await this.reopen({ ...request, show: true });
    } catch (error) {
      const agent = this.pool.get(request.agentId);
      if (!agent || error instanceof SessionAbandonedError || error instanceof AuthRequiredError) throw error;
      this.failedReopen = request;
      this.startingState.failReopen(agent, error, request.title);
    }
  }

  async close(key: SessionKey): Promise<void> {
    const wasShown = this.shownKey === key;
    // The session leaves the open ones before close's first await: the last one left comes up right away.
    const closing = this.registry.close(key);
    const next = this.registry.openSessions.at(-1);
    if (wasShown && next) this.show(next.key);
    await closing;
  }

  /**
   * Sends the composer's prompt to the session it names, or queues it there while its agent works. No session named
   * (none was shown): to the shown one, or a new one; naming the session a new one replaces (sent before the chat heard
   * of the new one): to the new one. A session whose agent went away is brought back first where the agent can load
   * it (else a new session takes the prompt). `shown` is called once the message is on screen: in the
   * transcript or the queue, or, while a session is started for it, as the message waiting ("Starting <agent>…").
   * A failed start does not reject: the chat shows the failure under the message (see StartingState); a prompt that
   * could not be taken at all rejects before `shown`.
   */
  async submitPrompt(key: SessionKey | undefined, parts: PromptParts, shown: () => void = () => undefined): Promise<void> {
    const meant = this.meant(key);
    const named = meant === undefined ? this.shown : this.registry.require(meant);
    if (named?.opening) throw new Error('The session is still being brought back: wait until its conversation shows.');
    if (named && !named.session.ended && (meant !== undefined || !this.creating)) {
      await this.registry.submitPrompt(named.key, parts, shown);
      return;
    }
    const agent = named?.session.ended ? named.agent : this.pool.selected;
    if (!agent) throw new Error('No agent is selected.');
    const earlier = this.startingState.current?.prompt;
    if (earlier && this.startingState.current?.state === 'starting') {
      throw new Error(`${agent.definition.name} is still starting with your previous message: send this one once that shows.`);
    }
    // (The failed message itself comes back with Retry.)
    if (earlier && earlier !== parts) throw new Error('Your earlier message was not sent: Retry it, or Edit it into this one, first.');
    this.startingState.begin(agent, parts);
    shown();
    let target: OpenSession;
    try {
      target = await this.startTarget(named);
    } catch (error) {
      // newSession said it already (a failure of its own start); a revive did not.
      if (this.startingState.current?.state !== 'failed') this.startingState.fail(agent, error, parts);
      return;
    }
    try {
      await this.registry.submitPrompt(target.key, parts, () => this.startingState.clear());
    } catch (error) {
      if (this.startingState.current?.prompt !== parts) throw error;
      this.startingState.fail(agent, error, parts);
    }
  }

  /** The open session a prompt goes to (see submitPrompt), without showing a message waiting for it (the test API). */
  async promptTarget(key: SessionKey | undefined): Promise<OpenSession> {
    const meant = this.meant(key);
    const named = meant === undefined ? this.shown : this.registry.require(meant);
    if (named?.opening) throw new Error('The session is still being brought back: wait until its conversation shows.');
    if (named && !named.session.ended && (meant !== undefined || !this.creating)) return named;
    return this.startTarget(named);
  }

  /** The session a prompt naming `key` is meant for; none (the shown one, or the one being created) for the one a new session replaces. */
  private meant(key: SessionKey | undefined): SessionKey | undefined {
    if (key === undefined || key !== this.replacedKey) return key;
    this.log(`A message to session ${key}, sent before the chat showed the new session that replaces it, goes to the new one.`);
    return undefined;
  }

  /** The session a prompt that found none goes to: the ended one brought back, the one being created, or a new one. */
  private async startTarget(named: OpenSession | undefined): Promise<OpenSession> {
    if (named?.session.ended) return (await this.registry.revive(named, (open) => this.show(open.key))) ?? (await this.newSession());
    return this.creating ?? this.newSession();
  }

  get authMethods(): AuthMethod[] {
    const agent = this.shownAgent();
    return agent ? this.actions.authMethods(agent) : [];
  }

  updateAuthPrompt(change: Pick<AuthPrompt, 'pendingMethodId' | 'error'>): void {
    const agent = this.shownAgent();
    if (agent) this.actions.updateAuthPrompt(agent, change);
  }

  async authenticate(methodId: string): Promise<OpenSession> {
    await this.actions.authenticate(this.requireAgent(), methodId);
    return this.newSession();
  }

  /** Restarts the agent (it reads new credentials from its environment or its own login), then starts a session. */
  async reconnect(): Promise<OpenSession> {
    await this.restartAgent();
    return this.newSession();
  }

  get offersLogout(): boolean {
    return this.actions.offersLogout(this.shownAgent());
  }

  async logout(): Promise<void> {
    await this.actions.logout(this.requireAgent());
  }

  /**
   * Restarts the shown agent (ACP: Restart Agent, the chat's Restart buttons), also while it starts or hangs. The shown
   * session's running turn (one that would not stop) ends cancelled and stays on screen; the messages queued behind
   * it are kept and go, in order, to the session that takes over (see sendQueued). A start under way for the chat goes
   * on with the restarted agent.
   */
  async restartAgent(): Promise<void> {
    const agent = this.requireAgent();
    const open = this.shown;
    const stuck = open && open.agent === agent && !open.session.ended && open.session.busy ? open : undefined;
    const queued = stuck ? stuck.prompts.queue.takeAll().map((item) => item.parts) : [];
    const waiting = this.startingState.current;
    // The message first in line waits on screen while the agent restarts; a start under way counts its time anew.
    if (queued[0]) this.startingState.begin(agent, queued[0]);
    else if (waiting?.state === 'starting' && waiting.agentId === agent.definition.id) this.startingState.begin(agent);
    try {
      await this.actions.restart(agent, stuck);
    } catch (error) {
      if (queued[0]) this.startingState.fail(agent, error, queued[0]);
      throw error;
    }
    if (stuck && queued.length > 0) await this.sendQueued(stuck, queued);
  }

  /**
   * The messages queued in a session whose agent was restarted go to the session that takes over from it: the same
   * conversation brought back with session/load when the agent offers it (nothing is lost), else a new session. The
   * first is sent there, the others queue behind it; resolves once the first is in that session's transcript.
   */
  private async sendQueued(ended: OpenSession, queued: PromptParts[]): Promise<void> {
    const [first, ...rest] = queued;
    let target: OpenSession;
    try {
      target = await this.startTarget(ended);
    } catch (error) {
      if (this.startingState.current?.state !== 'failed') this.startingState.fail(ended.agent, error, first);
      return;
    }
    let onScreen!: () => void;
    const shown = new Promise<void>((resolve) => (onScreen = resolve));
    const turn = this.registry.submitPrompt(target.key, first, () => {
      this.startingState.clear();
      onScreen();
    });
    for (const parts of rest) await this.registry.submitPrompt(target.key, parts);
    turn.catch((error: unknown) => {
      if (this.startingState.current?.prompt === first) this.startingState.fail(ended.agent, error, first);
      else this.log(`A queued message could not be sent to the restarted agent: ${error instanceof Error ? error.message : String(error)}`);
    });
    await Promise.race([shown, turn.catch(() => undefined)]);
  }

  dispose(): void {
    this.startingState.dispose();
    this.subscriptions.forEach((subscription) => subscription.dispose());
    this.agentEmitter.dispose();
    this.sessionEmitter.dispose();
  }

  private async createShown(options: { cwd?: string }): Promise<OpenSession> {
    const selected = this.pool.selected;
    if (!selected) throw new Error('No agent is selected.');
    let previous: OpenSession | undefined;
    const open = await this.registry.create(selected, options, (added) => {
      previous = this.shown;
      this.show(added.key);
      // The chat may still show the previous session for a moment: a prompt sent under it comes here.
      this.replacedKey = previous?.key;
    });
    // A session never used (nothing said in it) makes way for the new one instead of piling up in the list.
    if (previous && !previous.opening && previous.session.state.entries.length === 0) await this.close(previous.key);
    return open;
  }

  private setShown(key: SessionKey | undefined): void {
    const before = this.shownAgent();
    // Another session on screen: an earlier failure to bring one back is no longer the news.
    if (key !== undefined && this.startingState.current?.reopen) {
      this.startingState.clear();
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

  private requireAgent(): PooledAgent {
    const agent = this.shownAgent();
    if (!agent) throw new Error('No agent is selected.');
    return agent;
  }
}
