// What the user does to an agent, as opposed to a session: sign in, log out, restart. Each names the agent it acts
// on; the sessions over it close (or one is kept, see restart). No `vscode` here.
import { advertisesLogout, type AuthMethod } from '../acp/authMethods';
import type { AuthPrompt } from '../shared/protocol/webviewProtocol';
import { UNTRUSTED_WORKSPACE_MESSAGE, type AgentPool, type PooledAgent } from './agentPool';
import type { OpenSession, SessionRegistry } from './sessionRegistry';

export class AgentActions {
  constructor(
    private readonly pool: AgentPool,
    private readonly registry: SessionRegistry,
  ) {}

  /** The agent's authentication methods (from `initialize`, or those a failed start reported). */
  authMethods(agent: PooledAgent): AuthMethod[] {
    return this.pool.authMethods(agent);
  }

  /** Shows progress or a failure on the chat's sign-in message of the agent. */
  updateAuthPrompt(agent: PooledAgent, change: Pick<AuthPrompt, 'pendingMethodId' | 'error'>): void {
    this.pool.updateAuthPrompt(agent, change);
  }

  /** Signs in through the agent (`authenticate`), starting it first when needed. */
  async authenticate(agent: PooledAgent, methodId: string): Promise<void> {
    await this.pool.ensureStarted(agent);
    await agent.runtime.connection.authenticate({ methodId });
  }

  /** True when the agent is running and advertises `logout`. */
  offersLogout(agent: PooledAgent | undefined): boolean {
    return advertisesLogout(agent?.runtime.agentInfo?.agentCapabilities);
  }

  /** `logout` (only when advertised); the agent's sessions close, the next one signs in again. */
  async logout(agent: PooledAgent): Promise<void> {
    if (!this.offersLogout(agent)) throw new Error(`${agent.definition.name} does not offer logging out.`);
    await agent.runtime.connection.logout();
    this.registry.dropSessionsOf(agent);
  }

  /**
   * Restarts an agent (its process group is stopped, then it starts again); its sessions close, except `keep` (one on
   * screen whose turn was running or would not stop): that one ends, its turn shown cancelled, and stays open so a
   * session can take over from it (see ChatStarter.restartAgent).
   */
  async restart(agent: PooledAgent, keep?: OpenSession): Promise<void> {
    if (!this.pool.trusted()) throw new Error(UNTRUSTED_WORKSPACE_MESSAGE);
    this.registry.dropSessionsOf(agent, keep, `${agent.definition.name} was restarted, so this turn was stopped and the session ended.`);
    await this.pool.restart(agent);
  }
}
