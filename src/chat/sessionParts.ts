// What the panel's sessions are made of, put together: the running agents (AgentPool), the open sessions over them
// (SessionRegistry), what the user does to an agent (AgentActions), the chat surfaces and which session each shows
// (ChatSurfaces), and the starter that starts sessions for a surface (ChatStarter).
import type { AgentDefinition } from '../config/agentDefinitions';
import type { AgentRuntime } from '../acp/agentRuntime';
import { AgentPool } from '../session/agentPool';
import { SessionRegistry, SessionRegistryDeps } from '../session/sessionRegistry';
import { ChatSurface } from './chatSurface';
import { ChatSurfaces } from './chatSurfaces';
import { ChatStarter } from './chatStarter';
import { AgentActions } from '../session/agentActions';
import type { InstallHint } from '../shared/protocol/webviewProtocol';

/** What the sessions are made of: the agents, the open sessions, the one the chat shows. */
export interface SessionParts {
  pool: AgentPool;
  registry: SessionRegistry;
  /** Sign in, log out, restart: what the user does to an agent. */
  actions: AgentActions;
  /** The side-bar chat and the chat tabs, and which one is active. */
  surfaces: ChatSurfaces;
  starter: ChatStarter;
}

export interface SessionPartsDeps extends Omit<SessionRegistryDeps, 'pool'> {
  createRuntime(agent: AgentDefinition): AgentRuntime;
  /** False while the workspace is not trusted: agents are then not started (default: trusted). */
  workspaceTrusted?(): boolean;
  /** How to get a missing agent command, when known (the presets' install hints). */
  installHint?(command: string): InstallHint | undefined;
}

/** The agents, the open sessions over them, the chat surfaces and the starter over both. */
export function createSessionParts(deps: SessionPartsDeps): SessionParts {
  const pool = new AgentPool(deps);
  const registry = new SessionRegistry({ ...deps, pool });
  const actions = new AgentActions(pool, registry);
  const surfaces = new ChatSurfaces(new ChatSurface(pool, registry, { name: 'side bar', followsSelectedAgent: true, timers: deps.timers }));
  return { pool, registry, actions, surfaces, starter: new ChatStarter(pool, registry, actions, surfaces, deps.log) };
}

/** Closes every session, stops every agent, and lets go of the events (the shutdown's order). */
export async function disposeSessionParts({ pool, registry, surfaces }: SessionParts): Promise<void> {
  await registry.dispose();
  await pool.dispose();
  surfaces.dispose();
}
