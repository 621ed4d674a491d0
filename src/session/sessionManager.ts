// The panel's agent and session: starts the chosen agent on demand, creates sessions on it, and reports
// agent status and session changes. No `vscode` here; the glue injects how runtimes are made and the cwd.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AgentRuntime, AgentStateChange } from '../acp/agentRuntime';
import { AuthMethod, authChoice, AuthRequiredError, isAuthRequired, advertisesLogout, parseAuthMethods } from '../auth/authMethods';
import { describeMcpServers, selectMcpServers } from '../config/mcpServers';
import type { ContentBlock, McpServer, PromptCapabilities } from '../shared/acp';
import type { ConfigValue } from '../shared/composerProtocol';
import type { AgentSummary, AuthPrompt } from '../shared/webviewProtocol';
import { AgentDefaults, defaultsToApply, NO_DEFAULTS, rememberMode, rememberOption } from './agentDefaults';
import type { ClientServices } from './clientRequests';
import type { PermissionGate } from './permissionGate';
import { promptCapabilitiesOf, restrictToCapabilities } from './promptContent';
import { Session } from './session';

export interface SessionManagerDeps {
  createRuntime(agent: AgentDefinition): AgentRuntime;
  /** The folder sessions work in (the workspace folder). */
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
}

export interface AgentDefaultsStore {
  get(agentId: string): AgentDefaults;
  set(agentId: string, defaults: AgentDefaults): PromiseLike<void> | void;
}

/** What the panel says while agents are held back in an untrusted workspace. */
export const UNTRUSTED_WORKSPACE_MESSAGE =
  'This workspace is not trusted, so no agent is started here: an agent runs commands and changes files in the ' +
  'workspace. Trust the workspace (Manage Workspace Trust) to use agents; the agent starts once you do.';

/** Builds a prompt once the agent is up, so it can follow the agent's prompt capabilities. */
export type PromptBuilder = (capabilities: PromptCapabilities) => Promise<ContentBlock[]>;

interface ActiveAgent {
  definition: AgentDefinition;
  runtime: AgentRuntime;
  summary: AgentSummary;
  starting?: Promise<unknown>;
}

export class SessionManager {
  private active: ActiveAgent | undefined;
  private currentSession: Session | undefined;
  private sessionSubscriptions: { dispose(): void }[] = [];
  /** A session being created, so a prompt sent meanwhile joins it instead of making a second one. */
  private creating: Promise<Session> | undefined;
  private readonly agentEmitter = new Emitter<AgentSummary>();
  private readonly sessionEmitter = new Emitter<Session | undefined>();
  /** Agent status for the header: starting, ready, failed (with why), stopped. */
  readonly onDidChangeAgent: Event<AgentSummary> = this.agentEmitter.event;
  /** The current session was replaced (or dropped). */
  readonly onDidChangeSession: Event<Session | undefined> = this.sessionEmitter.event;

  constructor(private readonly deps: SessionManagerDeps) {}

  get agent(): AgentSummary | undefined {
    return this.active?.summary;
  }

  /** The selected agent's settings entry. */
  get agentDefinition(): AgentDefinition | undefined {
    return this.active?.definition;
  }

  get session(): Session | undefined {
    return this.currentSession;
  }

  /** The process id of the current agent while it runs (tests use it to play a crash). */
  get agentPid(): number | undefined {
    return this.active?.runtime.pid;
  }

  /** What the running agent accepts in prompts; undefined until it has answered `initialize`. */
  get promptCapabilities(): PromptCapabilities | undefined {
    return this.active?.summary.promptCapabilities;
  }

  /** Chooses the agent for new sessions; a different agent stops the old one. */
  async useAgent(definition: AgentDefinition): Promise<void> {
    if (this.active && sameLaunch(this.active.definition, definition)) {
      this.active.definition = definition;
      return;
    }
    await this.stopAgent();
    const runtime = this.deps.createRuntime(definition);
    const active: ActiveAgent = { definition, runtime, summary: this.idleSummary(definition) };
    this.active = active;
    runtime.onDidChangeState((change) => this.onAgentState(active, change));
    this.agentEmitter.fire(active.summary);
  }

  /** Starts a fresh session on the current agent (starting the agent if needed). */
  newSession(): Promise<Session> {
    const creating = this.createSession().finally(() => {
      if (this.creating === creating) this.creating = undefined;
    });
    this.creating = creating;
    return creating;
  }

  private async createSession(): Promise<Session> {
    const active = this.requireAgent();
    await this.ensureStarted(active);
    const cwd = this.deps.cwd();
    let response;
    try {
      response = await active.runtime.connection.newSession({ cwd, mcpServers: this.mcpServersFor(active) });
    } catch (error) {
      if (!isAuthRequired(error)) throw error;
      this.requireAuth(active, error);
      throw new AuthRequiredError(active.definition.name);
    }
    if (typeof response?.sessionId !== 'string') throw new Error('The agent did not return a session id.');
    const scope = { sessionId: response.sessionId, cwd, roots: this.deps.roots() };
    const gate = this.deps.permissionGate?.(active.definition.id);
    const session = new Session(scope, () => active.runtime.connection, this.deps.services, this.deps.log, Date.now, gate);
    session.applySetup(response);
    if (active.summary.auth) this.setAuthPrompt(active, undefined);
    await this.applyDefaults(session, active);
    this.replaceSession(session, active);
    return session;
  }

  /** Changes a config option of the current session and remembers the value for the agent's next sessions. */
  async setConfigOption(configId: string, value: ConfigValue): Promise<void> {
    const { session, active } = this.requireSession();
    await session.setConfigOption(configId, value);
    await this.remember(active, (defaults) => rememberOption(defaults, session.state.header, configId, value));
  }

  /** Changes the mode of the current session and remembers it for the agent's next sessions. */
  async setMode(modeId: string): Promise<void> {
    const { session, active } = this.requireSession();
    await session.setMode(modeId);
    await this.remember(active, (defaults) => rememberMode(defaults, modeId));
  }

  /** The agent's authentication methods (from its `initialize` answer). */
  get authMethods(): AuthMethod[] {
    return parseAuthMethods(this.active?.runtime.agentInfo?.authMethods);
  }

  /** Shows progress or a failure on the chat's sign-in message (no-op when none is shown). */
  updateAuthPrompt(change: Pick<AuthPrompt, 'pendingMethodId' | 'error'>): void {
    const active = this.active;
    if (active?.summary.auth) this.setAuthPrompt(active, { message: active.summary.auth.message, choices: active.summary.auth.choices, ...change });
  }

  /** Signs in through the agent (`authenticate`), then starts a session. */
  async authenticate(methodId: string): Promise<Session> {
    const active = this.requireAgent();
    await this.ensureStarted(active);
    await active.runtime.connection.authenticate({ methodId });
    return this.newSession();
  }

  /** Restarts the agent (it reads new credentials from its environment or its own login), then starts a session. */
  async reconnect(): Promise<Session> {
    await this.restartAgent();
    return this.newSession();
  }

  /** True when the running agent advertises `logout`. */
  get offersLogout(): boolean {
    return advertisesLogout(this.active?.runtime.agentInfo?.agentCapabilities);
  }

  /** `logout` (only when advertised); the current session ends, the next one signs in again. */
  async logout(): Promise<void> {
    const active = this.requireAgent();
    if (!this.offersLogout) throw new Error(`${active.definition.name} does not offer logging out.`);
    await active.runtime.connection.logout();
    this.replaceSession(undefined, active);
  }

  /**
   * Sends a prompt to the current session, creating one first if there is none. Whatever the agent's prompt
   * capabilities exclude is left out (see restrictToCapabilities). Throws when there is nothing left to send.
   */
  async prompt(input: string | ContentBlock[] | PromptBuilder): Promise<void> {
    const current = this.currentSession;
    const session = current && !current.ended && !this.creating ? current : await (this.creating ?? this.newSession());
    const capabilities = this.promptCapabilities;
    const content =
      typeof input === 'string' ? [{ type: 'text' as const, text: input }] : Array.isArray(input) ? input : await input(capabilities ?? {});
    const allowed = restrictToCapabilities(content, capabilities);
    if (allowed.length === 0) throw new Error('There is nothing to send.');
    await session.prompt(allowed);
  }

  async cancel(): Promise<void> {
    await this.currentSession?.cancel();
  }

  async restartAgent(): Promise<void> {
    const active = this.requireAgent();
    if (!this.trusted()) throw new Error(UNTRUSTED_WORKSPACE_MESSAGE);
    this.replaceSession(undefined, active);
    active.starting = active.runtime.restart();
    try {
      await active.starting;
    } finally {
      active.starting = undefined;
    }
  }

  /** The workspace was trusted: an agent held back may start now (on the next session or prompt). */
  trustGranted(): void {
    const active = this.active;
    if (!active || active.summary.status !== 'untrusted') return;
    active.summary = this.idleSummary(active.definition);
    this.agentEmitter.fire(active.summary);
  }

  async dispose(): Promise<void> {
    await this.stopAgent();
    this.agentEmitter.dispose();
    this.sessionEmitter.dispose();
  }

  private requireSession(): { session: Session; active: ActiveAgent } {
    const session = this.currentSession;
    if (!session || !this.active) throw new Error('There is no session to change yet: send a message first.');
    return { session, active: this.active };
  }

  private mcpServersFor(active: ActiveAgent): McpServer[] {
    const selection = selectMcpServers(this.deps.mcpServers?.() ?? [], active.runtime.agentInfo?.agentCapabilities);
    for (const left of selection.leftOut) {
      this.deps.log(`MCP server "${left.name}" left out: ${active.definition.name} does not take ${left.transport} MCP servers.`);
    }
    if (selection.servers.length > 0) this.deps.log(`MCP servers for ${active.definition.name}: ${describeMcpServers(selection.servers)}`);
    return selection.servers;
  }

  /** Applies the agent's remembered option values and mode that the new session offers; a refusal is logged. */
  private async applyDefaults(session: Session, active: ActiveAgent): Promise<void> {
    const wanted = defaultsToApply(this.deps.defaults?.get(active.definition.id) ?? NO_DEFAULTS, session.state.header);
    for (const { configId, value } of wanted.options) {
      await session.setConfigOption(configId, value).catch((error: unknown) => this.deps.log(`Could not re-apply ${configId}: ${String(error)}`));
    }
    if (wanted.modeId !== undefined) {
      await session.setMode(wanted.modeId).catch((error: unknown) => this.deps.log(`Could not re-apply mode ${wanted.modeId}: ${String(error)}`));
    }
  }

  private async remember(active: ActiveAgent, change: (defaults: AgentDefaults) => AgentDefaults): Promise<void> {
    const store = this.deps.defaults;
    if (store) await store.set(active.definition.id, change(store.get(active.definition.id)));
  }

  private requireAuth(active: ActiveAgent, error: unknown): void {
    const said = error instanceof Error && error.message && !/^authentication required\.?$/i.test(error.message) ? ` It said: ${error.message}` : '';
    const choices = parseAuthMethods(active.runtime.agentInfo?.authMethods).map(authChoice);
    const message =
      choices.length > 0
        ? `${active.definition.name} needs you to sign in.${said}`
        : `${active.definition.name} needs you to sign in, but offers no way to do it from here: sign in with its own tools, then restart it.${said}`;
    this.setAuthPrompt(active, { message, choices });
  }

  private setAuthPrompt(active: ActiveAgent, auth: AuthPrompt | undefined): void {
    active.summary = { ...active.summary, auth };
    if (!auth) delete active.summary.auth;
    if (this.active === active) this.agentEmitter.fire(active.summary);
  }

  private requireAgent(): ActiveAgent {
    if (!this.active) throw new Error('No agent is selected.');
    return this.active;
  }

  private idleSummary(definition: AgentDefinition): AgentSummary {
    const base = { id: definition.id, name: definition.name };
    return this.trusted() ? { ...base, status: 'stopped' } : { ...base, status: 'untrusted', message: UNTRUSTED_WORKSPACE_MESSAGE };
  }

  private trusted(): boolean {
    return this.deps.workspaceTrusted?.() ?? true;
  }

  private async ensureStarted(active: ActiveAgent): Promise<void> {
    if (!this.trusted()) throw new Error(UNTRUSTED_WORKSPACE_MESSAGE);
    if (active.starting) await active.starting;
    if (active.runtime.state.state === 'ready') return;
    active.starting = active.runtime.state.state === 'failed' ? active.runtime.restart() : active.runtime.start();
    try {
      await active.starting;
    } finally {
      active.starting = undefined;
    }
  }

  private replaceSession(session: Session | undefined, active: ActiveAgent): void {
    this.sessionSubscriptions.forEach((s) => s.dispose());
    this.sessionSubscriptions = [];
    this.currentSession?.dispose();
    this.currentSession = session;
    if (session) {
      this.sessionSubscriptions.push(
        active.runtime.registerSession(session.sessionId, session),
        session.onDidRequireAuth((error) => this.requireAuth(active, error)),
      );
    }
    this.sessionEmitter.fire(session);
  }

  private onAgentState(active: ActiveAgent, change: AgentStateChange): void {
    if (this.active !== active) return;
    const auth = active.summary.auth;
    active.summary = { id: active.definition.id, name: active.definition.name, status: change.state, message: change.message };
    // The sign-in message stays through the restarts that signing in takes.
    if (auth) active.summary.auth = auth;
    if (change.state === 'ready') active.summary.promptCapabilities = promptCapabilitiesOf(active.runtime.agentInfo);
    if (change.state === 'failed') this.currentSession?.agentLost(change.message ?? 'The agent stopped.');
    this.agentEmitter.fire(active.summary);
  }

  private async stopAgent(): Promise<void> {
    const active = this.active;
    if (!active) return;
    this.replaceSession(undefined, active);
    this.active = undefined;
    await active.runtime.dispose();
  }
}

function sameLaunch(a: AgentDefinition, b: AgentDefinition): boolean {
  return a.id === b.id && a.command === b.command && JSON.stringify([a.args, a.env]) === JSON.stringify([b.args, b.env]);
}
