// The maintained Claude adapter (claude-agent-acp 0.101, Node 22, its model played by the fake Anthropic endpoint):
// a session with a subagent (the Agent tool) closed and brought back with session/load shows the child's thread
// again, once, with what the child said and its end state, and nothing is left running.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { AcpExtensionApi } from '../../src/extension';
import { type FakeAnthropic, type MessagesRequest, type ModelTurn, callTool, say } from '../fixtures/fake-anthropic';
import type { AgentMessageEntry } from '../../src/shared/transcript/model';
import type { SubagentEntry } from '../../src/shared/transcript/subagentModel';
import type { Session } from '../../src/session/session';
import { skipWithout } from '../harness/skips';
import { CLAUDE_AGENT_ACP_101, startFakeAnthropicForClaudeAgent, useClaudeAgentAcp, claudeAgentAcpMissing } from './helpers/maintainedAgents';
import { RealAgent, newSession } from './helpers/realAgent';
import { within } from './helpers/realAgentProcess';
import { agentText, answerPermissions } from './helpers/realAgentSession';
import { scratchFolder } from './helpers/realAgentWorkspace';
import { activateExtension } from './helpers/scriptedAgent';

const TURN_MS = 60_000;

function children(session: Session): SubagentEntry[] {
  return session.state.entries.filter((entry): entry is SubagentEntry => entry.kind === 'subagent');
}

function said(child: SubagentEntry | undefined): string[] {
  return (child?.entries ?? []).filter((entry): entry is AgentMessageEntry => entry.kind === 'agent').map((entry) => entry.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));
}

describe('claude-agent-acp 0.101: a subagent brought back by session/load', function () {
  this.timeout(120_000);
  let api: AcpExtensionApi;
  let fake: FakeAnthropic;
  let agent: RealAgent;
  let dir: string;

  before(async function () {
    skipWithout(this, claudeAgentAcpMissing());
    api = await activateExtension();
    fake = await startFakeAnthropicForClaudeAgent();
    agent = await useClaudeAgentAcp(api, fake);
    dir = scratchFolder('claude-agent-acp-101-subagent-load');
  });

  after(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await agent?.dispose();
    await fake?.close();
  });

  it("the child's thread comes back once, with what it said and how it ended", async () => {
    const session = await within(newSession(api), TURN_MS, 'no session');
    const task = 'Say hello from the helper';
    const route = (request: MessagesRequest): ModelTurn => {
      const first = request.messages[0]?.content.map((block) => (block.type === 'text' ? block.text : '')).join('') ?? '';
      if (first.includes(task)) return say('Hello from the helper.');
      const answered = request.messages.some((message) => message.content.some((block) => block.type === 'tool_result'));
      return answered ? say('The parent goes on.') : callTool('Agent', { description: 'Greet', prompt: task, subagent_type: 'general-purpose' }, { id: 'toolu_load_agent' });
    };
    fake.script(...Array.from({ length: 8 }, () => route));
    const permissions = answerPermissions(session);
    await within(api.sessions.prompt('Have a helper say hello'), TURN_MS, 'the turn did not end');
    permissions.dispose();
    const before = children(session);
    assert.equal(before.length, 1);
    assert.deepEqual(said(before[0]), ['Hello from the helper.']);
    const childId = before[0].childSessionId;

    const key = api.sessions.currentKey;
    assert.ok(key);
    await api.sessions.close(key);
    await within(api.history.showHistory(), TURN_MS, 'the history did not load');
    await within(api.history.open(CLAUDE_AGENT_ACP_101.id, session.sessionId), TURN_MS, 'session/load did not finish');
    const back = api.sessions.find(CLAUDE_AGENT_ACP_101.id, session.sessionId)?.session;
    assert.ok(back && back !== session, 'loaded anew');
    assert.match(agentText(back), /The parent goes on\./);
    const rows = children(back);
    assert.deepEqual(rows.map((row) => row.childSessionId), [childId], 'the thread once');
    // 0.101 replays the child under its own id (the parent's hand-over, then what the child said) and its idle state.
    assert.deepEqual(rows[0].entries.map((entry) => entry.kind), ['session_message', 'agent']);
    assert.deepEqual(said(rows[0]), ['Hello from the helper.']);
    assert.deepEqual([rows[0].title, rows[0].state?.state, rows[0].replayed], ['Greet', 'idle', undefined]);
    // The replayed idle state carries stopReason end_turn in some runs and none in others (0.101, same script).
    assert.ok([undefined, 'end_turn'].includes(rows[0].state?.stopReason), `stopReason ${rows[0].state?.stopReason}`);
  });
});
