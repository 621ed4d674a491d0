// "ACP: Switch Agent": pick one of the configured agents (the built-in demo included); it becomes `acp.defaultAgent`
// in the USER settings (agents are only ever read from there), and the extension switches to it on that change.
import * as vscode from 'vscode';
import type { AgentDefinition } from '../config/agentDefinitions';
import { readAgents } from '../config/agentSettings';
import type { SessionManager } from '../session/sessionManager';
import type { PalettePicks, PickItem } from './quickPick';

export const SWITCH_AGENT_COMMAND = 'acp.switchAgent';

export function agentItems(agents: readonly AgentDefinition[], currentId: string | undefined): PickItem<string>[] {
  return agents.map((agent) => ({
    label: agent.name,
    description: agent.id,
    detail: agent.builtIn ? 'Built in' : [agent.command, ...agent.args].join(' '),
    value: agent.id,
    current: agent.id === currentId,
  }));
}

/** `agentId` skips the pick (for keybindings and tests); without it the user picks. */
export async function switchAgent(
  extensionUri: vscode.Uri,
  manager: SessionManager,
  picks: PalettePicks,
  agentId?: unknown,
): Promise<void> {
  const { agents } = readAgents(extensionUri);
  const chosen =
    typeof agentId === 'string'
      ? agentId
      : await picks.pickOne({
          id: SWITCH_AGENT_COMMAND,
          title: 'Switch Agent',
          placeholder: 'The agent new sessions use',
          items: agentItems(agents, manager.agent?.id),
        });
  if (chosen === undefined) return;
  if (!agents.some((agent) => agent.id === chosen)) throw new Error(`There is no agent "${chosen}" in acp.agents.`);
  await vscode.workspace.getConfiguration('acp').update('defaultAgent', chosen, vscode.ConfigurationTarget.Global);
}
