// The sessions as the tests drive them (AcpExtensionApi.sessions): one object over the open sessions
// (SessionRegistry), the agents (AgentPool) and the session the side-bar chat shows (ChatSurfaces.sideBar, through
// the ChatStarter), with the members tests
// used when these were one SessionManager. It adds nothing but `prompt` (the shown session, or a new one, takes a
// prompt of text or content blocks, as a user typing would).
import type { Event } from 'vscode-jsonrpc/node';
import type { AgentDefinition } from '../config/agentDefinitions';
import type { ContentBlock, PromptCapabilities } from '../shared/acp';
import type { ConfigValue } from '../shared/protocol/composerProtocol';
import type { OpenSessionView } from '../shared/protocol/sessionsProtocol';
import type { SessionKey } from '../shared/sessionKey';
import type { AgentSummary } from '../shared/protocol/webviewProtocol';
import type { HeaderStatusView } from '../shared/headerStatus';
import type { LifecycleCapabilities } from '../session/lifecycleCapabilities';
import { restrictToCapabilities } from '../session/promptContent';
import type { Session } from '../session/session';
import type { ChatSurface } from '../chat/chatSurface';
import type { OpenSession, ReopenRequest, StartedAgent } from '../session/sessionRegistry';
import { createSessionParts, disposeSessionParts, SessionParts, SessionPartsDeps } from '../chat/sessionParts';

/** Builds a prompt once the agent is up, so it can follow the agent's prompt capabilities. */
export type PromptBuilder = (capabilities: PromptCapabilities) => Promise<ContentBlock[]>;

export class SessionsApi {
  readonly onDidChangeAgent: Event<AgentSummary>;
  readonly onDidChangeSession: Event<Session | undefined>;
  readonly onDidChangeSessions: Event<void>;
  readonly onDidOpenSession: Event<OpenSession>;
  readonly onDidCloseSession: Event<OpenSession>;

  constructor(readonly parts: SessionParts) {
    this.onDidChangeAgent = parts.surfaces.sideBar.onDidChangeAgent;
    this.onDidChangeSession = parts.surfaces.sideBar.onDidChangeSession;
    this.onDidChangeSessions = parts.registry.onDidChangeSessions;
    this.onDidOpenSession = parts.registry.onDidOpenSession;
    this.onDidCloseSession = parts.registry.onDidCloseSession;
  }

  /** The side-bar chat's surface (what these members act on). */
  get sideBar(): ChatSurface {
    return this.parts.surfaces.sideBar;
  }

  get session(): Session | undefined {
    return this.parts.surfaces.sideBar.session;
  }

  get currentKey(): SessionKey | undefined {
    return this.parts.surfaces.sideBar.currentKey;
  }

  get agent(): AgentSummary | undefined {
    return this.parts.surfaces.sideBar.agent;
  }

  /** What the chat header says the user can do next. */
  get headerStatus(): HeaderStatusView {
    return this.parts.surfaces.sideBar.headerStatus;
  }

  get selectedAgent(): AgentDefinition | undefined {
    return this.parts.pool.selected?.definition;
  }

  /** The process id of the shown session's agent while it runs (tests use it to play a crash). */
  get agentPid(): number | undefined {
    return this.parts.surfaces.sideBar.shownAgent()?.runtime.pid;
  }

  get promptCapabilities(): PromptCapabilities | undefined {
    return this.parts.surfaces.sideBar.shownAgent()?.summary.promptCapabilities;
  }

  get openSessions(): readonly OpenSession[] {
    return this.parts.registry.openSessions;
  }

  get(key: SessionKey): OpenSession | undefined {
    return this.parts.registry.get(key);
  }

  find(agentId: string, sessionId: string): OpenSession | undefined {
    return this.parts.registry.find(agentId, sessionId);
  }

  sessionViews(): OpenSessionView[] {
    return this.parts.registry.sessionViews();
  }

  lifecycleOf(agentId: string): LifecycleCapabilities {
    return this.parts.registry.lifecycleOf(agentId);
  }

  async newSession(options: { cwd?: string } = {}): Promise<Session> {
    return (await this.parts.starter.newSession(this.parts.surfaces.sideBar, options)).session;
  }

  show(key: SessionKey | undefined): void {
    this.parts.surfaces.sideBar.show(key);
  }

  reopen(request: ReopenRequest): Promise<OpenSession> {
    return this.parts.starter.reopen(request, this.parts.surfaces.sideBar);
  }

  close(key: SessionKey): Promise<void> {
    return this.parts.starter.close(key);
  }

  /**
   * Sends a prompt to the shown session, creating one first if there is none (or its agent is gone). Whatever the
   * agent's prompt capabilities exclude is left out (see restrictToCapabilities). Throws when nothing is left to send.
   */
  async prompt(input: string | ContentBlock[] | PromptBuilder): Promise<void> {
    const open = await this.parts.starter.promptTarget(this.parts.surfaces.sideBar, undefined);
    const capabilities = open.agent.summary.promptCapabilities;
    const content =
      typeof input === 'string' ? [{ type: 'text' as const, text: input }] : Array.isArray(input) ? input : await input(capabilities ?? {});
    const allowed = restrictToCapabilities(content, capabilities);
    if (allowed.length === 0) throw new Error('There is nothing to send.');
    await open.session.prompt(allowed);
  }

  setConfigOption(key: SessionKey, configId: string, value: ConfigValue): Promise<void> {
    return this.parts.registry.setConfigOption(key, configId, value);
  }

  setMode(key: SessionKey, modeId: string): Promise<void> {
    return this.parts.registry.setMode(key, modeId);
  }

  cancel(key: SessionKey): Promise<void> {
    return this.parts.registry.cancel(key);
  }

  useAgent(definition: AgentDefinition): Promise<void> {
    return this.parts.pool.useAgent(definition);
  }

  syncAgents(definitions: readonly AgentDefinition[]): Promise<void> {
    return this.parts.pool.syncAgents(definitions);
  }

  restartAgent(): Promise<void> {
    return this.parts.starter.restartAgent(this.parts.surfaces.sideBar);
  }

  trustGranted(): void {
    this.parts.registry.trustGranted();
  }

  startedAgent(agentId: string): Promise<StartedAgent> {
    return this.parts.registry.startedAgent(agentId);
  }

  runningAgent(agentId: string): StartedAgent | undefined {
    return this.parts.registry.runningAgent(agentId);
  }

  dispose(): Promise<void> {
    return disposeSessionParts(this.parts);
  }
}

/** The sessions of agents made by `deps`, as the tests drive them (unit tests build them without VS Code). */
export function createSessionsApi(deps: SessionPartsDeps): SessionsApi {
  return new SessionsApi(createSessionParts(deps));
}
