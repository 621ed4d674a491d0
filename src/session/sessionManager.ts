// The panel's sessions as one object: the open sessions (SessionRegistry), the running agents and the selected one
// (AgentPool), and the session shown in the chat. No `vscode` here; the glue injects how runtimes are made, the
// folders and the settings.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AgentRuntime } from '../acp/agentRuntime';
import type { AuthMethod } from '../acp/authMethods';
import type { ContentBlock, PromptCapabilities } from '../shared/acp';
import type { ConfigValue, PromptParts } from '../shared/composerProtocol';
import type { OpenSessionView } from '../shared/sessionsProtocol';
import type { AgentSummary, AuthPrompt } from '../shared/webviewProtocol';
import { AgentPool, PooledAgent, UNTRUSTED_WORKSPACE_MESSAGE } from './agentPool';
import type { LifecycleCapabilities } from './lifecycleCapabilities';
import { restrictToCapabilities } from './promptContent';
import type { Session } from './session';
import { OpenSession, ReopenRequest, SessionRegistry, SessionRegistryDeps, StartedAgent } from './sessionRegistry';
import type { SessionKey } from '../shared/sessionKey';

export { UNTRUSTED_WORKSPACE_MESSAGE };
export type { OpenSession, ReopenRequest };

export interface SessionManagerDeps extends Omit<SessionRegistryDeps, 'pool'> {
  createRuntime(agent: AgentDefinition): AgentRuntime;
  /** False while the workspace is not trusted: agents are then not started (default: trusted). */
  workspaceTrusted?(): boolean;
  /** How to get a missing agent command, when known (the presets' install hints). */
  installHint?(command: string): string | undefined;
}

/** Builds a prompt once the agent is up, so it can follow the agent's prompt capabilities. */
export type PromptBuilder = (capabilities: PromptCapabilities) => Promise<ContentBlock[]>;

export class SessionManager {
  readonly pool: AgentPool;
  readonly registry: SessionRegistry;
  private shownKey: SessionKey | undefined;
  /** A session being created, so a prompt sent meanwhile joins it instead of making a second one. */
  private creating: Promise<OpenSession> | undefined;
  private readonly agentEmitter = new Emitter<AgentSummary>();
  private readonly sessionEmitter = new Emitter<Session | undefined>();
  /** Status of the shown session's agent (or of the selected agent when no session is shown). */
  readonly onDidChangeAgent: Event<AgentSummary> = this.agentEmitter.event;
  /** Another session is shown in the chat (or none is). */
  readonly onDidChangeSession: Event<Session | undefined> = this.sessionEmitter.event;
  readonly onDidChangeSessions: Event<void>;
  readonly onDidOpenSession: Event<OpenSession>;
  readonly onDidCloseSession: Event<OpenSession>;

  constructor(deps: SessionManagerDeps) {
    this.pool = new AgentPool(deps);
    this.registry = new SessionRegistry({ ...deps, pool: this.pool });
    this.onDidChangeSessions = this.registry.onDidChangeSessions;
    this.onDidOpenSession = this.registry.onDidOpenSession;
    this.onDidCloseSession = this.registry.onDidCloseSession;
    this.pool.onDidChangeSummary((agent) => {
      if (agent === this.shownAgent()) this.agentEmitter.fire(agent.summary);
    });
    this.pool.onDidChangeSelected((agent) => {
      if (this.shown && this.shown.agent !== agent) this.show(undefined);
      else this.agentEmitter.fire(agent.summary);
    });
    this.registry.onDidCloseSession((open) => {
      if (this.shownKey === open.key) this.setShown(undefined);
    });
    this.registry.onDidFinishOpening((open) => {
      if (this.shownKey === open.key) this.sessionEmitter.fire(open.session);
    });
  }

  // ---- the shown session

  /** The open session shown in the chat. */
  get shown(): OpenSession | undefined {
    return this.shownKey === undefined ? undefined : this.registry.get(this.shownKey);
  }

  /** The session shown in the chat. */
  get session(): Session | undefined {
    return this.shown?.session;
  }

  get currentKey(): SessionKey | undefined {
    return this.shownKey;
  }

  /** The agent the chat's header shows: the shown session's, or else the selected agent. */
  shownAgent(): PooledAgent | undefined {
    return this.shown?.agent ?? this.pool.selected;
  }

  /** Status of the shown session's agent, or of the selected agent. */
  get agent(): AgentSummary | undefined {
    return this.shownAgent()?.summary;
  }

  /** The settings entry of the shown session's agent, or of the selected agent. */
  get agentDefinition(): AgentDefinition | undefined {
    return this.shownAgent()?.definition;
  }

  /** What the shown agent accepts in prompts; undefined until it has answered `initialize`. */
  get promptCapabilities(): PromptCapabilities | undefined {
    return this.shownAgent()?.summary.promptCapabilities;
  }

  /** Shows an open session in the chat (undefined: none). */
  show(key: SessionKey | undefined): void {
    if (key !== undefined && !this.registry.get(key)) throw new Error('That session is not open any more.');
    if (key === this.shownKey) return;
    this.setShown(key);
  }

  /** Starts a fresh session on the selected agent (starting the agent if needed) and shows it. */
  async newSession(options: { cwd?: string } = {}): Promise<Session> {
    return (await this.newOpenSession(options)).session;
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

  /** Closes an open session; when it was shown, the last open one is shown instead. */
  async close(key: SessionKey): Promise<void> {
    const wasShown = this.shownKey === key;
    // The session leaves the open ones before close's first await.
    const closing = this.registry.close(key);
    const next = this.registry.openSessions.at(-1);
    if (wasShown && next) this.show(next.key);
    await closing;
  }

  /**
   * Sends the composer's prompt to the session it names, or queues it there while its agent works. No session named
   * (none was shown): to the shown one, or a new one. A session whose agent went away is brought back first where the
   * agent can load it (else a new session takes the prompt).
   */
  async submitPrompt(key: SessionKey | undefined, parts: PromptParts): Promise<void> {
    const target = await this.promptTarget(key);
    await this.registry.submitPrompt(target.key, parts);
  }

  /** The open session a prompt goes to (see submitPrompt). */
  async promptTarget(key: SessionKey | undefined): Promise<OpenSession> {
    const named = key === undefined ? this.shown : this.registry.require(key);
    if (named?.opening) throw new Error('The session is still being brought back: wait until its conversation shows.');
    if (named && !named.session.ended && (key !== undefined || !this.creating)) return named;
    if (named?.session.ended) return (await this.registry.revive(named, (open) => this.show(open.key))) ?? (await this.newOpenSession());
    return this.creating ?? this.newOpenSession();
  }

  /** The shown agent's authentication methods (from its `initialize` answer). */
  get authMethods(): AuthMethod[] {
    const agent = this.shownAgent();
    return agent ? this.registry.authMethods(agent) : [];
  }

  /** Shows progress or a failure on the chat's sign-in message (no-op when none is shown). */
  updateAuthPrompt(change: Pick<AuthPrompt, 'pendingMethodId' | 'error'>): void {
    const agent = this.shownAgent();
    if (agent) this.registry.updateAuthPrompt(agent, change);
  }

  /** Signs in through the shown agent (`authenticate`), then starts a session. */
  async authenticate(methodId: string): Promise<Session> {
    await this.registry.authenticate(this.requireAgent(), methodId);
    return this.newSession();
  }

  /** Restarts the agent (it reads new credentials from its environment or its own login), then starts a session. */
  async reconnect(): Promise<Session> {
    await this.restartAgent();
    return this.newSession();
  }

  /** True when the shown agent is running and advertises `logout`. */
  get offersLogout(): boolean {
    return this.registry.offersLogout(this.shownAgent());
  }

  /** `logout` of the shown agent (only when advertised); its sessions close, the next one signs in again. */
  async logout(): Promise<void> {
    await this.registry.logout(this.requireAgent());
  }

  /** Restarts the shown session's agent (or the selected one); its sessions close. */
  async restartAgent(): Promise<void> {
    await this.registry.restartAgent(this.requireAgent());
  }

  private newOpenSession(options: { cwd?: string } = {}): Promise<OpenSession> {
    const creating = this.createShown(options).finally(() => {
      if (this.creating === creating) this.creating = undefined;
    });
    this.creating = creating;
    return creating;
  }

  private async createShown(options: { cwd?: string }): Promise<OpenSession> {
    const selected = this.pool.selected;
    if (!selected) throw new Error('No agent is selected.');
    let previous: OpenSession | undefined;
    const open = await this.registry.create(selected, options, (added) => {
      previous = this.shown;
      this.show(added.key);
    });
    // A session never used (nothing said in it) makes way for the new one instead of piling up in the list.
    if (previous && !previous.opening && previous.session.state.entries.length === 0) await this.close(previous.key);
    return open;
  }

  private setShown(key: SessionKey | undefined): void {
    const before = this.shownAgent();
    this.shownKey = key;
    this.sessionEmitter.fire(this.session);
    const after = this.shownAgent();
    if (after && after !== before) this.agentEmitter.fire(after.summary);
    this.registry.noteListChange();
  }

  private requireAgent(): PooledAgent {
    const agent = this.shownAgent();
    if (!agent) throw new Error('No agent is selected.');
    return agent;
  }

  // ---- the rest, from the registry and the pool

  get selectedAgent(): AgentDefinition | undefined {
    return this.pool.selected?.definition;
  }

  get openSessions(): readonly OpenSession[] {
    return this.registry.openSessions;
  }

  /** The process id of the shown session's agent while it runs (tests use it to play a crash). */
  get agentPid(): number | undefined {
    return this.shownAgent()?.runtime.pid;
  }

  lifecycleOf(agentId: string): LifecycleCapabilities {
    return this.registry.lifecycleOf(agentId);
  }

  get(key: SessionKey): OpenSession | undefined {
    return this.registry.get(key);
  }

  find(agentId: string, sessionId: string): OpenSession | undefined {
    return this.registry.find(agentId, sessionId);
  }

  sessionViews(): OpenSessionView[] {
    return this.registry.sessionViews();
  }

  useAgent(definition: AgentDefinition): Promise<void> {
    return this.pool.useAgent(definition);
  }

  syncAgents(definitions: readonly AgentDefinition[]): Promise<void> {
    return this.pool.syncAgents(definitions);
  }

  setConfigOption(key: SessionKey, configId: string, value: ConfigValue): Promise<void> {
    return this.registry.setConfigOption(key, configId, value);
  }

  setMode(key: SessionKey, modeId: string): Promise<void> {
    return this.registry.setMode(key, modeId);
  }

  cancel(key: SessionKey): Promise<void> {
    return this.registry.cancel(key);
  }

  /**
   * Sends a prompt to the shown session, creating one first if there is none (or its agent is gone). Whatever the
   * agent's prompt capabilities exclude is left out (see restrictToCapabilities). Throws when nothing is left to send.
   */
  async prompt(input: string | ContentBlock[] | PromptBuilder): Promise<void> {
    const open = await this.promptTarget(undefined);
    const capabilities = this.promptCapabilities;
    const content =
      typeof input === 'string' ? [{ type: 'text' as const, text: input }] : Array.isArray(input) ? input : await input(capabilities ?? {});
    const allowed = restrictToCapabilities(content, capabilities);
    if (allowed.length === 0) throw new Error('There is nothing to send.');
    await open.session.prompt(allowed);
  }

  trustGranted(): void {
    this.registry.trustGranted();
  }

  startedAgent(agentId: string): Promise<StartedAgent> {
    return this.registry.startedAgent(agentId);
  }

  runningAgent(agentId: string): StartedAgent | undefined {
    return this.registry.runningAgent(agentId);
  }

  async dispose(): Promise<void> {
    await this.registry.dispose();
    await this.pool.dispose();
    this.agentEmitter.dispose();
    this.sessionEmitter.dispose();
  }
}
