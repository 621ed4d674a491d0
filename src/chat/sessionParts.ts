// What the panel's sessions are made of, put together: the running agents (AgentPool), the open sessions over them
// (SessionRegistry), and which one the chat shows (ShownSession) over both.
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AgentRuntime } from '../acp/agentRuntime';
import { AgentPool } from '../session/agentPool';
import type { Event } from 'vscode-jsonrpc/node';
import type { Session } from '../session/session';
import { OpenSession, SessionRegistry, SessionRegistryDeps } from '../session/sessionRegistry';
import { ShownSession } from './shownSession';
import { AgentActions } from '../session/agentActions';
import type { InstallHint } from '../shared/webviewProtocol';

/** What the sessions are made of: the agents, the open sessions, the one the chat shows. */
export interface SessionParts {
  pool: AgentPool;
  registry: SessionRegistry;
  /** Sign in, log out, restart: what the user does to an agent. */
  actions: AgentActions;
  shown: ShownSession;
}

export interface SessionPartsDeps extends Omit<SessionRegistryDeps, 'pool'> {
  createRuntime(agent: AgentDefinition): AgentRuntime;
  /** False while the workspace is not trusted: agents are then not started (default: trusted). */
  workspaceTrusted?(): boolean;
  /** How to get a missing agent command, when known (the presets' install hints). */
  installHint?(command: string): InstallHint | undefined;
}

/** The agents, the open sessions over them and the shown one over both. */
export function createSessionParts(deps: SessionPartsDeps): SessionParts {
  const pool = new AgentPool(deps);
  const registry = new SessionRegistry({ ...deps, pool });
  const actions = new AgentActions(pool, registry);
  return { pool, registry, actions, shown: new ShownSession(pool, registry, actions, deps.log, deps.timers) };
}

/** Closes every session, stops every agent, and lets go of the events (the shutdown's order). */
export async function disposeSessionParts({ pool, registry, shown }: SessionParts): Promise<void> {
  await registry.dispose();
  await pool.dispose();
  shown.dispose();
}

/** The open sessions and the one on screen, as the notifiers watch them (a request of the shown one is not announced). */
export interface SessionsOnScreen {
  readonly openSessions: readonly OpenSession[];
  readonly onDidOpenSession: Event<OpenSession>;
  readonly onDidCloseSession: Event<OpenSession>;
  readonly session: Session | undefined;
}

export function sessionsOnScreen({ registry, shown }: SessionParts): SessionsOnScreen {
  return {
    get openSessions() {
      return registry.openSessions;
    },
    onDidOpenSession: registry.onDidOpenSession,
    onDidCloseSession: registry.onDidCloseSession,
    get session() {
      return shown.session;
    },
  };
}
