// The open sessions, across agents (each agent runs once, in the AgentPool), each known by its SessionKey: creates a
// session on an agent, brings earlier ones back and revives one whose agent went away (its SessionReopener), closes
// them (session/close when offered), and acts on a session named by its key (mode, config options, prompts). It has
// no notion of the session the chat shows (see surfaceSessions.ts). No `vscode` here; the glue injects the folders
// and the settings.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AgentRuntime } from '../acp/agentRuntime';
import { AuthRequiredError, isAuthRequired } from '../acp/authMethods';
import type { ContentBlock, McpServer, NewSessionRequest, PromptCapabilities } from '../shared/acp';
import type { ConfigValue, PromptParts } from '../shared/protocol/composerProtocol';
import type { OpenSessionView } from '../shared/protocol/sessionsProtocol';
import { AgentPool, PooledAgent } from './agentPool';
import { AgentDefaultsStore, rememberMode, rememberOption } from '../config/agentDefaults';
import { additionalDirectories, applyDefaults, mcpServersFor, remember } from './sessionSetup';
import type { PlaceFor, SessionPlace } from './sessionPlace';
import { ClientFeature, createParts } from '../acp/clientRequests';
import { LifecycleCapabilities, NO_LIFECYCLE } from './lifecycleCapabilities';
import { sessionActivity, sessionTitle } from './openSessionView';
import type { PermissionGate } from './permissionGate';
import { restrictToCapabilities } from './promptContent';
import { Session } from './session';
import { SessionPrompts } from './sessionPrompts';
import { ReopenRequest, SessionReopener } from './sessionReopener';
import { SessionKey, SessionKeys } from '../shared/sessionKey';
import { describeError } from '../shared/text/errors';
import { AgentFailure } from '../acp/failureMessage';
import { DROPPED_FILE_CHARS, FileTranscriptSpill, defaultSpillBase } from './transcriptSpill';
import type { SecretRules } from '../shared/text/secretText';
import { Timers, watchStops } from './stopWatch';
import { timerScheduler } from '../shared/frameScheduler';

export interface SessionRegistryDeps {
  /** The running agents (and the selected one); the registry does not dispose it. */
  pool: AgentPool;
  /** The place (working folder and roots) of a session starting in `cwd`, or where sessions work unless one is chosen. */
  placeFor: PlaceFor;
  /** The features that serve the agent's fs/* and terminal/* requests: each new session gets its parts of them. */
  features: readonly ClientFeature[];
  log(line: string): void;
  /** The user's permission policy for the sessions of an agent (default: the user answers every request). */
  permissionGate?(agentId: string): PermissionGate;
  /** The MCP servers of the user's settings (the agent gets those its capabilities allow). */
  mcpServers?(): McpServer[];
  /** Where each agent's remembered config option values and mode are kept. */
  defaults?: AgentDefaultsStore;
  /** The settings entry of an agent that is not running (to bring back its sessions). */
  findAgent?(agentId: string): AgentDefinition | undefined;
  /**
   * The composer's parts as the content of a prompt to an agent with these capabilities, for a session with these
   * roots (the files it mentions are read only inside them); default: the text.
   */
  resolvePrompt?(parts: PromptParts, capabilities: PromptCapabilities, roots: readonly string[]): Promise<ContentBlock[]>;
  /** A queued prompt to this agent could not be sent. */
  onQueuedPromptError?(error: unknown, agentName: string): void;
  /** The secrets masked in the files sessions write (their spill files); token shapes only by default. */
  secretRules?(): SecretRules;
  /** The timers of the grace an agent gets to stop a turn (default: real ones; tests drive a manual clock). */
  timers?: Timers;
}

/** A session open in the panel. */
export interface OpenSession {
  readonly key: SessionKey;
  readonly session: Session;
  readonly agent: PooledAgent;
  readonly cwd: string;
  /** Being loaded or resumed: the agent is replaying or restoring it. */
  opening: boolean;
  /** While opening: gives up on the load/resume request (`$/cancel_request`), when the session is closed meanwhile. */
  abandon?: () => void;
  /** The title the history knew, until the session has its own. */
  knownTitle?: string;
  /** A local copy of a conversation its agent cannot bring back (shown, not continued). */
  readOnly?: boolean;
  /** Its prompts from the composer: sent, or queued while its agent works. */
  readonly prompts: SessionPrompts;
  subscriptions: { dispose(): void }[];
}

// Part of the registry's surface (reopen's request, and what it throws when the session is closed meanwhile).
export { SessionAbandonedError, type ReopenRequest } from './sessionReopener';

/** Called once a session is added to the open ones, before the agent has answered for it. */
export type OnAdded = (open: OpenSession) => void;

/** A running agent as the history sees it. */
export interface StartedAgent {
  runtime: AgentRuntime;
  lifecycle: LifecycleCapabilities;
  name: string;
}

const LIST_NOTIFY_MS = 50;

export class SessionRegistry {
  private readonly pool: AgentPool;
  private readonly open = new Map<string, OpenSession>();
  private readonly keys = new SessionKeys();
  /** Brings earlier sessions back (from the history, or revived after the agent restarted). */
  private readonly reopener: SessionReopener;
  private listTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly sessionsEmitter = new Emitter<void>();
  private readonly openedEmitter = new Emitter<OpenSession>();
  private readonly closedEmitter = new Emitter<OpenSession>();
  private readonly readyEmitter = new Emitter<OpenSession>();
  /** The open sessions changed: one opened, closed, was shown, or changed title or activity (coalesced). */
  readonly onDidChangeSessions: Event<void> = this.sessionsEmitter.event;
  readonly onDidOpenSession: Event<OpenSession> = this.openedEmitter.event;
  readonly onDidCloseSession: Event<OpenSession> = this.closedEmitter.event;
  /** A session brought back (loaded or resumed) is no longer opening: its conversation is all there. */
  readonly onDidFinishOpening: Event<OpenSession> = this.readyEmitter.event;

  constructor(private readonly deps: SessionRegistryDeps) {
    this.pool = deps.pool;
    this.pool.onDidChangeState(({ agent, change }) => {
      if (change.state !== 'failed') return;
      for (const open of this.sessionsOf(agent)) open.session.agentLost(change.message ?? `${agent.definition.name} stopped.`, change.details);
      this.noteListChange();
    });
    this.pool.onWillRetire((agent) => this.sessionsOf(agent).forEach((open) => void this.remove(open)));
    this.reopener = new SessionReopener({
      pool: this.pool,
      placeFor: deps.placeFor,
      find: (agentId, sessionId) => this.find(agentId, sessionId),
      agentFor: (agentId) => this.agentFor(agentId),
      attach: (agent, sessionId, place, opening, live) => this.attach(agent, sessionId, place, opening, live),
      add: (open) => this.add(open),
      remove: (open) => this.remove(open),
      paramsFor: (agent, place) => this.paramsFor(agent, place),
      ready: (open) => {
        this.noteListChange();
        this.readyEmitter.fire(open);
      },
    });
  }

  /** The open sessions, in the order they were opened. */
  get openSessions(): readonly OpenSession[] {
    return [...this.open.values()];
  }

  /** The open session with this key. */
  get(key: SessionKey): OpenSession | undefined {
    return this.open.get(key);
  }

  /** The open session of an agent's session id. */
  find(agentId: string, sessionId: string): OpenSession | undefined {
    return this.openSessions.find((open) => open.agent.definition.id === agentId && open.session.sessionId === sessionId);
  }

  /** The open session with this key; throws when it is not open any more. */
  require(key: SessionKey): OpenSession {
    const open = this.open.get(key);
    if (!open) throw new Error('That session is not open any more.');
    return open;
  }

  /** The open sessions of an agent. */
  sessionsOf(agent: PooledAgent): OpenSession[] {
    return this.openSessions.filter((open) => open.agent === agent);
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

  /** What a running agent offers of the session lifecycle (nothing while it has not answered `initialize`). */
  lifecycleOf(agentId: string): LifecycleCapabilities {
    const agent = this.pool.get(agentId);
    return agent ? this.pool.lifecycle(agent) : NO_LIFECYCLE;
  }

  /**
   * Starts a fresh session on an agent (starting it if needed), with the agent's remembered mode and options. `added`
   * is called once it is among the open sessions.
   */
  async create(agent: PooledAgent, options: { cwd?: string } = {}, added?: OnAdded): Promise<OpenSession> {
    await this.pool.ensureStarted(agent);
    const place = this.deps.placeFor(options.cwd);
    let response;
    try {
      response = await agent.runtime.connection.newSession(this.paramsFor(agent, place));
    } catch (error) {
      if (!isAuthRequired(error)) throw new AgentFailure(agent.runtime.describeFailure('session/new', error), 'session/new', { cause: error });
      this.pool.requireAuth(agent, error);
      throw new AuthRequiredError(agent.definition.name);
    }
    if (typeof response?.sessionId !== 'string') {
      const error = new Error('its answer to session/new has no session id');
      throw new AgentFailure(agent.runtime.describeFailure('session/new', error), 'session/new', { cause: error });
    }
    const open = this.attach(agent, response.sessionId, place, false);
    open.session.applySetup(response);
    if (agent.summary.auth) this.pool.setAuthPrompt(agent, undefined);
    await applyDefaults(open.session, agent.definition.id, this.deps.defaults, this.deps.log);
    this.add(open);
    added?.(open);
    return open;
  }

  /**
   * Brings an earlier session back: the open one when it is open, otherwise loads it (the agent replays the
   * conversation) or resumes it (no replay), whichever the agent offers, starting the agent when needed. `added` is
   * called once it is among the open sessions, before the agent answers.
   */
  reopen(request: ReopenRequest, added?: OnAdded): Promise<OpenSession> {
    return this.reopener.reopen(request, added);
  }

  /**
   * A session whose agent went away, brought back by the restarted agent with `session/load` (its conversation
   * replayed, so nothing is lost); undefined when the agent cannot load sessions (the caller starts a new one).
   */
  revive(ended: OpenSession, added?: OnAdded): Promise<OpenSession | undefined> {
    return this.reopener.revive(ended, added);
  }

  /**
   * Closes an open session: `session/close` when the agent offers it, else its turn is cancelled. It leaves the open
   * sessions before the first await (callers rely on it); its agent stops when nothing else uses it.
   */
  async close(key: SessionKey): Promise<void> {
    const open = this.open.get(key);
    if (!open) return;
    const { session, agent } = open;
    const live = !session.ended && agent.runtime.state.state === 'ready';
    // Closed while the agent still loads it: the agent may stop (the reopen then settles as abandoned).
    open.abandon?.();
    const released = this.remove(open);
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
    await remember(this.deps.defaults, agent.definition.id, (defaults) => rememberOption(defaults, session.state.header, configId, value));
  }

  /** Changes the mode of a session and remembers it for the agent's next sessions. */
  async setMode(key: SessionKey, modeId: string): Promise<void> {
    const { session, agent } = this.require(key);
    await session.setMode(modeId);
    await remember(this.deps.defaults, agent.definition.id, (defaults) => rememberMode(defaults, modeId));
  }

  /**
   * Sends the composer's prompt to a session, or queues it there while its agent works; `shown` is called once the
   * message is on screen (in the transcript or the queue).
   */
  async submitPrompt(key: SessionKey, parts: PromptParts, shown?: () => void): Promise<void> {
    await this.require(key).prompts.submit(parts, shown);
  }


  /** Cancels the running turn of a session (none running: nothing happens). */
  async cancel(key: SessionKey): Promise<void> {
    await this.open.get(key)?.session.cancel();
  }

  /**
   * Closes the agent's sessions (it logged out or restarts), except `keep`: that one ends with `keptNote` (its turn
   * shown cancelled) and stays open, so a session can take over from it.
   */
  dropSessionsOf(agent: PooledAgent, keep?: OpenSession, keptNote = `${agent.definition.name} stopped.`): void {
    for (const open of this.sessionsOf(agent)) {
      if (open === keep) open.session.agentRestarted(keptNote);
      else void this.remove(open);
    }
    if (keep) this.noteListChange();
  }

  /** The workspace was trusted: agents held back may start now (on the next session or prompt). */
  trustGranted(): void {
    this.pool.trustGranted();
  }

  /** Starts the agent of this id (running or from the settings), e.g. to list its sessions. */
  async startedAgent(agentId: string): Promise<StartedAgent> {
    const agent = this.agentFor(agentId);
    await this.pool.ensureStarted(agent);
    return { runtime: agent.runtime, lifecycle: this.pool.lifecycle(agent), name: agent.definition.name };
  }

  /** The agent of this id when it runs and has answered `initialize`. */
  runningAgent(agentId: string): StartedAgent | undefined {
    const agent = this.pool.get(agentId);
    if (!agent || agent.runtime.state.state !== 'ready') return undefined;
    return { runtime: agent.runtime, lifecycle: this.pool.lifecycle(agent), name: agent.definition.name };
  }

  /** The list of open sessions should be sent again (e.g. another one is shown); coalesced. */
  noteListChange(): void {
    if (this.listTimer) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = undefined;
      this.sessionsEmitter.fire();
    }, LIST_NOTIFY_MS);
  }

  /** Closes every session (without `session/close`: the agents stop next); the pool is its owner's to dispose. */
  async dispose(): Promise<void> {
    if (this.listTimer) clearTimeout(this.listTimer);
    await Promise.all(this.openSessions.map((open) => this.remove(open)));
    this.sessionsEmitter.dispose();
    this.openedEmitter.dispose();
    this.closedEmitter.dispose();
    this.readyEmitter.dispose();
  }

  private attach(agent: PooledAgent, sessionId: string, place: SessionPlace, opening: boolean, live = true): OpenSession {
    const key = this.keys.next();
    const scope = { sessionKey: key, sessionId, cwd: place.cwd, roots: place.roots };
    const gate = this.deps.permissionGate?.(agent.definition.id);
    const spill = new FileTranscriptSpill(defaultSpillBase(), scope.sessionKey, this.deps.log, DROPPED_FILE_CHARS, this.deps.secretRules);
    const session = new Session(scope, () => agent.runtime.connection, createParts(this.deps.features, scope), this.deps.log, Date.now, gate, spill);
    const open: OpenSession = {
      key,
      session,
      agent,
      cwd: place.cwd,
      opening,
      subscriptions: [],
      prompts: new SessionPrompts(session, (parts, shown) => this.sendParts(open, parts, shown), (error) => this.deps.onQueuedPromptError?.(error, agent.definition.name)),
    };
    session.reportFailuresWith((step, error) => agent.runtime.describeFailure(step, error));
    if (live) open.subscriptions.push(this.pool.hold(agent), agent.runtime.registerSession(sessionId, session));
    open.subscriptions.push(
      session.onDidRequireAuth((error) => this.pool.requireAuth(agent, error)),
      watchStops(session, agent.definition.name, this.deps.timers ?? timerScheduler),
      session.onDidChange((change) => {
        if (change.header || !open.opening) this.noteListChange();
      }),
    );
    return open;
  }

  private add(open: OpenSession): void {
    this.open.set(open.key, open);
    this.openedEmitter.fire(open);
    this.noteListChange();
  }

  /** Takes a session out of the open ones; resolves once everything it held is released. */
  private remove(open: OpenSession): Promise<void> {
    if (this.open.get(open.key) !== open) return Promise.resolve();
    this.open.delete(open.key);
    open.subscriptions.forEach((subscription) => subscription.dispose());
    open.prompts.dispose();
    this.closedEmitter.fire(open);
    const released = open.session.dispose();
    this.noteListChange();
    return released;
  }

  private agentFor(agentId: string): PooledAgent {
    const running = this.pool.get(agentId);
    if (running) return running;
    const definition = this.deps.findAgent?.(agentId);
    if (!definition) throw new Error(`There is no agent "${agentId}" in the settings (acp.agents) any more.`);
    return this.pool.acquire(definition).agent;
  }

  /** What a session of the agent in this place is opened with: its cwd, the MCP servers, the other roots where taken. */
  private paramsFor(agent: PooledAgent, place: SessionPlace): NewSessionRequest {
    const mcpServers = mcpServersFor(agent, this.deps.mcpServers?.() ?? [], this.deps.log);
    return { cwd: place.cwd, mcpServers, ...additionalDirectories(this.pool.lifecycle(agent), place) };
  }

  /** A composer prompt, built for the session's agent (what it does not accept left out) and sent. */
  private async sendParts(open: OpenSession, parts: PromptParts, shown?: () => void): Promise<void> {
    const capabilities = open.agent.summary.promptCapabilities ?? {};
    const content = this.deps.resolvePrompt ? await this.deps.resolvePrompt(parts, capabilities, open.session.scope.roots) : [{ type: 'text' as const, text: parts.text }];
    const allowed = restrictToCapabilities(content, capabilities);
    if (allowed.length === 0) throw new Error(`There is nothing to send that ${open.agent.definition.name} accepts.`);
    await open.session.prompt(allowed, shown);
  }
}
