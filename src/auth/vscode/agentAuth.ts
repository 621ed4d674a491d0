// Signing in to the agent when it requires it, with the method the user picked in the chat: `authenticate` for
// agent methods; env-var methods ask for the variables once, keep them in SecretStorage and restart the agent
// with them; terminal methods run the agent's own command (plus the method's args and env) in a terminal, then
// reconnect. And "ACP: Log Out of Agent": `logout` where advertised, and the stored variables forgotten.
import * as vscode from 'vscode';
import type { AgentLaunch } from '../../acp/agentProcess';
import type { AgentDefinition } from '../../config/agentDefinitions';
import type { AgentActions } from '../../session/agentActions';
import type { PooledAgent } from '../../session/agentPool';
import type { ActiveSurface, SessionStarter, SurfaceSessions } from '../../session/surfaceSessions';
import type { ChatHandlers } from '../../session/chatHandlers';
import { AuthMethod, isAuthRequired } from '../../acp/authMethods';
import { AuthUserInterface, vscodeAuthUserInterface } from './authUserInterface';
import type { CredentialStore } from './credentialStore';
import { describeError } from '../../shared/text/errors';

export interface AgentAuthDeps {
  /** The surface "ACP: Log Out of Agent" acts on. */
  surfaces: ActiveSurface;
  starter: SessionStarter;
  actions: AgentActions;
  credentials: CredentialStore;
  /** How the agent is run: its command, args, environment (with the stored variables) and cwd. */
  launchFor(agent: AgentDefinition): Promise<AgentLaunch>;
  log(line: string): void;
}

export class AgentAuth {
  private ui: AuthUserInterface = vscodeAuthUserInterface;

  constructor(private readonly deps: AgentAuthDeps) {}

  /** Replaces the input box and the login terminal until disposed (integration tests answer them). */
  useUserInterface(replacement: AuthUserInterface): vscode.Disposable {
    const previous = this.ui;
    this.ui = replacement;
    return new vscode.Disposable(() => {
      if (this.ui === replacement) this.ui = previous;
    });
  }

  /** Registers the chat's sign-in buttons with the chat: each signs in through the agent its view's surface shows. */
  chatHandlers(handlers: ChatHandlers): vscode.Disposable {
    return handlers.handle(['authenticate'], (message, from) => this.signIn(from.surface, message.methodId));
  }

  /**
   * The sign-in button of a chat surface, for the agent that surface shows; the methodId comes from the webview, so it
   * must be one the agent advertised.
   */
  async signIn(surface: SurfaceSessions, methodId: string): Promise<void> {
    const { actions } = this.deps;
    const pooled = surface.shownAgent();
    const method = pooled && actions.authMethods(pooled).find((m) => m.id === methodId);
    if (!method || !pooled) throw new Error('The agent does not offer this way of signing in.');
    const agent = pooled.definition;
    actions.updateAuthPrompt(pooled, { pendingMethodId: methodId });
    try {
      const done = await this.use(surface, method, agent);
      if (!done) actions.updateAuthPrompt(pooled, {});
    } catch (error) {
      if (!isAuthRequired(error)) {
        actions.updateAuthPrompt(pooled, { error: describeError(error) });
        throw error;
      }
      actions.updateAuthPrompt(pooled, { error: `${agent.name} still asks to sign in.` });
    }
  }

  /** "ACP: Log Out of Agent"; says what was done. */
  async logOut(): Promise<string> {
    const { surfaces, starter, actions, credentials } = this.deps;
    const surface = surfaces.current();
    const pooled: PooledAgent | undefined = surface.shownAgent();
    if (!pooled) throw new Error('No agent is selected.');
    const agent = pooled.definition;
    const viaAgent = pooled.summary.status === 'ready' && actions.offersLogout(pooled);
    if (viaAgent) await actions.logout(pooled);
    const forgot = await credentials.forget(agent.id);
    if (forgot && pooled.summary.status === 'ready') await starter.restartAgent(surface);
    if (!viaAgent && !forgot) throw new Error(`${agent.name} does not offer logging out, and no credentials of it are kept here.`);
    if (viaAgent && forgot) return `Logged out of ${agent.name} and forgot the credentials kept for it.`;
    return viaAgent ? `Logged out of ${agent.name}.` : `Forgot the credentials kept for ${agent.name}.`;
  }

  /** Signs in with the method; false when the user cancelled. */
  private async use(surface: SurfaceSessions, method: AuthMethod, agent: AgentDefinition): Promise<boolean> {
    const { starter, credentials } = this.deps;
    switch (method.kind) {
      case 'agent':
        await starter.authenticate(surface, method.id);
        return true;
      case 'env_var': {
        for (const variable of method.vars) {
          const value = await this.ui.askEnvVar({ agentName: agent.name, methodName: method.name, variable, link: method.link });
          if (value === undefined) return false;
          if (value === '' && variable.optional) continue;
          await credentials.store(agent.id, variable.name, value);
        }
        this.deps.log(`Stored ${method.vars.map((v) => v.name).join(', ')} for ${agent.name}; restarting it.`);
        await starter.reconnect(surface);
        return true;
      }
      case 'terminal': {
        const launch = await this.deps.launchFor(agent);
        const code = await this.ui.runLoginTerminal({
          name: `Sign in: ${agent.name}`,
          command: launch.command,
          args: [...launch.args, ...method.args],
          env: { ...launch.env, ...method.env },
          cwd: launch.cwd,
        });
        if (code !== 0) throw new Error(`The sign-in in the terminal did not succeed (${code === undefined ? 'it ended without an exit code' : `exit code ${code}`}).`);
        await starter.reconnect(surface);
        return true;
      }
      case 'other':
        throw new Error(`This client does not know how to use "${method.type}" sign-in.`);
    }
  }
}
