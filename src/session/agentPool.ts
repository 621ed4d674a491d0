// The running agents of the panel, one per agent entry: each with its runtime (process and connection), the summary
// the chat header shows (status, why it failed, sign-in), and what it offers. Several can run at once (sessions of
// different agents stay open side by side). One of them is the selected agent, the one new sessions use; an agent
// neither selected nor held by a session stops. No `vscode` here.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AgentRuntime, AgentStateChange } from '../acp/agentRuntime';
import { AuthMethod, authChoice, parseAuthMethods } from '../acp/authMethods';
import { AgentFailure } from '../acp/failureMessage';
import type { AgentSummary, AuthPrompt, InstallHint, MissingCommand } from '../shared/protocol/webviewProtocol';
import { LifecycleCapabilities, lifecycleCapabilitiesOf } from './lifecycleCapabilities';
import { promptCapabilitiesOf } from './promptContent';

/** What the panel says while agents are held back in an untrusted workspace. */
export const UNTRUSTED_WORKSPACE_MESSAGE =
  'This workspace is not trusted, so no agent is started here: an agent runs commands and changes files in the ' +
  'workspace. Trust the workspace (Manage Workspace Trust) to use agents; the agent starts once you do.';

export interface PooledAgent {
  definition: AgentDefinition;
  runtime: AgentRuntime;
  summary: AgentSummary;
  starting?: Promise<unknown>;
  /** How many open sessions hold it (see AgentPool.hold). */
  holders: number;
}

export interface AgentPoolDeps {
  createRuntime(agent: AgentDefinition): AgentRuntime;
  /** False while the workspace is not trusted: agents are then not started (default: trusted). */
  workspaceTrusted?(): boolean;
  /** How to get a missing command (from the presets), when known. */
  installHint?(command: string): InstallHint | undefined;
}

export class AgentPool {
  private readonly agents = new Map<string, PooledAgent>();
  private selectedAgent: PooledAgent | undefined;
  private readonly selectedEmitter = new Emitter<PooledAgent>();
  private readonly retireEmitter = new Emitter<PooledAgent>();
  /** Another agent was selected for new sessions. */
  readonly onDidChangeSelected: Event<PooledAgent> = this.selectedEmitter.event;
  /** An agent is retired (it left the settings or its launch changed): whatever holds it lets go now. */
  readonly onWillRetire: Event<PooledAgent> = this.retireEmitter.event;
  private readonly summaryEmitter = new Emitter<PooledAgent>();
  private readonly stateEmitter = new Emitter<{ agent: PooledAgent; change: AgentStateChange }>();
  /** An agent's summary changed (status, message, sign-in). */
  readonly onDidChangeSummary: Event<PooledAgent> = this.summaryEmitter.event;
  /** An agent's runtime changed state (after the summary was updated). */
  readonly onDidChangeState: Event<{ agent: PooledAgent; change: AgentStateChange }> = this.stateEmitter.event;

  constructor(private readonly deps: AgentPoolDeps) {}

  /** The selected agent: the one new sessions use. */
  get selected(): PooledAgent | undefined {
    return this.selectedAgent;
  }

  /** Chooses the agent for new sessions. Agents other sessions use keep running; one nobody uses any more stops. */
  async useAgent(definition: AgentDefinition): Promise<void> {
    const { agent, replaced } = this.acquire(definition);
    if (replaced) await this.retire(replaced);
    const previous = this.selectedAgent;
    this.selectedAgent = agent;
    if (previous === agent) return;
    this.selectedEmitter.fire(agent);
    if (previous && previous !== replaced) await this.stopIfUnused(previous);
  }

  /**
   * The agent settings changed: an agent no longer in them, or whose launch (command, args, env) changed, is retired
   * (its sessions close and it stops).
   */
  async syncAgents(definitions: readonly AgentDefinition[]): Promise<void> {
    const byId = new Map(definitions.map((definition) => [definition.id, definition]));
    for (const agent of this.all()) {
      const definition = byId.get(agent.definition.id);
      if (!definition || !sameLaunch(agent.definition, definition)) await this.retire(agent);
      else agent.definition = definition;
    }
  }

  /** An open session uses the agent until the returned handle is disposed. */
  hold(agent: PooledAgent): { dispose(): void } {
    agent.holders++;
    let held = true;
    return {
      dispose: () => {
        if (held) agent.holders--;
        held = false;
      },
    };
  }

  /** Stops the agent when it is neither selected nor held by a session. */
  async stopIfUnused(agent: PooledAgent): Promise<void> {
    if (agent === this.selectedAgent || agent.holders > 0) return;
    await this.release(agent);
  }

  get(agentId: string): PooledAgent | undefined {
    return this.agents.get(agentId);
  }

  all(): PooledAgent[] {
    return [...this.agents.values()];
  }

  /**
   * The pooled agent for this entry, created when missing. An entry whose launch changed (command, args, env)
   * replaces the old agent, which is returned so its sessions can be ended and it stopped.
   */
  acquire(definition: AgentDefinition): { agent: PooledAgent; replaced?: PooledAgent } {
    const existing = this.agents.get(definition.id);
    if (existing && sameLaunch(existing.definition, definition)) {
      existing.definition = definition;
      return { agent: existing };
    }
    const runtime = this.deps.createRuntime(definition);
    const agent: PooledAgent = { definition, runtime, summary: this.idleSummary(definition), holders: 0 };
    this.agents.set(definition.id, agent);
    runtime.onDidChangeState((change) => this.onRuntimeState(agent, change));
    return { agent, replaced: existing };
  }

  /** Stops the agent and forgets it. */
  async release(agent: PooledAgent): Promise<void> {
    if (this.agents.get(agent.definition.id) === agent) this.agents.delete(agent.definition.id);
    await agent.runtime.dispose();
  }

  trusted(): boolean {
    return this.deps.workspaceTrusted?.() ?? true;
  }

  /**
   * Starts the agent unless it runs; a failed start rejects with an AgentFailure (the sentence and its details). A
   * start that a restart replaces meanwhile (ACP: Restart Agent while it hangs) waits for the restarted agent instead.
   */
  async ensureStarted(agent: PooledAgent): Promise<void> {
    if (!this.trusted()) throw new Error(UNTRUSTED_WORKSPACE_MESSAGE);
    if (!agent.starting && agent.runtime.state.state === 'ready') return;
    if (!agent.starting) {
      const starting = agent.runtime.state.state === 'failed' ? agent.runtime.restart() : agent.runtime.start();
      this.track(agent, starting).catch(() => undefined);
    }
    await this.untilStarted(agent);
  }

  /** Waits for the agent's start under way, or for the restart that replaced it. */
  private async untilStarted(agent: PooledAgent): Promise<void> {
    for (let pending = agent.starting; pending; ) {
      const failure = await pending.then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      const next = agent.starting;
      if (next && next !== pending) {
        pending = next;
        continue;
      }
      if (failure) this.failedStart(agent, failure.error);
      return;
    }
  }

  async restart(agent: PooledAgent): Promise<void> {
    if (!this.trusted()) throw new Error(UNTRUSTED_WORKSPACE_MESSAGE);
    await this.track(agent, agent.runtime.restart()).catch((error: unknown) => this.failedStart(agent, error));
  }

  /** A start that failed, as the runtime described it (its summary says which agent and why). */
  private failedStart(agent: PooledAgent, error: unknown): never {
    const { state, message, details } = agent.runtime.state;
    if (state !== 'failed' || !message) throw error;
    throw new AgentFailure(details ? { summary: message, details } : { summary: message }, 'start', { cause: error });
  }

  lifecycle(agent: PooledAgent): LifecycleCapabilities {
    return lifecycleCapabilitiesOf(agent.runtime.agentInfo);
  }

  authMethods(agent: PooledAgent): AuthMethod[] {
    return parseAuthMethods(agent.runtime.agentInfo?.authMethods);
  }

  /** The agent refused with auth_required: the chat shows the ways to sign in. */
  requireAuth(agent: PooledAgent, error: unknown): void {
    const said = error instanceof Error && error.message && !/^authentication required\.?$/i.test(error.message) ? ` It said: ${error.message}` : '';
    const choices = this.authMethods(agent).map(authChoice);
    const name = agent.definition.name;
    const message =
      choices.length > 0
        ? `${name} needs you to sign in.${said}`
        : `${name} needs you to sign in, but offers no way to do it from here: sign in with its own tools, then restart it.${said}`;
    this.setAuthPrompt(agent, { message, choices });
  }

  /** Shows progress or a failure on an agent's sign-in message (no-op when it shows none). */
  updateAuthPrompt(agent: PooledAgent, change: Pick<AuthPrompt, 'pendingMethodId' | 'error'>): void {
    const auth = agent.summary.auth;
    if (auth) this.setAuthPrompt(agent, { message: auth.message, choices: auth.choices, ...change });
  }

  setAuthPrompt(agent: PooledAgent, auth: AuthPrompt | undefined): void {
    agent.summary = { ...agent.summary, auth };
    if (!auth) delete agent.summary.auth;
    this.summaryEmitter.fire(agent);
  }

  /** The workspace was trusted: agents held back may start now. */
  trustGranted(): void {
    for (const agent of this.agents.values()) {
      if (agent.summary.status !== 'untrusted') continue;
      agent.summary = this.idleSummary(agent.definition);
      this.summaryEmitter.fire(agent);
    }
  }

  async dispose(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.runtime.dispose()));
    this.summaryEmitter.dispose();
    this.stateEmitter.dispose();
    this.selectedEmitter.dispose();
    this.retireEmitter.dispose();
  }

  /** An agent replaced by a new launch (its settings changed) or gone from the settings: its sessions end, it stops. */
  private async retire(agent: PooledAgent): Promise<void> {
    this.retireEmitter.fire(agent);
    // The settings' default agent is selected again right after (useAgent).
    if (this.selectedAgent === agent) this.selectedAgent = undefined;
    await this.release(agent);
  }

  private async track(agent: PooledAgent, starting: Promise<unknown>): Promise<void> {
    agent.starting = starting;
    try {
      await starting;
    } finally {
      if (agent.starting === starting) agent.starting = undefined;
    }
  }

  private idleSummary(definition: AgentDefinition): AgentSummary {
    const base = { id: definition.id, name: definition.name };
    return this.trusted() ? { ...base, status: 'notStarted' } : { ...base, status: 'untrusted', message: UNTRUSTED_WORKSPACE_MESSAGE };
  }

  private onRuntimeState(agent: PooledAgent, change: AgentStateChange): void {
    if (this.agents.get(agent.definition.id) !== agent) return;
    const auth = agent.summary.auth;
    agent.summary = { id: agent.definition.id, name: agent.definition.name, status: change.state, message: change.message };
    if (change.details) agent.summary.details = change.details;
    // The sign-in message stays through the restarts that signing in takes.
    if (auth) agent.summary.auth = auth;
    if (change.state === 'ready') agent.summary.promptCapabilities = promptCapabilitiesOf(agent.runtime.agentInfo);
    if (change.state === 'failed') {
      const missing = this.missingCommand(agent, change.message);
      if (missing) agent.summary.missingCommand = missing;
    }
    this.summaryEmitter.fire(agent);
    this.stateEmitter.fire({ agent, change });
  }

  private missingCommand(agent: PooledAgent, message: string | undefined): MissingCommand | undefined {
    const command = agent.definition.command;
    if (!message || !message.includes(`'${command}'`) || !/not found on PATH|does not exist/.test(message)) return undefined;
    return { command, ...this.deps.installHint?.(command) };
  }
}

export function sameLaunch(a: AgentDefinition, b: AgentDefinition): boolean {
  return a.id === b.id && a.command === b.command && JSON.stringify([a.args, a.env]) === JSON.stringify([b.args, b.env]);
}
