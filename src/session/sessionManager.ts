// The panel's sessions: several open at once, across agents (each agent runs once, in the AgentPool), one of them
// shown in the chat. Creates sessions on the selected agent, brings earlier ones back (session/load or
// session/resume, whichever the agent offers), closes them (session/close when offered), and reports the shown
// session, its agent's status and the list of open sessions. No `vscode` here; the glue injects how runtimes are
// made, the folders and the settings.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AgentRuntime } from '../acp/agentRuntime';
import { AuthMethod, AuthRequiredError, isAuthRequired, advertisesLogout } from '../acp/authMethods';
import { describeMcpServers, selectMcpServers } from '../config/mcpServers';
import type { ContentBlock, McpServer, PromptCapabilities } from '../shared/acp';
import type { ConfigValue } from '../shared/composerProtocol';
import type { OpenSessionView } from '../shared/sessionsProtocol';
import type { AgentSummary, AuthPrompt } from '../shared/webviewProtocol';
import { AgentPool, PooledAgent, UNTRUSTED_WORKSPACE_MESSAGE } from './agentPool';
import { AgentDefaults, AgentDefaultsStore, defaultsToApply, NO_DEFAULTS, rememberMode, rememberOption } from '../config/agentDefaults';
import type { ClientServices } from '../acp/clientRequests';
import { LifecycleCapabilities, NO_LIFECYCLE, reopenMethod } from './lifecycleCapabilities';
import { sessionActivity, sessionTitle } from './openSessionView';
import type { PermissionGate } from './permissionGate';
import { restrictToCapabilities } from './promptContent';
import { Session } from './session';
import { SessionPrompts } from './sessionPrompts';
import type { PromptParts } from '../shared/composerProtocol';
import { SessionKey, SessionKeys } from '../shared/sessionKey';
import { describeError } from '../shared/errors';

export { UNTRUSTED_WORKSPACE_MESSAGE };

export interface SessionManagerDeps {
  createRuntime(agent: AgentDefinition): AgentRuntime;
  /** The folder new sessions work in unless one is chosen (the first workspace folder). */
  cwd(): string;
  /** Folders the agent may use without asking (the workspace folders). */
  roots(): string[];
  /** The fs/* and terminal/* services sessions offer the agent. */
  services: ClientServices;
  log(line: string): void;
  /** False while the workspace is not trusted: agents are then not started (default: trusted). */
  workspaceTrusted?(): boolean;
  /** The user's permission policy for the sessions of an agent (default: the user answers every request). */
  permissionGate?(agentId: string): PermissionGate;
  /** The MCP servers of the user's settings (the agent gets those its capabilities allow). */
  mcpServers?(): McpServer[];
  /** Where each agent's remembered config option values and mode are kept. */
  defaults?: AgentDefaultsStore;
  /** The settings entry of an agent that is not the selected one (to bring back its sessions). */
  findAgent?(agentId: string): AgentDefinition | undefined;
  /** How to get a missing agent command, when known (the presets' install hints). */
  installHint?(command: string): string | undefined;
  /** The composer's parts as the content of a prompt to an agent with these capabilities (default: the text). */
  resolvePrompt?(parts: PromptParts, capabilities: PromptCapabilities): Promise<ContentBlock[]>;
  /** A queued prompt could not be sent. */
  onQueuedPromptError?(error: unknown): void;
}


/** Builds a prompt once the agent is up, so it can follow the agent's prompt capabilities. */
export type PromptBuilder = (capabilities: PromptCapabilities) => Promise<ContentBlock[]>;

/** A session open in the panel. */
export interface OpenSession {
  readonly key: SessionKey;
  readonly session: Session;
  readonly agent: PooledAgent;
  readonly cwd: string;
  /** Being loaded or resumed: the agent is replaying or restoring it. */
  opening: boolean;
  /** The title the history knew, until the session has its own. */
  knownTitle?: string;
  /** Its prompts from the composer: sent, or queued while its agent works. */
  readonly prompts: SessionPrompts;
  subscriptions: { dispose(): void }[];
}

/** An earlier session to bring back. */
export interface ReopenRequest {
  agentId: string;
  sessionId: string;
  /** The session's working folder (from the history); the default folder when unknown. */
  cwd?: string;
  title?: string;
  /** Show it in the chat (default true). */
  show?: boolean;
}

const LIST_NOTIFY_MS = 50;

export class SessionManager {
  private readonly pool: AgentPool;
  private readonly open = new Map<string, OpenSession>();
  private shownKey: SessionKey | undefined;
  private readonly keys = new SessionKeys();
  /** A session being created, so a prompt sent meanwhile joins it instead of making a second one. */
  private creating: Promise<Session> | undefined;
  private listTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly agentEmitter = new Emitter<AgentSummary>();
  private readonly sessionEmitter = new Emitter<Session | undefined>();
  private readonly sessionsEmitter = new Emitter<void>();
  private readonly openedEmitter = new Emitter<OpenSession>();
  private readonly closedEmitter = new Emitter<OpenSession>();
  /** Status of the shown session's agent (or of the selected agent when no session is shown). */
  readonly onDidChangeAgent: Event<AgentSummary> = this.agentEmitter.event;
  /** Another session is shown in the chat (or none is). */
  readonly onDidChangeSession: Event<Session | undefined> = this.sessionEmitter.event;
  /** The open sessions changed: one opened, closed, was shown, or changed title or activity (coalesced). */
  readonly onDidChangeSessions: Event<void> = this.sessionsEmitter.event;
  readonly onDidOpenSession: Event<OpenSession> = this.openedEmitter.event;
  readonly onDidCloseSession: Event<OpenSession> = this.closedEmitter.event;

  constructor(private readonly deps: SessionManagerDeps) {
    this.pool = new AgentPool(deps);
    this.pool.onDidChangeSummary((agent) => {
      if (agent === this.shownAgent()) this.agentEmitter.fire(agent.summary);
    });
    this.pool.onDidChangeState(({ agent, change }) => {
      if (change.state !== 'failed') return;
      for (const open of this.sessionsOf(agent)) open.session.agentLost(change.message ?? 'The agent stopped.');
      this.scheduleListChange();
    });
    this.pool.onDidChangeSelected((agent) => {
      if (this.shown && this.shown.agent !== agent) this.show(undefined);
      else this.agentEmitter.fire(agent.summary);
    });
    this.pool.onWillRetire((agent) => this.sessionsOf(agent).forEach((open) => void this.remove(open)));
  }

  /** Status of the shown session's agent, or of the selected agent. */
  get agent(): AgentSummary | undefined {
    return this.shownAgent()?.summary;
  }

  /** The settings entry of the shown session's agent, or of the selected agent. */
  get agentDefinition(): AgentDefinition | undefined {
    return this.shownAgent()?.definition;
  }

  /** The selected agent: the one new sessions use. */
  get selectedAgent(): AgentDefinition | undefined {
    return this.pool.selected?.definition;
  }

  /** The session shown in the chat. */
  get session(): Session | undefined {
    return this.shown?.session;
  }

  get currentKey(): SessionKey | undefined {
    return this.shownKey;
  }

  /** The open sessions, in the order they were opened. */
  get openSessions(): readonly OpenSession[] {
    return [...this.open.values()];
  }

  /** The process id of the shown session's agent while it runs (tests use it to play a crash). */
  get agentPid(): number | undefined {
    return this.shownAgent()?.runtime.pid;
  }

  /** What the shown agent accepts in prompts; undefined until it has answered `initialize`. */
  get promptCapabilities(): PromptCapabilities | undefined {
    return this.shownAgent()?.summary.promptCapabilities;
  }

  /** What a running agent offers of the session lifecycle (nothing while it has not answered `initialize`). */
  lifecycleOf(agentId: string): LifecycleCapabilities {
    const agent = this.pool.get(agentId);
    return agent ? this.pool.lifecycle(agent) : NO_LIFECYCLE;
  }

  /** The open session with this key. */
  get(key: SessionKey): OpenSession | undefined {
    return this.open.get(key);
  }

  /** The open session of an agent's session id. */
  find(agentId: string, sessionId: string): OpenSession | undefined {
    return this.openSessions.find((open) => open.agent.definition.id === agentId && open.session.sessionId === sessionId);
  }

  /** The rows of the panel's session switcher. */
  sessionViews(): OpenSessionView[] {
    return this.openSessions.map((open) => ({
      key: open.key,
      agentId: open.agent.definition.id,
      agentName: open.agent.definition.name,
      title: sessionTitle(open.session.state, open.knownTitle),
      cwd: open.cwd,
      activity: sessionActivity(open.session.state, { opening: open.opening, ended: open.session.ended }),
    }));
  }

  /** Chooses the agent for new sessions. Sessions of other agents stay open; an agent nobody uses any more stops. */
  useAgent(definition: AgentDefinition): Promise<void> {
    return this.pool.useAgent(definition);
  }

  /**
   * The agent settings changed: an agent no longer in them, or whose launch (command, args, env) changed, stops and
   * its sessions close.
   */
  syncAgents(definitions: readonly AgentDefinition[]): Promise<void> {
    return this.pool.syncAgents(definitions);
  }

  /** Starts a fresh session on the selected agent (starting the agent if needed) and shows it. */
  newSession(options: { cwd?: string } = {}): Promise<Session> {
    const creating = this.createSession(options).finally(() => {
      if (this.creating === creating) this.creating = undefined;
    });
    this.creating = creating;
    return creating;
  }

  /** Shows an open session in the chat (undefined: none). */
  show(key: SessionKey | undefined): void {
    if (key !== undefined && !this.open.has(key)) throw new Error('That session is not open any more.');
    if (key === this.shownKey) return;
    const before = this.shownAgent();
    this.shownKey = key;
    this.sessionEmitter.fire(this.session);
    const after = this.shownAgent();
    if (after && after !== before) this.agentEmitter.fire(after.summary);
    this.scheduleListChange();
  }

  /**
   * Brings an earlier session back: shows it when it is open, otherwise loads it (the agent replays the conversation)
   * or resumes it (no replay), whichever the agent offers, starting the agent when needed.
   */
  async reopen(request: ReopenRequest): Promise<OpenSession> {
    const already = this.find(request.agentId, request.sessionId);
    if (already) {
      if (request.show !== false) this.show(already.key);
      return already;
    }
    const agent = this.agentFor(request.agentId);
    await this.pool.ensureStarted(agent);
    const lifecycle = this.pool.lifecycle(agent);
    const method = reopenMethod(lifecycle);
    if (!method) throw new Error(`${agent.definition.name} cannot bring back earlier sessions.`);
    const cwd = request.cwd ?? this.deps.cwd();
    const open = this.attach(agent, request.sessionId, cwd, true);
    open.knownTitle = request.title;
    this.add(open, request.show !== false);
    const params = { sessionId: request.sessionId, cwd, mcpServers: this.mcpServersFor(agent), ...this.additionalDirectories(lifecycle, cwd) };
    try {
      const response =
        method === 'load' ? await agent.runtime.connection.loadSession(params) : await agent.runtime.connection.resumeSession(params);
      open.session.applySetup(response);
    } catch (error) {
      await this.remove(open);
      if (isAuthRequired(error)) {
        this.pool.requireAuth(agent, error);
        throw new AuthRequiredError(agent.definition.name);
      }
      throw new Error(`${agent.definition.name} could not bring the session back: ${describeError(error)}`);
    }
    if (method === 'resume') open.session.resumedWithoutReplay();
    open.opening = false;
    this.scheduleListChange();
    if (this.shownKey === open.key) this.sessionEmitter.fire(open.session);
    return open;
  }

  /**
   * A session whose agent went away, brought back by the restarted agent with `session/load` (its conversation
   * replayed, so nothing is lost); undefined when the agent cannot load sessions (the caller starts a new one).
   */
  private async revive(ended: OpenSession): Promise<Session | undefined> {
    const agent = ended.agent;
    if (this.pool.get(agent.definition.id) !== agent) return undefined;
    await this.pool.ensureStarted(agent);
    if (!this.pool.lifecycle(agent).load) return undefined;
    const request = { agentId: agent.definition.id, sessionId: ended.session.sessionId, cwd: ended.cwd, title: sessionTitle(ended.session.state, ended.knownTitle) };
    await this.remove(ended);
    return (await this.reopen(request)).session;
  }

  /** Closes an open session: `session/close` when the agent offers it, else its turn is cancelled. */
  async close(key: SessionKey): Promise<void> {
    const open = this.open.get(key);
    if (!open) return;
    const { session, agent } = open;
    const live = !session.ended && agent.runtime.state.state === 'ready';
    const wasShown = this.shownKey === key;
    const released = this.remove(open);
    const next = this.openSessions.at(-1);
    if (wasShown && next) this.show(next.key);
    if (live && this.pool.lifecycle(agent).close) {
      await agent.runtime.connection.closeSession({ sessionId: session.sessionId }).catch((error: unknown) => {
        this.deps.log(`session/close of ${session.sessionId} failed: ${describeError(error)}`);
      });
    } else if (live && session.busy) {
      await agent.runtime.connection.cancel(session.sessionId).catch(() => undefined);
    }
    await released;
    await this.pool.stopIfUnused(agent);
  }

  /** Changes a config option of a session and remembers the value for the agent's next sessions. */
  async setConfigOption(key: SessionKey, configId: string, value: ConfigValue): Promise<void> {
    const { session, agent } = this.require(key);
    await session.setConfigOption(configId, value);
    await this.remember(agent, (defaults) => rememberOption(defaults, session.state.header, configId, value));
  }

  /** Changes the mode of a session and remembers it for the agent's next sessions. */
  async setMode(key: SessionKey, modeId: string): Promise<void> {
    const { session, agent } = this.require(key);
    await session.setMode(modeId);
    await this.remember(agent, (defaults) => rememberMode(defaults, modeId));
  }

  /** The shown agent's authentication methods (from its `initialize` answer). */
  get authMethods(): AuthMethod[] {
    const agent = this.shownAgent();
    return agent ? this.pool.authMethods(agent) : [];
  }

  /** Shows progress or a failure on the chat's sign-in message (no-op when none is shown). */
  updateAuthPrompt(change: Pick<AuthPrompt, 'pendingMethodId' | 'error'>): void {
    const agent = this.shownAgent();
    const auth = agent?.summary.auth;
    if (agent && auth) this.pool.setAuthPrompt(agent, { message: auth.message, choices: auth.choices, ...change });
  }

  /** Signs in through the agent (`authenticate`), then starts a session. */
  async authenticate(methodId: string): Promise<Session> {
    const agent = this.requireAgent();
    await this.pool.ensureStarted(agent);
    await agent.runtime.connection.authenticate({ methodId });
    return this.newSession();
  }

  /** Restarts the agent (it reads new credentials from its environment or its own login), then starts a session. */
  async reconnect(): Promise<Session> {
    await this.restartAgent();
    return this.newSession();
  }

  /** True when the shown agent is running and advertises `logout`. */
  get offersLogout(): boolean {
    return advertisesLogout(this.shownAgent()?.runtime.agentInfo?.agentCapabilities);
  }

  /** `logout` (only when advertised); the agent's sessions close, the next one signs in again. */
  async logout(): Promise<void> {
    const agent = this.requireAgent();
    if (!this.offersLogout) throw new Error(`${agent.definition.name} does not offer logging out.`);
    await agent.runtime.connection.logout();
    this.sessionsOf(agent).forEach((open) => this.remove(open));
  }

  /**
   * Sends a prompt to the shown session, creating one first if there is none (or its agent is gone). Whatever the
   * agent's prompt capabilities exclude is left out (see restrictToCapabilities). Throws when nothing is left to send.
   */
  async prompt(input: string | ContentBlock[] | PromptBuilder): Promise<void> {
    const shown = this.shown;
    if (shown?.opening) throw new Error('The session is still being brought back: wait until its conversation shows.');
    let session: Session;
    if (shown && !shown.session.ended && !this.creating) session = shown.session;
    else if (shown?.session.ended && !this.creating) session = (await this.revive(shown)) ?? (await this.newSession());
    else session = await (this.creating ?? this.newSession());
    const capabilities = this.promptCapabilities;
    const content =
      typeof input === 'string' ? [{ type: 'text' as const, text: input }] : Array.isArray(input) ? input : await input(capabilities ?? {});
    const allowed = restrictToCapabilities(content, capabilities);
    if (allowed.length === 0) throw new Error('There is nothing to send.');
    await session.prompt(allowed);
  }

  /** Cancels the running turn of a session (none running: nothing happens). */
  async cancel(key: SessionKey): Promise<void> {
    await this.open.get(key)?.session.cancel();
  }

  /**
   * Sends the composer's prompt to the session it names, or queues it there while its agent works. No session named
   * (none was shown): to the shown one, or a new one. A session whose agent went away is brought back first where the
   * agent can load it (else a new session takes the prompt).
   */
  async submitPrompt(key: SessionKey | undefined, parts: PromptParts): Promise<void> {
    const target = await this.promptTarget(key);
    await target.prompts.submit(parts);
  }

  /** Restarts the shown session's agent (or the selected one); its sessions close. */
  async restartAgent(): Promise<void> {
    const agent = this.requireAgent();
    if (!this.pool.trusted()) throw new Error(UNTRUSTED_WORKSPACE_MESSAGE);
    this.sessionsOf(agent).forEach((open) => this.remove(open));
    await this.pool.restart(agent);
  }

  /** The workspace was trusted: agents held back may start now (on the next session or prompt). */
  trustGranted(): void {
    this.pool.trustGranted();
  }

  /** Starts the agent of this id (selected or from the settings), e.g. to list its sessions. */
  async startedAgent(agentId: string): Promise<{ runtime: AgentRuntime; lifecycle: LifecycleCapabilities; name: string }> {
    const agent = this.agentFor(agentId);
    await this.pool.ensureStarted(agent);
    return { runtime: agent.runtime, lifecycle: this.pool.lifecycle(agent), name: agent.definition.name };
  }

  /** The agent of this id when it runs and has answered `initialize`. */
  runningAgent(agentId: string): { runtime: AgentRuntime; lifecycle: LifecycleCapabilities; name: string } | undefined {
    const agent = this.pool.get(agentId);
    if (!agent || agent.runtime.state.state !== 'ready') return undefined;
    return { runtime: agent.runtime, lifecycle: this.pool.lifecycle(agent), name: agent.definition.name };
  }

  async dispose(): Promise<void> {
    if (this.listTimer) clearTimeout(this.listTimer);
    await Promise.all(this.openSessions.map((open) => this.remove(open)));
    await this.pool.dispose();
    this.agentEmitter.dispose();
    this.sessionEmitter.dispose();
    this.sessionsEmitter.dispose();
    this.openedEmitter.dispose();
    this.closedEmitter.dispose();
  }

  private get shown(): OpenSession | undefined {
    return this.shownKey === undefined ? undefined : this.open.get(this.shownKey);
  }

  private shownAgent(): PooledAgent | undefined {
    return this.shown?.agent ?? this.pool.selected;
  }

  private async createSession(options: { cwd?: string }): Promise<Session> {
    const agent = this.requireSelected();
    await this.pool.ensureStarted(agent);
    const cwd = options.cwd ?? this.deps.cwd();
    const lifecycle = this.pool.lifecycle(agent);
    let response;
    try {
      response = await agent.runtime.connection.newSession({ cwd, mcpServers: this.mcpServersFor(agent), ...this.additionalDirectories(lifecycle, cwd) });
    } catch (error) {
      if (!isAuthRequired(error)) throw error;
      this.pool.requireAuth(agent, error);
      throw new AuthRequiredError(agent.definition.name);
    }
    if (typeof response?.sessionId !== 'string') throw new Error('The agent did not return a session id.');
    const open = this.attach(agent, response.sessionId, cwd, false);
    open.session.applySetup(response);
    if (agent.summary.auth) this.pool.setAuthPrompt(agent, undefined);
    await this.applyDefaults(open.session, agent);
    const previous = this.shown;
    this.add(open, true);
    // A session never used (nothing said in it) makes way for the new one instead of piling up in the list.
    if (previous && !previous.opening && previous.session.state.entries.length === 0) await this.close(previous.key);
    return open.session;
  }

  private attach(agent: PooledAgent, sessionId: string, cwd: string, opening: boolean): OpenSession {
    const key = this.keys.next();
    const scope = { sessionKey: key, sessionId, cwd, roots: this.deps.roots() };
    const gate = this.deps.permissionGate?.(agent.definition.id);
    const session = new Session(scope, () => agent.runtime.connection, this.deps.services, this.deps.log, Date.now, gate);
    const open: OpenSession = {
      key,
      session,
      agent,
      cwd,
      opening,
      subscriptions: [],
      prompts: new SessionPrompts(session, (parts) => this.sendParts(open, parts), (error) => this.deps.onQueuedPromptError?.(error)),
    };
    open.subscriptions.push(
      this.pool.hold(agent),
      agent.runtime.registerSession(sessionId, session),
      session.onDidRequireAuth((error) => this.pool.requireAuth(agent, error)),
      session.onDidChange((change) => {
        if (change.header || !open.opening) this.scheduleListChange();
      }),
    );
    return open;
  }

  private add(open: OpenSession, show: boolean): void {
    this.open.set(open.key, open);
    this.openedEmitter.fire(open);
    if (show) this.show(open.key);
    else this.scheduleListChange();
  }

  /** Takes a session out of the open ones; resolves once everything it held is released. */
  private remove(open: OpenSession): Promise<void> {
    if (this.open.get(open.key) !== open) return Promise.resolve();
    this.open.delete(open.key);
    open.subscriptions.forEach((subscription) => subscription.dispose());
    open.prompts.dispose();
    if (this.shownKey === open.key) {
      const agentBefore = this.shownAgent();
      this.shownKey = undefined;
      this.sessionEmitter.fire(undefined);
      const agentAfter = this.shownAgent();
      if (agentAfter && agentAfter !== agentBefore) this.agentEmitter.fire(agentAfter.summary);
    }
    this.closedEmitter.fire(open);
    const released = open.session.dispose();
    this.scheduleListChange();
    return released;
  }

  private sessionsOf(agent: PooledAgent): OpenSession[] {
    return this.openSessions.filter((open) => open.agent === agent);
  }

  private agentFor(agentId: string): PooledAgent {
    const running = this.pool.get(agentId);
    if (running) return running;
    const definition = this.deps.findAgent?.(agentId);
    if (!definition) throw new Error(`There is no agent "${agentId}" in the settings (acp.agents) any more.`);
    return this.pool.acquire(definition).agent;
  }

  private scheduleListChange(): void {
    if (this.listTimer) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = undefined;
      this.sessionsEmitter.fire();
    }, LIST_NOTIFY_MS);
  }

  private require(key: SessionKey): OpenSession {
    const open = this.open.get(key);
    if (!open) throw new Error('That session is not open any more.');
    return open;
  }

  /** The open session a composer prompt goes to (see submitPrompt). */
  private async promptTarget(key: SessionKey | undefined): Promise<OpenSession> {
    const named = key === undefined ? this.shown : this.require(key);
    if (named?.opening) throw new Error('The session is still being brought back: wait until its conversation shows.');
    let session: Session;
    if (named && !named.session.ended && (key !== undefined || !this.creating)) session = named.session;
    else if (named?.session.ended) session = (await this.revive(named)) ?? (await this.newSession());
    else session = await (this.creating ?? this.newSession());
    const open = this.openSessions.find((item) => item.session === session);
    if (!open) throw new Error('The session closed before the message could be sent.');
    return open;
  }

  /** A composer prompt, built for the session's agent (what it does not accept left out) and sent. */
  private async sendParts(open: OpenSession, parts: PromptParts): Promise<void> {
    const capabilities = open.agent.summary.promptCapabilities ?? {};
    const content = this.deps.resolvePrompt ? await this.deps.resolvePrompt(parts, capabilities) : [{ type: 'text' as const, text: parts.text }];
    const allowed = restrictToCapabilities(content, capabilities);
    if (allowed.length === 0) throw new Error('There is nothing to send.');
    await open.session.prompt(allowed);
  }

  private requireAgent(): PooledAgent {
    const agent = this.shownAgent();
    if (!agent) throw new Error('No agent is selected.');
    return agent;
  }

  private requireSelected(): PooledAgent {
    const selected = this.pool.selected;
    if (!selected) throw new Error('No agent is selected.');
    return selected;
  }

  /** The other workspace folders, when the agent takes `additionalDirectories` (never sent otherwise). */
  private additionalDirectories(lifecycle: LifecycleCapabilities, cwd: string): { additionalDirectories?: string[] } {
    if (!lifecycle.additionalDirectories) return {};
    const others = this.deps.roots().filter((root) => root !== cwd);
    return others.length > 0 ? { additionalDirectories: others } : {};
  }

  private mcpServersFor(agent: PooledAgent): McpServer[] {
    const selection = selectMcpServers(this.deps.mcpServers?.() ?? [], agent.runtime.agentInfo?.agentCapabilities);
    for (const left of selection.leftOut) {
      this.deps.log(`MCP server "${left.name}" left out: ${agent.definition.name} does not take ${left.transport} MCP servers.`);
    }
    if (selection.servers.length > 0) this.deps.log(`MCP servers for ${agent.definition.name}: ${describeMcpServers(selection.servers)}`);
    return selection.servers;
  }

  /** Applies the agent's remembered option values and mode that the new session offers; a refusal is logged. */
  private async applyDefaults(session: Session, agent: PooledAgent): Promise<void> {
    const wanted = defaultsToApply(this.deps.defaults?.get(agent.definition.id) ?? NO_DEFAULTS, session.state.header);
    for (const { configId, value } of wanted.options) {
      await session.setConfigOption(configId, value).catch((error: unknown) => this.deps.log(`Could not re-apply ${configId}: ${describeError(error)}`));
    }
    if (wanted.modeId !== undefined) {
      await session.setMode(wanted.modeId).catch((error: unknown) => this.deps.log(`Could not re-apply mode ${wanted.modeId}: ${describeError(error)}`));
    }
  }

  private async remember(agent: PooledAgent, change: (defaults: AgentDefaults) => AgentDefaults): Promise<void> {
    const store = this.deps.defaults;
    if (store) await store.set(agent.definition.id, change(store.get(agent.definition.id)));
  }
}

