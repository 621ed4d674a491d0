// The panel's agent and session: starts the chosen agent on demand, creates sessions on it, and reports
// agent status and session changes. No `vscode` here; the glue injects how runtimes are made and the cwd.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AgentRuntime, AgentStateChange } from '../acp/agentRuntime';
import type { ContentBlock, PromptCapabilities } from '../shared/acp';
import type { AgentSummary } from '../shared/webviewProtocol';
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
    const response = await active.runtime.connection.newSession({ cwd, mcpServers: [] });
    if (typeof response?.sessionId !== 'string') throw new Error('The agent did not return a session id.');
    const scope = { sessionId: response.sessionId, cwd, roots: this.deps.roots() };
    const gate = this.deps.permissionGate?.(active.definition.id);
    const session = new Session(scope, () => active.runtime.connection, this.deps.services, this.deps.log, Date.now, gate);
    session.applySetup(response);
    this.replaceSession(session, active);
    return session;
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
    if (session) this.sessionSubscriptions.push(active.runtime.registerSession(session.sessionId, session));
    this.sessionEmitter.fire(session);
  }

  private onAgentState(active: ActiveAgent, change: AgentStateChange): void {
    if (this.active !== active) return;
    active.summary = { id: active.definition.id, name: active.definition.name, status: change.state, message: change.message };
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
