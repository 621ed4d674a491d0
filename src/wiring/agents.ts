// How agents are run: the secrets masked everywhere, the extension's log, the traffic log and each agent's log,
// the stored sign-in variables, and the runtime factory (launch, client info, start timeout, the watchdog).
import * as vscode from 'vscode';
import type { AgentLaunch } from '../acp/agentProcess';
import { AgentRuntime } from '../acp/agentRuntime';
import type { ProcessWatchdog } from '../acp/processWatchdog';
import type { ClientCapabilities } from '../shared/acp';
import { createCredentialStore } from '../auth/vscode/registerAuth';
import type { CredentialStore } from '../auth/vscode/credentialStore';
import type { AgentDefinition } from '../config/agentDefinitions';
import { presetForCommandLine } from '../config/agentPresets';
import { agentSearchPath } from '../config/loginShellPath';
import { createNodeRequirementCheck } from '../config/nodeRequirement';
import { probeNodeVersion } from '../config/nodeVersionProbe';
import { mcpSecretValues } from '../config/mcpServers';
import type { McpServer } from '../shared/acp';
import { createAgentLog } from '../output/agentLog';
import { createExtensionLog, ExtensionLog } from '../output/extensionLog';
import { TrafficLog } from '../output/trafficLog';
import { agentSecretValues, secretMasker } from '../shared/text/secrets';
import { cachedSecretRules, type SecretRules } from '../shared/text/secretText';
import { workspaceCwd } from './workspace';

export interface AgentsWiring {
  /** The extension's own log (sessions, files, review, history, auth...): the "ACP" output channel. */
  extensionLog: ExtensionLog;
  log(line: string): void;
  warn(line: string): void;
  traffic: TrafficLog;
  maskSecrets(text: string): string;
  /** The secrets of the moment (agents' env and flags, MCP, sign-in variables). */
  allSecrets(): string[];
  /** The same, compiled for masking what the chat shows and what the extension keeps in files (secretText.ts). */
  secretRules(): SecretRules;
  credentials: CredentialStore;
  launchFor(agent: AgentDefinition): Promise<AgentLaunch>;
  /** The runtime of an agent entry, offering these client capabilities. */
  runtimeFactory(clientCapabilities: ClientCapabilities): (agent: AgentDefinition) => AgentRuntime;
  /** The agent settings were read: their secrets. */
  agentsRead(agents: readonly AgentDefinition[]): void;
  /** The MCP settings were read: their secrets. */
  mcpServersRead(servers: readonly McpServer[]): void;
  /** Brings up an agent's log channel; false when the agent has none (it never ran). */
  showLog(agentId: string): boolean;
  disposables: vscode.Disposable[];
}

/** The agents' time to answer `initialize` (the acp.agentStartTimeout setting, in seconds). */
function startTimeoutMs(): number {
  const seconds = vscode.workspace.getConfiguration('acp').get<number>('agentStartTimeout');
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 120_000;
}

export function wireAgents(context: vscode.ExtensionContext, watchdog: ProcessWatchdog): AgentsWiring {
  // Secrets: every env value of the configured agents and the values of their secret flags (--api-key, --token=...),
  // the MCP servers' headers and secret env values, the variables typed in to sign in; masked with the usual token
  // shapes in the traffic log, the agents' logs, failure messages and exports (transcript, permission log), and (known
  // values and token shapes: secretText.ts) in the chat as drawn and in every file the extension keeps.
  let knownSecrets: string[] = [];
  let mcpSecrets: string[] = [];
  const credentialSecrets = new Set<string>();
  const allSecrets = (): string[] => [...knownSecrets, ...mcpSecrets, ...credentialSecrets];
  const maskSecrets = secretMasker(allSecrets);
  const secretRules = cachedSecretRules(allSecrets);
  const extensionLog = createExtensionLog(maskSecrets);
  const traffic = new TrafficLog(maskSecrets);
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
  const credentials = createCredentialStore(context);
  // An agent run by npx on the user's node that asks for a newer one (the Claude and Codex presets want Node.js 22).
  const checkNode = createNodeRequirementCheck<AgentDefinition>({
    minMajorFor: (agent) => presetForCommandLine(agent.command, agent.args)?.minNodeMajor,
    probe: probeNodeVersion,
    warn: (agent, message) => {
      logFor(agent).warn(message);
      void vscode.window.showWarningMessage(`ACP: ${message}`);
    },
  });
  // Asked at every start: the login shell's PATH (an editor started from a launcher often lacks nvm, Homebrew...)
  // unless the entry sets one, the entry's env, then the variables the user gave for signing in. The login shell is
  // asked once, by the first start that needs it: part of the agent's start, so the chat knows its agent (and takes
  // a message, shown as waiting for the start) while a slow shell profile runs.
  const launchFor = async (agent: AgentDefinition): Promise<AgentLaunch> => {
    const searchPath = agent.builtIn ? undefined : await agentSearchPath();
    const signedIn = await credentials.envFor(agent.id).catch(() => ({}));
    Object.values(signedIn).forEach((value) => credentialSecrets.add(value));
    const env: Record<string, string> = { ...(searchPath ? { PATH: searchPath } : {}), ...agent.env, ...signedIn };
    await checkNode(agent, env.PATH);
    return { command: agent.command, args: agent.args, env, cwd: workspaceCwd() };
  };
  return {
    extensionLog,
    log: extensionLog.of(),
    warn: extensionLog.of(undefined, 'warn'),
    traffic,
    maskSecrets,
    allSecrets,
    secretRules,
    credentials,
    launchFor,
    runtimeFactory: (clientCapabilities) => (agent) =>
      new AgentRuntime({
        launch: () => launchFor(agent),
        clientInfo,
        clientCapabilities,
        log: createAgentLog(logFor(agent), maskSecrets),
        traffic,
        maskSecrets,
        name: agent.name,
        guard: watchdog,
        startTimeoutMs,
      }),
    agentsRead: (agents) => {
      knownSecrets = agents.flatMap((agent) => agentSecretValues(agent));
    },
    mcpServersRead: (servers) => {
      mcpSecrets = mcpSecretValues([...servers]);
    },
    showLog: (agentId) => {
      const channel = agentLogs.get(agentId);
      channel?.show(true);
      return channel !== undefined;
    },
    disposables: [extensionLog, traffic, { dispose: () => agentLogs.forEach((channel) => channel.dispose()) }],
  };
}
