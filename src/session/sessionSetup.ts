// What a session is opened with and what it remembers: the MCP servers the agent may take, the roots of its place
// other than its cwd (`additionalDirectories`, only where offered), and the agent's remembered config option values
// and mode, re-applied to its new sessions. No `vscode` here.
import type { AgentDefaults, AgentDefaultsStore } from '../config/agentDefaults';
import { defaultsToApply, NO_DEFAULTS } from '../config/agentDefaults';
import { describeMcpServers, selectMcpServers } from '../config/mcpServers';
import type { McpServer } from '../shared/acp';
import { describeError } from '../shared/text/errors';
import type { PooledAgent } from './agentPool';
import type { LifecycleCapabilities } from './lifecycleCapabilities';
import type { Session } from './session';
import type { SessionPlace } from './sessionPlace';

/** The MCP servers of the settings that the agent's capabilities allow; those left out are logged. */
export function mcpServersFor(agent: PooledAgent, configured: McpServer[], log: (line: string) => void): McpServer[] {
  const selection = selectMcpServers(configured, agent.runtime.agentInfo?.agentCapabilities);
  for (const left of selection.leftOut) {
    log(`MCP server "${left.name}" left out: ${agent.definition.name} does not take ${left.transport} MCP servers.`);
  }
  if (selection.servers.length > 0) log(`MCP servers for ${agent.definition.name}: ${describeMcpServers(selection.servers)}`);
  return selection.servers;
}

/** The place's roots other than its cwd, when the agent takes `additionalDirectories` (never sent otherwise). */
export function additionalDirectories(lifecycle: LifecycleCapabilities, place: SessionPlace): { additionalDirectories?: string[] } {
  if (!lifecycle.additionalDirectories) return {};
  const others = place.roots.filter((root) => root !== place.cwd);
  return others.length > 0 ? { additionalDirectories: others } : {};
}

/** Applies the agent's remembered option values and mode that the new session offers; a refusal is logged. */
export async function applyDefaults(session: Session, agentId: string, store: AgentDefaultsStore | undefined, log: (line: string) => void): Promise<void> {
  const wanted = defaultsToApply(store?.get(agentId) ?? NO_DEFAULTS, session.state.header);
  for (const { configId, value } of wanted.options) {
    await session.setConfigOption(configId, value).catch((error: unknown) => log(`Could not re-apply ${configId}: ${describeError(error)}`));
  }
  if (wanted.modeId !== undefined) {
    await session.setMode(wanted.modeId).catch((error: unknown) => log(`Could not re-apply mode ${wanted.modeId}: ${describeError(error)}`));
  }
}

/** Remembers a change to the agent's defaults (no store: nothing is remembered). */
export async function remember(store: AgentDefaultsStore | undefined, agentId: string, change: (defaults: AgentDefaults) => AgentDefaults): Promise<void> {
  if (store) await store.set(agentId, change(store.get(agentId)));
}
