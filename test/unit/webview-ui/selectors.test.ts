import assert from 'node:assert/strict';
import { activeEntryId, awaitsPermission, isTurnActive, sendBlocker } from '../../../webview-ui/src/selectors';
import { applyHostMessage, initialChatState, type ChatState } from '../../../webview-ui/src/store';
import { parseViewState } from '../../../webview-ui/src/viewState';
import type { AgentSummary } from '../../../src/shared/protocol/webviewProtocol';
import type { TranscriptEntry, TurnState } from '../../../src/shared/transcript/model';
import { agentMessage, header, readyAgent, snapshot } from './fixtures';
import type { SessionKey } from '../../../src/shared/sessionKey';

function state(agent: AgentSummary | null, turn: TurnState | null): ChatState {
  if (turn === null) return { synced: true, agent, session: null };
  const base = applyHostMessage(initialChatState, snapshot([agentMessage('a', 1, 'x'), agentMessage('b', 1, 'y')], 's1' as SessionKey, agent));
  return applyHostMessage(base, { type: 'header', sessionKey: 's1' as SessionKey, header: header({ turn }) });
}

describe('webview selectors and view state', () => {
  it('isTurnActive while running or cancelling', () => {
    assert.equal(isTurnActive('running'), true);
    assert.equal(isTurnActive('cancelling'), true);
    assert.equal(isTurnActive('idle'), false);
    assert.equal(isTurnActive(undefined), false);
  });

  it('sendBlocker: a prompt can go whenever no turn runs and the agent is not starting (sending starts it)', () => {
    assert.equal(sendBlocker(state(readyAgent, 'idle')), undefined);
    assert.equal(sendBlocker(state({ ...readyAgent, status: 'failed' }, 'idle')), undefined);
    assert.equal(sendBlocker(state({ ...readyAgent, status: 'stopped' }, 'idle')), undefined);
    assert.equal(sendBlocker(state(readyAgent, null)), undefined);
    assert.ok(sendBlocker(state(null, 'idle')));
    assert.ok(sendBlocker(state({ ...readyAgent, status: 'starting' }, 'idle')));
    assert.ok(sendBlocker(state(readyAgent, 'running')));
    assert.ok(sendBlocker(state(readyAgent, 'cancelling')));
  });

  it('activeEntryId is the last entry while a turn runs', () => {
    assert.equal(activeEntryId(state(readyAgent, 'running')), 'b');
    assert.equal(activeEntryId(state(readyAgent, 'idle')), undefined);
    assert.equal(activeEntryId(state(readyAgent, null)), undefined);
  });

  it('parseViewState reads a draft leniently', () => {
    assert.deepEqual(parseViewState({ draft: 'hello' }), { draft: 'hello' });
    assert.deepEqual(parseViewState({ draft: 3 }), { draft: '' });
    assert.deepEqual(parseViewState(undefined), { draft: '' });
    assert.deepEqual(parseViewState('x'), { draft: '' });
  });

  it('parseViewState keeps a chat tab\'s conversation, and drops a malformed one', () => {
    const tab = { agentId: 'claude', sessionId: 's-1', cwd: '/w', title: 'Fix the tests' };
    assert.deepEqual(parseViewState({ draft: 'x', tab }), { draft: 'x', tab });
    assert.deepEqual(parseViewState({ draft: 'x', tab: { agentId: 'claude', sessionId: 's-1', cwd: 3 } }), { draft: 'x', tab: { agentId: 'claude', sessionId: 's-1' } });
    assert.deepEqual(parseViewState({ draft: 'x', tab: { agentId: 'claude' } }), { draft: 'x' });
    assert.deepEqual(parseViewState({ draft: 'x', tab: { agentId: '', sessionId: 's' } }), { draft: 'x' });
  });
});

describe('awaitsPermission', () => {
  it('is true while the running turn has a tool call that asks, and only then', () => {
    const [agent, snap, head] = [readyAgent, snapshot, header];
    const asking: TranscriptEntry = { kind: 'tool_call', id: 't:1', rev: 1, toolCallId: '1', title: 'x', toolKind: 'edit', status: 'pending', content: [], locations: [], extra: {}, permission: { requestKey: 'k', options: [] } };
    const user: TranscriptEntry = { kind: 'user', id: 'u', rev: 1, content: [] };
    const base = applyHostMessage(initialChatState, snap([user, asking], 's1' as SessionKey, agent));
    const running = applyHostMessage(base, { type: 'header', sessionKey: 's1' as SessionKey, header: head({ turn: 'running' }) });
    assert.equal(awaitsPermission(running), true);
    assert.equal(awaitsPermission(base), false, 'no turn runs');
    const older = applyHostMessage(initialChatState, snap([asking, user], 's1' as SessionKey, agent));
    assert.equal(awaitsPermission(applyHostMessage(older, { type: 'header', sessionKey: 's1' as SessionKey, header: head({ turn: 'running' }) })), false, 'only this turn is looked at');
  });
});
