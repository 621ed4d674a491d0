// Ready-made entries for the popular ACP agents, offered by "ACP: Switch Agent" next to the configured ones; choosing
// one adds it to the user's `acp.agents`. Pure.
import type { AgentDefinition } from './agentDefinitions';

export interface AgentPreset {
  id: string;
  name: string;
  command: string;
  args: string[];
  /** How to get the command when it is missing, in plain words. */
  install: string;
  /** The command line that installs it, when one does (offered with Copy and Run in terminal). */
  installCommand?: string;
  /** What it needs, in plain words (the command, a sign-in, a Node.js version), shown in the agent picker. */
  needs: string;
  /** The oldest Node.js major version it supports, when it runs on the user's node (npx): checked at its start. */
  minNodeMajor?: number;
}

export const AGENT_PRESETS: readonly AgentPreset[] = [
  {
    id: 'claude',
    name: 'Claude Code',
    command: 'npx',
    args: ['-y', '@agentclientprotocol/claude-agent-acp'],
    install: 'Install Node.js 22 or later (npx comes with it).',
    needs: 'Node.js 22+, a Claude login or ANTHROPIC_API_KEY; the first start downloads it.',
    minNodeMajor: 22,
  },
  {
    id: 'codex',
    name: 'Codex',
    command: 'npx',
    args: ['-y', '@agentclientprotocol/codex-acp'],
    install: 'Install Node.js 22 or later (npx comes with it).',
    needs: 'Node.js 22+, a ChatGPT login or OPENAI_API_KEY; the first start downloads it.',
    minNodeMajor: 22,
  },
  {
    id: 'gemini',
    name: 'Gemini CLI',
    command: 'gemini',
    args: ['--acp'],
    install: 'Install the Gemini CLI with npm (Node.js 20 or later).',
    installCommand: 'npm install -g @google/gemini-cli',
    needs: 'The gemini command (Node.js 20+); a Google account or GEMINI_API_KEY.',
  },
  {
    id: 'qwen',
    name: 'Qwen Code',
    command: 'qwen',
    args: ['--acp'],
    install: 'Install Qwen Code with npm (Node.js 22 or later).',
    installCommand: 'npm install -g @qwen-code/qwen-code',
    needs: 'The qwen command (Node.js 22+); a Qwen account or an API key.',
  },
  {
    id: 'goose',
    name: 'Goose',
    command: 'goose',
    args: ['acp'],
    install: 'Install Goose as its guide says: https://block.github.io/goose/docs/getting-started/installation',
    needs: 'The goose command; a model provider set up with goose configure.',
  },
  {
    id: 'copilot',
    name: 'GitHub Copilot CLI',
    command: 'copilot',
    args: ['--acp'],
    install: 'Install the GitHub Copilot CLI with npm.',
    installCommand: 'npm install -g @github/copilot',
    needs: 'The copilot command and a GitHub Copilot subscription (sign in with /login).',
  },
  {
    id: 'opencode',
    name: 'OpenCode',
    command: 'opencode',
    args: ['acp'],
    install: 'Install OpenCode with npm.',
    installCommand: 'npm install -g opencode-ai',
    needs: 'The opencode command; a model provider (opencode auth login).',
  },
];

/** The preset whose command this is (for what to install when it is missing). */
export function presetForCommand(command: string): AgentPreset | undefined {
  return AGENT_PRESETS.find((preset) => preset.command === command);
}

/** The preset with exactly this command line (an agent the user added from the picker, or wrote the same way). */
export function presetForCommandLine(command: string, args: readonly string[]): AgentPreset | undefined {
  return AGENT_PRESETS.find((preset) => preset.command === command && JSON.stringify(preset.args) === JSON.stringify(args));
}

/** The presets the user has not configured yet (by id, or by the same command line). */
export function presetsNotConfigured(configured: readonly AgentDefinition[]): AgentPreset[] {
  const commandLine = (command: string, args: readonly string[]): string => [command, ...args].join(' ');
  const lines = new Set(configured.map((agent) => commandLine(agent.command, agent.args)));
  const ids = new Set(configured.map((agent) => agent.id));
  return AGENT_PRESETS.filter((preset) => !ids.has(preset.id) && !lines.has(commandLine(preset.command, preset.args)));
}

/** The `acp.agents` entry for a preset. */
export function presetEntry(preset: AgentPreset): { id: string; name: string; command: string; args: string[] } {
  return { id: preset.id, name: preset.name, command: preset.command, args: [...preset.args] };
}
