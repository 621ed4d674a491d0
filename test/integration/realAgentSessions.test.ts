// Sessions with the published Claude adapter (claude-agent-acp) and the suite's fake model: a second session beside
// the first (both stay open and keep their own conversation), config options and modes (remembered for the next
// session), and a closed session brought back from the history with session/load, its conversation replayed.
import * as assert from 'node:assert/strict';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import { type FakeAnthropic, say } from '../fixtures/fake-anthropic';
import { skipWithout } from '../harness/skips';
import { CLAUDE_AGENT_ACP, RealAgent, newSession, startFakeAnthropic, useRealAgent, realAgentMissing } from './helpers/realAgent';
import { within } from './helpers/realAgentProcess';
import { activateExtension } from './helpers/scriptedAgent';

function texts(session: Session, kind: 'user' | 'agent'): string[] {
  return session.state.entries.flatMap((entry) =>
    entry.kind === kind ? [entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('')] : [],
  );
}

describe('a real agent (claude-agent-acp) with a fake model: several sessions, history and configuration', function () {
  this.timeout(180_000);
  let api: AcpExtensionApi;
  let fake: FakeAnthropic;
  let agent: RealAgent;

  before(async function () {
    skipWithout(this, realAgentMissing(CLAUDE_AGENT_ACP));
    api = await activateExtension();
    fake = await startFakeAnthropic();
    agent = await useRealAgent(api, fake, CLAUDE_AGENT_ACP);
  });

  after(async () => {
    await agent?.dispose();
    await fake?.close();
  });

  it('a second session beside the first: each keeps its conversation; switching back goes on with the first', async () => {
    const first = await within(newSession(api), 60_000, 'no first session');
    fake.script(say('Answer one.'));
    await within(api.sessions.prompt('First question'), 60_000, 'the first turn did not end');
    const firstKey = api.sessions.currentKey;
    assert.ok(firstKey);

    const second = await within(newSession(api), 60_000, 'no second session');
    assert.notEqual(second.sessionId, first.sessionId);
    fake.script(say('Answer two.'));
    await within(api.sessions.prompt('Second question'), 60_000, 'the second turn did not end');
    assert.equal(api.sessions.openSessions.length >= 2, true, 'both sessions are open');
    assert.deepEqual(texts(second, 'agent'), ['Answer two.']);

    api.sessions.show(firstKey);
    assert.equal(api.sessions.session, first);
    fake.script(say('Answer three.'));
    await within(api.sessions.prompt('Third question'), 60_000, 'the third turn did not end');
    assert.deepEqual(texts(first, 'agent'), ['Answer one.', 'Answer three.']);
    const conversation = fake.conversation(first.sessionId);
    const lastRequest = JSON.stringify(conversation[conversation.length - 1]?.messages ?? {});
    assert.match(lastRequest, /First question/, 'the model saw the first session\'s earlier turn');
    assert.doesNotMatch(lastRequest, /Second question/, 'and nothing of the second session');
  });

  it('config options and modes: a change is applied and remembered for the next session', async () => {
    const session = await within(newSession(api), 60_000, 'no session');
    const header = session.state.header;
    const mode = header.configOptions.find((option) => option.id === 'mode');
    assert.ok(mode, `the agent offers a mode option (options: ${header.configOptions.map((o) => o.id).join(', ')})`);
    await api.sessions.setConfigOption(api.sessions.currentKey!, 'mode', 'plan');
    assert.equal(session.state.header.configOptions.find((option) => option.id === 'mode')?.currentValue, 'plan');

    const next = await within(newSession(api), 60_000, 'no next session');
    assert.notEqual(next, session);
    assert.equal(next.state.header.configOptions.find((option) => option.id === 'mode')?.currentValue, 'plan', 'remembered for the next session');
    await api.sessions.setConfigOption(api.sessions.currentKey!, 'mode', 'default');
  });

  it('a closed session comes back from the history with session/load: its conversation is replayed', async () => {
    const session = await within(newSession(api), 60_000, 'no session');
    fake.script(say('The answer to remember.'));
    await within(api.sessions.prompt('Question to remember'), 60_000, 'the turn did not end');
    const sessionId = session.sessionId;
    const key = api.sessions.currentKey;
    assert.ok(key);
    await api.sessions.close(key);
    assert.equal(api.sessions.find(CLAUDE_AGENT_ACP.id, sessionId), undefined, 'closed');

    await within(api.history.showHistory(), 60_000, 'the history did not load');
    await api.history.open(CLAUDE_AGENT_ACP.id, sessionId);
    const back = api.sessions.find(CLAUDE_AGENT_ACP.id, sessionId);
    assert.ok(back, 'the session is open again');
    assert.equal(back.opening, false);
    assert.equal(api.sessions.session, back.session, 'and shown');
    assert.ok(texts(back.session, 'user').some((text) => text.includes('Question to remember')), `replayed prompt (got ${JSON.stringify(texts(back.session, 'user'))})`);
    assert.ok(texts(back.session, 'agent').some((text) => text.includes('The answer to remember.')), 'replayed answer');

    fake.script(say('Still here.'));
    await within(api.sessions.prompt('And now?'), 60_000, 'the turn after loading did not end');
    assert.ok(texts(back.session, 'agent').includes('Still here.'));
  });
});
