// Reads the agent settings from user (global) scope only: a workspace can neither define nor change
// the commands this extension runs, whatever its settings.json says.
import * as vscode from 'vscode';
import { AgentDefinition, DEMO_AGENT_ID, ResolvedAgents, pickDefaultAgent, resolveAgents } from './agentDefinitions';
import { McpServersSetting, parseMcpServers } from './mcpServers';

function userValue<T>(key: string): T | undefined {
  const inspected = vscode.workspace.getConfiguration('acp').inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue;
}

export function demoAgentDefinition(extensionUri: vscode.Uri): AgentDefinition {
  return {
    id: DEMO_AGENT_ID,
    name: 'Demo agent (scripted)',
    // The extension host's own runtime runs the bundled demo; under Electron it must behave as plain node.
    command: process.execPath,
    args: [vscode.Uri.joinPath(extensionUri, 'dist', 'demo-agent.js').fsPath],
    env: { ELECTRON_RUN_AS_NODE: '1' },
    builtIn: true,
  };
}

export function readAgents(extensionUri: vscode.Uri): ResolvedAgents {
  return resolveAgents(userValue<unknown>('agents'), demoAgentDefinition(extensionUri));
}

export function readDefaultAgent(resolved: ResolvedAgents): AgentDefinition {
  return pickDefaultAgent(resolved.agents, userValue<string>('defaultAgent'));
}

export function affectsAgentSettings(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration('acp.agents') || event.affectsConfiguration('acp.defaultAgent');
}

/** The MCP servers of `acp.mcpServers` (user scope only: a workspace cannot add servers that run commands). */
export function readMcpServers(): McpServersSetting {
  return parseMcpServers(userValue<unknown>('mcpServers'));
}
