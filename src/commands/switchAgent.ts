// "ACP: Switch Agent": pick one of the configured agents (the built-in demo included); it becomes `acp.defaultAgent`
// in the USER settings (agents are only ever read from there), and the extension switches to it on that change.
import * as vscode from 'vscode';
import type { AgentDefinition } from '../config/agentDefinitions';
import { AGENT_PRESETS, presetEntry, presetsNotConfigured } from '../config/agentPresets';
import { readAgents } from '../config/agentSettings';
import type { ShownSessionSource } from '../session/shownSessionSource';
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

const PRESET = 'preset:';

/** Presets not configured yet, to add with one pick. */
export function presetItems(agents: readonly AgentDefinition[]): PickItem<string>[] {
  const presets = presetsNotConfigured(agents);
  if (presets.length === 0) return [];
  return [
    { label: 'Add an agent', kind: vscode.QuickPickItemKind.Separator, value: '' },
    ...presets.map((preset) => ({ label: `$(add) ${preset.name}`, description: 'add to acp.agents', detail: [preset.command, ...preset.args].join(' '), value: `${PRESET}${preset.id}` })),
  ];
}

/** Adds a preset to the user's acp.agents (the list is only ever read from user settings); returns its id. */
async function addPreset(presetId: string): Promise<string> {
  const preset = AGENT_PRESETS.find((item) => item.id === presetId);
  if (!preset) throw new Error(`There is no preset "${presetId}".`);
  const config = vscode.workspace.getConfiguration('acp');
  const current = config.inspect<unknown[]>('agents')?.globalValue;
  const list = Array.isArray(current) ? current : [];
  await config.update('agents', [...list, presetEntry(preset)], vscode.ConfigurationTarget.Global);
  return preset.id;
}

/** `agentId` skips the pick (for keybindings and tests); without it the user picks. */
export async function switchAgent(
  extensionUri: vscode.Uri,
  shown: ShownSessionSource,
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
          items: [...agentItems(agents, shown.agent?.id), ...presetItems(agents)],
        });
  if (chosen === undefined || chosen === '') return;
  if (chosen.startsWith(PRESET)) {
    const id = await addPreset(chosen.slice(PRESET.length));
    await vscode.workspace.getConfiguration('acp').update('defaultAgent', id, vscode.ConfigurationTarget.Global);
    return;
  }
  if (!agents.some((agent) => agent.id === chosen)) throw new Error(`There is no agent "${chosen}" in acp.agents.`);
  await vscode.workspace.getConfiguration('acp').update('defaultAgent', chosen, vscode.ConfigurationTarget.Global);
}
