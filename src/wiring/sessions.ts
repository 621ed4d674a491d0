// The panel's sessions: the agents, the open sessions and the shown one (see src/chat/sessionParts.ts), made from the
// settings; the configured agent is selected at activation and again when the agent settings change. An agent the
// user picks in the chat is used in this window until the default agent setting changes; the setting itself is
// written only when the user makes an agent the default.
import * as vscode from 'vscode';
import { clientCapabilitiesFor } from '../acp/clientCapabilities';
import { createSessionParts, SessionParts } from '../chat/sessionParts';
import type { ClientServicesHandle } from '../clientServices';
import { contentForParts } from '../composer/composerHost';
import { globalStateDefaults } from '../config/agentDefaultsStore';
import { presetForCommand } from '../config/agentPresets';
import { affectsAgentSettings, readAgents, readDefaultAgent, readMcpServers } from '../config/agentSettings';
import type { PermissionPolicy } from '../policy/vscode/permissionPolicy';
import { CHAT_VIEW_RENDERS } from '../chat/view/chatRenders';
import type { AgentsWiring } from './agents';
import { placeFor } from './workspace';

export interface SessionsWiring {
  parts: SessionParts;
  /** Resolves once the configured default agent (or the one the user picked) is selected. */
  agentSelected(): Promise<void>;
  /** Uses this agent for new sessions in this window, without making it the default; resolves once it is selected. */
  chooseAgent(agentId: string): Promise<void>;
  disposables: vscode.Disposable[];
}

export function wireSessions(context: vscode.ExtensionContext, agents: AgentsWiring, clientServices: ClientServicesHandle, policy: PermissionPolicy): SessionsWiring {
  const clientCapabilities = clientCapabilitiesFor(clientServices.features, CHAT_VIEW_RENDERS, { terminalAuth: true });
  const parts = createSessionParts({
    createRuntime: agents.runtimeFactory(clientCapabilities),
    placeFor,
    features: clientServices.features,
    log: agents.log,
    workspaceTrusted: () => vscode.workspace.isTrusted,
    permissionGate: (agentId) => policy.gateFor(agentId),
    mcpServers: () => readMcpServers().servers,
    defaults: globalStateDefaults(context.globalState),
    findAgent: (agentId) => readAgents(context.extensionUri).agents.find((agent) => agent.id === agentId),
    installHint: (command) => {
      const preset = presetForCommand(command);
      return preset && { install: preset.install, ...(preset.installCommand ? { installCommand: preset.installCommand } : {}) };
    },
    resolvePrompt: contentForParts,
    secretRules: agents.secretRules,
    onQueuedPromptError: (error, agentName) =>
      void vscode.window.showErrorMessage(`A queued message to ${agentName} was not sent: ${error instanceof Error ? error.message : String(error)}`),
  });
  const readMcpSetting = (): void => {
    const setting = readMcpServers();
    agents.mcpServersRead(setting.servers);
    for (const problem of setting.problems) void vscode.window.showWarningMessage(`ACP: ${problem}`);
  };
  readMcpSetting();

  let selection = Promise.resolve();
  /** The agent picked in the chat (not the default), until the default agent setting changes. */
  let chosenId: string | undefined;
  const selectConfiguredAgent = (): void => {
    const resolved = readAgents(context.extensionUri);
    agents.agentsRead(resolved.agents);
    for (const problem of resolved.problems) void vscode.window.showWarningMessage(`ACP: ${problem.message}`);
    const chosen = resolved.agents.find((candidate) => candidate.id === chosenId);
    if (!chosen) chosenId = undefined;
    const agent = chosen ?? readDefaultAgent(resolved);
    selection = selection
      .then(() => parts.pool.syncAgents(resolved.agents))
      .then(() => parts.pool.useAgent(agent));
  };
  selectConfiguredAgent();
  return {
    parts,
    agentSelected: () => selection,
    chooseAgent: (agentId) => {
      chosenId = agentId;
      selectConfiguredAgent();
      return selection;
    },
    disposables: [
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('acp.defaultAgent')) chosenId = undefined;
        if (affectsAgentSettings(event)) selectConfiguredAgent();
        if (event.affectsConfiguration('acp.mcpServers')) readMcpSetting();
      }),
    ],
  };
}
