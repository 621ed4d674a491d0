// Ready-made entries for the popular ACP agents, offered by "ACP: Switch Agent" next to the configured ones; choosing
// one adds it to the user's `acp.agents`. Pure.
import type { AgentDefinition } from './agentDefinitions';

export interface AgentPreset {
  id: string;
  name: string;
  command: string;
  args: string[];
  /** How to get the command when it is missing. */
  install: string;
}

export const AGENT_PRESETS: readonly AgentPreset[] = [
  { id: 'claude', name: 'Claude Code', command: 'npx', args: ['-y', '@zed-industries/claude-agent-acp'], install: 'Install Node.js (npx comes with it); sign in with `claude /login` or set ANTHROPIC_API_KEY.' },
  { id: 'codex', name: 'Codex', command: 'npx', args: ['-y', '@zed-industries/codex-acp'], install: 'Install Node.js (npx comes with it); sign in with `codex login` or set OPENAI_API_KEY.' },
  { id: 'gemini', name: 'Gemini CLI', command: 'gemini', args: ['--acp'], install: 'npm install -g @google/gemini-cli' },
  { id: 'qwen', name: 'Qwen Code', command: 'qwen', args: ['--acp'], install: 'npm install -g @qwen-code/qwen-code' },
  { id: 'goose', name: 'Goose', command: 'goose', args: ['acp'], install: 'See https://block.github.io/goose/docs/getting-started/installation' },
  { id: 'copilot', name: 'GitHub Copilot CLI', command: 'copilot', args: ['--acp'], install: 'npm install -g @github/copilot' },
  { id: 'opencode', name: 'OpenCode', command: 'opencode', args: ['acp'], install: 'npm install -g opencode-ai' },
];

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
