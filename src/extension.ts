// Activation: wire the services together, nothing else.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { AgentRuntime } from './acp/agentRuntime';
import { clientCapabilitiesFor } from './acp/clientCapabilities';
import { createClientServices } from './clientServices';
import { registerCommands } from './commands/registerCommands';
import type { AgentDefinition } from './config/agentDefinitions';
import { affectsAgentSettings, readAgents, readDefaultAgent } from './config/agentSettings';
import { createAgentLog } from './output/agentLog';
import { TrafficLog } from './output/trafficLog';
import { SessionManager } from './session/sessionManager';
import type { WebviewToHost } from './shared/webviewProtocol';
import { CHAT_VIEW_ID, ChatViewProvider } from './webview/chatViewProvider';

/** What activate() returns; the integration tests use it to watch sessions. */
export interface AcpExtensionApi {
  readonly sessions: SessionManager;
  /** Resolves once the configured default agent is selected. */
  agentSelected(): Promise<void>;
}

function workspaceCwd(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
}

export function activate(context: vscode.ExtensionContext): AcpExtensionApi {
  const traffic = new TrafficLog();
  const agentLogs = new Map<string, vscode.LogOutputChannel>();
  const logFor = (agent: AgentDefinition): vscode.LogOutputChannel => {
    let channel = agentLogs.get(agent.id);
    if (!channel) {
      channel = vscode.window.createOutputChannel(`ACP Agent: ${agent.name}`, { log: true });
      agentLogs.set(agent.id, channel);
    }
    return channel;
  };
  const clientInfo = { name: 'acp-client-vscode', title: 'ACP Client for VS Code', version: String(context.extension.packageJSON.version) };

  const services = createClientServices(context);
  const clientCapabilities = clientCapabilitiesFor(services);
  const manager = new SessionManager({
    createRuntime: (agent) =>
      new AgentRuntime({
        launch: { command: agent.command, args: agent.args, env: agent.env, cwd: workspaceCwd() },
        clientInfo,
        clientCapabilities,
        log: createAgentLog(logFor(agent)),
        traffic,
      }),
    cwd: workspaceCwd,
    roots: () => vscode.workspace.workspaceFolders?.map((folder) => folder.uri.fsPath) ?? [workspaceCwd()],
    services,
    log: (line) => console.log(`[acp] ${line}`),
  });

  let selection = Promise.resolve();
  const selectConfiguredAgent = (): void => {
    const resolved = readAgents(context.extensionUri);
    for (const problem of resolved.problems) void vscode.window.showWarningMessage(`ACP: ${problem.message}`);
    selection = selection.then(() => manager.useAgent(readDefaultAgent(resolved)));
  };
  selectConfiguredAgent();
  const agentSelected = (): Promise<void> => selection;

  const handleUserAction = async (action: WebviewToHost): Promise<void> => {
    await selection;
    switch (action.type) {
      case 'prompt':
        return manager.prompt(action.text);
      case 'cancel':
        return manager.cancel();
      case 'permission':
        manager.session?.choosePermission(action.requestKey, action.optionId);
        return;
      case 'newSession':
        await manager.newSession();
        return;
      case 'restartAgent':
        return manager.restartAgent();
      case 'ready':
        // The chat is on screen: get the agent and a session going so the first answer comes sooner.
        if (!manager.session && manager.agent?.status === 'stopped') await manager.newSession();
        return;
    }
  };
  const provider = new ChatViewProvider(context.extensionUri, manager, handleUserAction);

  context.subscriptions.push(
    traffic,
    provider,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, provider),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsAgentSettings(event)) selectConfiguredAgent();
    }),
    ...registerCommands({ manager, traffic, agentSelected }),
    { dispose: () => agentLogs.forEach((channel) => channel.dispose()) },
    { dispose: () => void manager.dispose() },
  );
  return { sessions: manager, agentSelected };
}

export function deactivate(): void {}
