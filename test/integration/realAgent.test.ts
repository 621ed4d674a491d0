// The real, published claude-code-acp agent in the real extension host, its model played by the suite's fake
// Anthropic endpoint: a plain turn, driven the way a user drives it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { SessionChange } from '../../src/shared/transcript/model';
import { type FakeAnthropic, lastUserText, say, text, thinking } from '../fixtures/fake-anthropic';
import { skipWithout } from '../harness/skips';
import { RealAgent, newSession, startFakeAnthropic, useRealAgent, realAgentMissing } from './helpers/realAgent';
import { agentText, assertScriptPlayed, thoughtText } from './helpers/realAgentSession';
import { activateExtension } from './helpers/scriptedAgent';

describe('a real agent (claude-code-acp) with a fake model: plain turns', function () {
  // The agent takes a few seconds to start.
  this.timeout(90_000);
  let api: AcpExtensionApi;
  let fake: FakeAnthropic;
  let agent: RealAgent;

  before(async function () {
    skipWithout(this, realAgentMissing());
    api = await activateExtension();
    fake = await startFakeAnthropic();
    agent = await useRealAgent(api, fake);
  });

  beforeEach(() => fake.reset());

  after(async () => {
    await agent?.dispose();
    await fake?.close();
  });

  it('streams the model text as an agent message and its thinking as a thought; the turn ends with end_turn', async () => {
    const session = await newSession(api);
    const answer = 'Hello from the fake model. This sentence arrives in several pieces.';
    fake.script({ content: [thinking('The user wants a greeting.'), text(answer)], stopReason: 'end_turn' });
    let agentEntryChanges = 0;
    const watching = session.onDidChange((change: SessionChange) => {
      const agentIds = session.state.entries.filter((e) => e.kind === 'agent').map((e) => e.id);
      if (change.entries.some((id) => agentIds.includes(id))) agentEntryChanges += 1;
    });

    await api.sessions.prompt('Say hello');
    watching.dispose();

    assertScriptPlayed(fake);
    const [request] = fake.conversation(session.sessionId);
    assert.ok(request?.messages, 'the agent asked the fake model, naming this session');
    assert.match(lastUserText(request.messages), /Say hello/, 'the prompt reached the model');
    assert.equal(session.state.entries[0]?.kind, 'user');
    assert.equal(agentText(session), answer);
    assert.ok(agentEntryChanges > 1, `the answer was streamed, not delivered at once (${agentEntryChanges} change(s))`);
    assert.equal(thoughtText(session), 'The user wants a greeting.');
    assert.equal(session.state.header.lastStopReason, 'end_turn');
    assert.equal(session.state.header.turn, 'idle');
  });

  it('continues the conversation: the second prompt reaches the model with the first answer in its history', async () => {
    const session = await newSession(api);
    fake.script({ content: [text('First answer.')] }, (request) => ({
      content: [text(`You said "${lastUserText(request).trim()}" after ${request.messages.length - 1} earlier message(s).`)],
    }));

    await api.sessions.prompt('First question');
    await api.sessions.prompt('Second question');

    assertScriptPlayed(fake);
    const requests = fake.conversation(session.sessionId);
    assert.equal(requests.length, 2);
    const history = requests[1].messages?.messages ?? [];
    const replayed = history.some((m) => m.role === 'assistant' && m.content.some((b) => b.type === 'text' && b.text === 'First answer.'));
    assert.ok(replayed, 'the first answer is in the history of the second request');
    assert.match(agentText(session), /First answer\.\nYou said "[^"]*Second question" after 2 earlier message\(s\)\./);
    assert.equal(session.state.entries.filter((e) => e.kind === 'user').length, 2);
    assert.equal(session.state.header.lastStopReason, 'end_turn');
  });

  it('cancels a turn while the model is still answering; the next prompt is answered', async () => {
    const session = await newSession(api);
    let letAnswer = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      letAnswer = resolve;
    });
    fake.script(async () => {
      await held;
      return say('This answer comes too late.');
    }, say('Back again.'));
    try {
      const turn = api.sessions.prompt('Take your time');
      await fake.waitForRequest((r) => r.role === 'conversation' && r.messages?.sessionId === session.sessionId);
      assert.equal(session.state.header.turn, 'running');
      await vscode.commands.executeCommand('acp.cancelTurn');
      await turn;
    } finally {
      letAnswer();
    }
    assert.equal(session.state.header.lastStopReason, 'cancelled');
    assert.doesNotMatch(agentText(session), /too late/);

    await api.sessions.prompt('Still there?');
    assert.match(agentText(session), /Back again\./);
    assert.equal(session.state.header.lastStopReason, 'end_turn');
    assertScriptPlayed(fake);
  });
});
