// Points the extension at a real, published Claude ACP adapter (a devDependency: claude-code-acp by default, or
// claude-agent-acp), talking to the suite's fake Anthropic endpoint, through the user settings, the way a user
// configures an agent. Offline: the agent gets a fresh temp HOME and the fake's address, and never reaches the
// network.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../../src/extension';
import type { Session } from '../../../src/session/session';
import { FakeAnthropic, say } from '../../fixtures/fake-anthropic';
import { offlineClaudeEnv } from './maintainedAgentSetup';
import { workspaceFolder } from './realAgentWorkspace';
import { repoRoot, waitFor } from './scriptedAgent';

/** A published agent the suite can launch: both Claude adapters start as `node <package>/dist/index.js`. */
export interface RealAgentPackage {
  /** The agent id in the settings. */
  readonly id: string;
  readonly packageName: string;
  readonly name: string;
}

/** The older adapter: reads, writes and runs commands through the client's fs/* and terminal/*. */
export const CLAUDE_CODE_ACP: RealAgentPackage = {
  id: 'claude-code-acp',
  packageName: '@zed-industries/claude-code-acp',
  name: 'Claude Code (claude-code-acp, fake model)',
};

/** The current adapter (Claude Agent SDK): its Claude Code reads, writes and runs commands itself. */
export const CLAUDE_AGENT_ACP: RealAgentPackage = {
  id: 'claude-agent-acp',
  packageName: '@zed-industries/claude-agent-acp',
  name: 'Claude Agent (claude-agent-acp, fake model)',
};

export interface RealAgent {
  /** The agent's HOME (its config and session files land here). */
  readonly home: string;
  /** Puts the settings back and waits until the extension has let the agent go. */
  dispose(): Promise<void>;
}

/** The suite's fake model. With ACP_TEST_VERBOSE=1 every request it gets is logged (the workbench log shows it). */
export function startFakeAnthropic(): Promise<FakeAnthropic> {
  const verbose = process.env.ACP_TEST_VERBOSE === '1';
  return FakeAnthropic.start({ log: verbose ? (line) => console.log(`[fake-anthropic] ${line}`) : undefined });
}

function agentEntry(agent: RealAgentPackage): string {
  return path.join(repoRoot(), 'node_modules', ...agent.packageName.split('/'), 'dist', 'index.js');
}

/** The environment the agent needs to run offline against the fake (see shared/notes/agent-behaviour.md). */
export function agentEnv(fake: FakeAnthropic, home: string): Record<string, string> {
  return {
    ...offlineClaudeEnv(fake.url, home),
    // The extension host's own runtime runs the agent; under Electron it must behave as plain node.
    ELECTRON_RUN_AS_NODE: '1',
  };
}

/** An agent entry as a user writes it in `acp.agents`. */
export interface AgentCommand {
  readonly id: string;
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** A fresh HOME for an agent, in the run's scratch folder next to the workspace (the runner removes it). */
export function agentHome(): string {
  // Not removed when the agent goes: the Claude Code it ran may still be writing there (seen with claude-agent-acp:
  // ENOTEMPTY on HOME/.claude while removing it right after the agent's exit).
  return fs.mkdtempSync(path.join(path.dirname(workspaceFolder()), 'real-agent-home-'));
}

/** Why the agent cannot run here (not installed), or undefined when it can. */
export function realAgentMissing(agent: RealAgentPackage = CLAUDE_CODE_ACP): string | undefined {
  const entry = agentEntry(agent);
  if (fs.existsSync(entry)) return undefined;
  return `${agent.id} (${agent.packageName}, a devDependency) is not installed here: ${entry} is missing. Install it with \`npm ci\`.`;
}

/** Configures the real agent as a user-settings agent entry, makes it the default, and waits until it is selected. */
export async function useRealAgent(api: AcpExtensionApi, fake: FakeAnthropic, agent: RealAgentPackage = CLAUDE_CODE_ACP): Promise<RealAgent> {
  const missing = realAgentMissing(agent);
  if (missing !== undefined) throw new Error(missing);
  const entry = agentEntry(agent);
  const home = agentHome();
  return useAgentCommand(api, { id: agent.id, name: agent.name, command: process.execPath, args: [entry], env: agentEnv(fake, home) }, home);
}

/** Configures an agent command line as the user-settings default agent and waits until it is selected. */
export async function useAgentCommand(api: AcpExtensionApi, agent: AgentCommand, home: string): Promise<RealAgent> {
  const config = vscode.workspace.getConfiguration('acp');
  const selected = waitFor(api.sessions.onDidChangeAgent, (selectedAgent) => selectedAgent.id === agent.id);
  await config.update(
    'agents',
    [{ id: agent.id, name: agent.name, command: agent.command, args: [...agent.args], env: { ...agent.env } }],
    vscode.ConfigurationTarget.Global,
  );
  await config.update('defaultAgent', agent.id, vscode.ConfigurationTarget.Global);
  if (api.sessions.agent?.id !== agent.id) await selected;
  await api.agentSelected();
  return {
    home,
    dispose: async () => {
      await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
      await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
      // Switching back to the demo agent stops the real one; wait for that.
      if (api.sessions.agent?.id === agent.id) await waitFor(api.sessions.onDidChangeAgent, (selectedAgent) => selectedAgent.id !== agent.id);
      await api.agentSelected();
    },
  };
}

/** A fresh session on the current agent, made the way the user makes one ("ACP: New Session"). */
export async function newSession(api: AcpExtensionApi): Promise<Session> {
  await vscode.commands.executeCommand('acp.newSession');
  const session = api.sessions.session;
  if (!session) throw new Error('acp.newSession made no session');
  return session;
}

/**
 * The tools the agent offers its model in a session: they follow from the capabilities the client advertised in
 * `initialize` (claude-code-acp offers mcp__acp__Read only with fs.readTextFile, mcp__acp__Write/Edit only with
 * fs.writeTextFile, mcp__acp__Bash/BashOutput/KillShell only with terminal). Found out with one short turn in a
 * session of its own.
 */
export async function probeOfferedTools(api: AcpExtensionApi, fake: FakeAnthropic): Promise<string[]> {
  const session = await newSession(api);
  fake.script(say('Probe answered.'));
  await api.sessions.prompt('Which tools do you have? (probe)');
  const request = fake.conversation(session.sessionId)[0]?.messages;
  if (!request) throw new Error(`the probe turn sent no conversation request to the fake endpoint (problems: ${fake.problems.join('; ') || 'none'})`);
  return request.tools;
}

/** Which client capability makes claude-code-acp offer each of its client-backed tools. */
const CAPABILITY_OF_TOOL: Record<string, string> = {
  mcp__acp__Read: 'fs.readTextFile',
  mcp__acp__Write: 'fs.writeTextFile',
  mcp__acp__Edit: 'fs.writeTextFile',
  mcp__acp__Bash: 'terminal',
  mcp__acp__BashOutput: 'terminal',
  mcp__acp__KillShell: 'terminal',
};

/**
 * Fails, saying why, when the agent does not offer one of the tools (the client stopped advertising the capability
 * that makes it offer them).
 */
export function assertOffered(offered: readonly string[], tools: readonly string[]): void {
  const missing = tools.filter((tool) => !offered.includes(tool));
  if (missing.length === 0) return;
  const capabilities = [...new Set(missing.map((tool) => CAPABILITY_OF_TOOL[tool] ?? tool))].join(', ');
  throw new Error(`the agent offers no ${missing.join(', ')}: the client does not advertise ${capabilities} (see the features src/clientServices.ts plugs in)`);
}
