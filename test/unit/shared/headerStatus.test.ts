// The chat header's words, from the real state: never "Ready" without a session that can take a message.
import * as assert from 'node:assert/strict';
import { headerStatusOf, HeaderStatusInput } from '../../../src/shared/headerStatus';

type SessionInput = NonNullable<HeaderStatusInput['session']>;

function session(fields: Partial<SessionInput> = {}): SessionInput {
  return { turn: 'idle', opening: false, ended: false, needsYou: false, stopOverdue: false, ...fields };
}

function stateOf(input: HeaderStatusInput): string {
  return headerStatusOf(input).state;
}

describe('the header status', () => {
  it('says Ready only with a live, idle session on a ready agent', () => {
    assert.deepEqual(headerStatusOf({ agent: 'ready', session: session() }), { state: 'ready', label: 'Ready' });
    assert.deepEqual(headerStatusOf({ agent: 'ready' }), { state: 'noSession', label: 'No session' });
    assert.equal(stateOf({ agent: 'ready', session: session({ ended: true }) }), 'ended');
    assert.equal(stateOf({ agent: 'ready', session: session({ opening: true }) }), 'loading');
    assert.equal(stateOf({ agent: 'stopped', session: session() }), 'ended', 'its agent stopped under it');
  });

  it('a session/new that failed: Failed, not Ready', () => {
    assert.deepEqual(headerStatusOf({ agent: 'ready', start: 'failed' }), { state: 'failed', label: 'Failed' });
  });

  it('a session still being opened, or an agent starting: Starting…, not Ready', () => {
    assert.deepEqual(headerStatusOf({ agent: 'ready', start: 'starting' }), { state: 'starting', label: 'Starting…' });
    assert.equal(stateOf({ agent: 'starting' }), 'starting');
    assert.equal(stateOf({ agent: 'stopped', start: 'starting' }), 'starting', 'a restart while the chat starts its session');
    assert.equal(stateOf({ agent: 'ready', start: 'starting', session: session() }), 'starting', 'a new session replacing the shown one');
  });

  it('tells the turn first: working (with its start), waiting for you, stopping, not stopping', () => {
    assert.deepEqual(headerStatusOf({ agent: 'ready', session: session({ turn: 'running', turnStartedAt: 5 }) }), { state: 'working', label: 'Working', since: 5 });
    assert.equal(stateOf({ agent: 'ready', session: session({ turn: 'running', needsYou: true }) }), 'waiting');
    assert.deepEqual(headerStatusOf({ agent: 'ready', session: session({ turn: 'cancelling' }) }), { state: 'stopping', label: 'Stopping…' });
    assert.deepEqual(headerStatusOf({ agent: 'ready', session: session({ turn: 'cancelling', stopOverdue: true }) }), { state: 'notStopping', label: 'Not stopping' });
    assert.equal(stateOf({ agent: 'ready', start: 'starting', session: session({ turn: 'running' }) }), 'working');
  });

  it('after a turn: the last message failed, or ready again', () => {
    assert.deepEqual(headerStatusOf({ agent: 'ready', session: session({ turnFailed: true }) }), { state: 'lastFailed', label: 'Last message failed' });
  });

  it('the agent: failed, not started, stopped, untrusted', () => {
    assert.equal(stateOf({ agent: 'failed' }), 'failed');
    assert.equal(stateOf({ agent: 'failed', session: session({ ended: true }) }), 'failed');
    assert.deepEqual(headerStatusOf({ agent: 'notStarted' }), { state: 'notStarted', label: 'Not started' });
    assert.deepEqual(headerStatusOf({ agent: 'stopped' }), { state: 'stopped', label: 'Stopped' });
    assert.equal(stateOf({ agent: 'untrusted', start: 'failed', session: session() }), 'untrusted');
  });

  it('never says Ready without a live session, whatever the rest', () => {
    const agents = [undefined, 'notStarted', 'starting', 'ready', 'failed', 'stopped', 'untrusted'] as const;
    const starts = [undefined, 'starting', 'failed'] as const;
    const sessions = [undefined, session({ ended: true }), session({ opening: true }), session({ ended: true, turnFailed: true })];
    for (const agent of agents) for (const start of starts) for (const shown of sessions) {
      assert.notEqual(stateOf({ agent, start, session: shown }), 'ready', JSON.stringify({ agent, start, shown }));
    }
  });
});
