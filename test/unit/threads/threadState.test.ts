import * as assert from 'node:assert/strict';
import { addUserMessage, applySessionUpdate, createSessionState, endTurn, setPermissionRequest, setTurnState } from '../../../src/shared/transcript/reducer';
import type { SessionState } from '../../../src/shared/transcript/model';
import { stateLabel, threadState, type ThreadFacts } from '../../../src/threads/threadState';

function facts(state: SessionState, more: Partial<ThreadFacts> = {}): ThreadFacts {
  return { state, opening: false, ended: false, signInNeeded: false, unread: false, ...more };
}

function working(startedAt = 1_000): SessionState {
  const state = createSessionState('s');
  addUserMessage(state, [{ type: 'text', text: 'go' }]);
  setTurnState(state, 'running', startedAt);
  return state;
}

describe('threads: the state of an open session', () => {
  it('working since its turn started, with the elapsed time in its words', () => {
    const state = threadState(facts(working(1_000)));
    assert.deepEqual(state, { kind: 'working', since: 1_000 });
    assert.equal(stateLabel(state, 13_500), 'Working · 12 s');
    assert.equal(stateLabel(state, 1_000 + 65_000), 'Working · 1 min 05 s');
  });

  it('waiting for you: a permission request of the running turn, or its agent waiting to be signed in', () => {
    const state = working();
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'rm' }, 0);
    setPermissionRequest(state, { toolCallId: 't1' }, [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }], 'k1');
    assert.deepEqual(threadState(facts(state)), { kind: 'waiting', on: 'answer' });
    assert.equal(stateLabel(threadState(facts(state)), 0), 'Waiting for you');
    const idle = createSessionState('s');
    assert.deepEqual(threadState(facts(idle, { signInNeeded: true })), { kind: 'waiting', on: 'signIn' });
    assert.equal(stateLabel({ kind: 'waiting', on: 'signIn' }, 0), 'Waiting for you to sign in');
  });

  it('failed: its agent went away, or its last turn ended with an error (until the next turn starts)', () => {
    assert.deepEqual(threadState(facts(working(), { ended: true })), { kind: 'failed', why: 'agentStopped' });
    const state = working();
    endTurn(state, undefined);
    assert.deepEqual(threadState(facts(state, { unread: true })), { kind: 'failed', why: 'turnFailed' }, 'failed tells more than unread');
    setTurnState(state, 'running', 5_000);
    assert.deepEqual(threadState(facts(state)), { kind: 'working', since: 5_000 });
  });

  it('done and unread once its turn ended unseen; idle otherwise (no words); opening while it is brought back', () => {
    const state = working();
    endTurn(state, 'end_turn');
    assert.deepEqual(threadState(facts(state, { unread: true })), { kind: 'unread' });
    assert.equal(stateLabel({ kind: 'unread' }, 0), 'Done, unread');
    assert.deepEqual(threadState(facts(state)), { kind: 'idle' });
    assert.equal(stateLabel({ kind: 'idle' }, 0), undefined);
    assert.deepEqual(threadState(facts(state, { opening: true })), { kind: 'opening' });
  });

  it('a read-only copy (its agent cannot continue it) is idle, not failed', () => {
    assert.deepEqual(threadState(facts(createSessionState('s'), { ended: true, readOnly: true })), { kind: 'idle' });
  });
});
