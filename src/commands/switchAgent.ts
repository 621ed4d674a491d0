// "ACP: Switch Agent" (also the chat header's agent name): the configured agents (the built-in demo included), the
// presets not configured yet with what each needs, and "Add agent…" (the acp.agents setting). The picked agent is
// used for new sessions in this window; a picked preset is added to the USER settings' acp.agents (agents are only
// ever read from there). `acp.defaultAgent` changes only through "Make … the default agent" (an item of the pick,
// and "ACP: Make Agent the Default"), never as a side effect of switching.
import * as vscode from 'vscode';
import type { AgentDefinition } from '../config/agentDefinitions';
import { AGENT_PRESETS, presetEntry, presetsNotConfigured } from '../config/agentPresets';
import { readAgents } from '../config/agentSettings';
import type { SurfaceSessions } from '../session/surfaceSessions';
import type { PalettePicks, PickItem } from './quickPick';

export const SWITCH_AGENT_COMMAND = 'acp.switchAgent';
export const MAKE_DEFAULT_AGENT_COMMAND = 'acp.makeDefaultAgent';

/** The default agent as the user settings name it (the built-in demo when none is set). */
function defaultAgentId(): string | undefined {
  const inspected = vscode.workspace.getConfiguration('acp').inspect<string>('defaultAgent');
  return inspected?.globalValue ?? inspected?.defaultValue;
}

export function agentItems(agents: readonly AgentDefinition[], currentId: string | undefined, defaultId?: string): PickItem<string>[] {
  return agents.map((agent) => ({
    label: agent.name,
    description: [agent.id, agent.id === defaultId ? 'default' : ''].filter(Boolean).join(' · '),
    detail: agent.builtIn ? 'Built in: a scripted demo, no account needed' : [agent.command, ...agent.args].join(' '),
    value: agent.id,
    current: agent.id === currentId,
  }));
}

const PRESET = 'preset:';
const MAKE_DEFAULT = 'default:';
const ADD_AGENT = 'add-agent';

/** Presets not configured yet, to add with one pick. */
export function presetItems(agents: readonly AgentDefinition[]): PickItem<string>[] {
  const presets = presetsNotConfigured(agents);
  if (presets.length === 0) return [];
  return [
    { label: 'Add an agent', kind: vscode.QuickPickItemKind.Separator, value: '' },
    ...presets.map((preset) => ({ label: `$(add) ${preset.name}`, description: [preset.command, ...preset.args].join(' '), detail: `Needs: ${preset.needs}`, value: `${PRESET}${preset.id}` })),
  ];
}

/** "Make <current> the default agent" (when it is not), then "Add agent…". */
function settingItems(agents: readonly AgentDefinition[], currentId: string | undefined, defaultId: string | undefined): PickItem<string>[] {
  const current = agents.find((agent) => agent.id === currentId);
  return [
    { label: 'Settings', kind: vscode.QuickPickItemKind.Separator, value: '' },
    ...(current && current.id !== defaultId
      ? [{ label: `$(star-empty) Make ${current.name} the default agent`, description: 'acp.defaultAgent in your user settings', value: `${MAKE_DEFAULT}${current.id}` }]
      : []),
    { label: '$(gear) Add agent…', description: 'any ACP agent, in acp.agents', value: ADD_AGENT },
  ];
}

/** Writes `acp.defaultAgent` in the user settings: the user asked for it. */
export async function makeDefaultAgent(extensionUri: vscode.Uri, shown: SurfaceSessions, agentId?: unknown): Promise<void> {
  const id = typeof agentId === 'string' ? agentId : shown.agent?.id;
  if (!id) throw new Error('No agent is in use.');
  const { agents } = readAgents(extensionUri);
  if (!agents.some((agent) => agent.id === id)) throw new Error(`There is no agent "${id}" in acp.agents.`);
  await vscode.workspace.getConfiguration('acp').update('defaultAgent', id, vscode.ConfigurationTarget.Global);
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

/** `agentId` skips the pick (for keybindings and tests); without it the user picks. `choose` uses an agent here. */
export async function switchAgent(
  extensionUri: vscode.Uri,
  shown: SurfaceSessions,
  picks: PalettePicks,
  choose: (agentId: string) => Promise<void>,
  agentId?: unknown,
): Promise<void> {
  const { agents } = readAgents(extensionUri);
  const defaultId = defaultAgentId();
  const chosen =
    typeof agentId === 'string'
      ? agentId
      : await picks.pickOne({
          id: SWITCH_AGENT_COMMAND,
          title: 'Choose the Agent',
          placeholder: 'The agent new sessions use in this window',
          items: [...agentItems(agents, shown.agent?.id, defaultId), ...presetItems(agents), ...settingItems(agents, shown.agent?.id, defaultId)],
        });
  if (chosen === undefined || chosen === '') return;
  if (chosen === ADD_AGENT) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'acp.agents');
    return;
  }
  if (chosen.startsWith(MAKE_DEFAULT)) return makeDefaultAgent(extensionUri, shown, chosen.slice(MAKE_DEFAULT.length));
  if (chosen.startsWith(PRESET)) return choose(await addPreset(chosen.slice(PRESET.length)));
  if (!agents.some((agent) => agent.id === chosen)) throw new Error(`There is no agent "${chosen}" in acp.agents.`);
  await choose(chosen);
}
