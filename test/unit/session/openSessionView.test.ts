import * as assert from 'node:assert/strict';
import { recalledTitle, sessionActivity, sessionTitle, UNTITLED } from '../../../src/session/openSessionView';
import { addUserMessage, applySessionUpdate, createSessionState, setPermissionRequest, setTurnState } from '../../../src/shared/transcript/reducer';
import { applyInSubagent } from '../../../src/shared/transcript/subagents';

describe('open sessions: title and activity', () => {
  it('titles: the agent\'s, else the first prompt in one line, else the known one, else "New session"', () => {
    const state = createSessionState('s');
    assert.equal(sessionTitle(state), UNTITLED);
    assert.equal(sessionTitle(state, 'From history'), 'From history');
    addUserMessage(state, [{ type: 'text', text: '  Fix the\n\nbuild   please ' }]);
    assert.equal(sessionTitle(state), 'Fix the build please');
    addUserMessage(state, [{ type: 'text', text: 'second' }]);
    assert.equal(sessionTitle(state), 'Fix the build please');
    applySessionUpdate(state, { sessionUpdate: 'session_info_update', title: 'Agent title' }, 0);
    assert.equal(sessionTitle(state), 'Agent title');
    const long = createSessionState('l');
    addUserMessage(long, [{ type: 'text', text: 'x'.repeat(200) }]);
    assert.equal(sessionTitle(long).length, 80);
  });

  it("a session brought back shows the title its agent had given (not one the first prompt makes, not over the agent's new one)", () => {
    const state = createSessionState('s');
    addUserMessage(state, [{ type: 'text', text: 'Fix the build' }]);
    assert.equal(recalledTitle(state, 'Build fixes'), 'Build fixes');
    assert.equal(recalledTitle(state, 'Fix the build'), undefined, 'the first prompt as the title is not an agent title');
    assert.equal(recalledTitle(state, undefined), undefined);
    assert.equal(recalledTitle(createSessionState('e'), UNTITLED), undefined);
    applySessionUpdate(state, { sessionUpdate: 'session_info_update', title: 'Said again' }, 0);
    assert.equal(recalledTitle(state, 'Build fixes'), undefined, 'the agent said it again');
  });

  it('activity: opening, ended, waiting for the user in the running turn, working, idle', () => {
    const state = createSessionState('s');
    assert.equal(sessionActivity(state, { opening: true, ended: false }), 'opening');
    assert.equal(sessionActivity(state, { opening: false, ended: true }), 'ended');
    assert.equal(sessionActivity(state, { opening: false, ended: false }), 'idle');
    addUserMessage(state, [{ type: 'text', text: 'go' }]);
    setTurnState(state, 'running');
    assert.equal(sessionActivity(state, { opening: false, ended: false }), 'working');
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'rm' }, 0);
    setPermissionRequest(state, { toolCallId: 't1' }, [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }], 'k1');
    assert.equal(sessionActivity(state, { opening: false, ended: false }), 'needsYou');
  });

  it("activity: a subagent's permission request makes its parent session wait for the user", () => {
    const state = createSessionState('s');
    addUserMessage(state, [{ type: 'text', text: 'go' }]);
    setTurnState(state, 'running');
    applySessionUpdate(state, { sessionUpdate: 'subagent_update', sessionId: 'kid' }, 0);
    applyInSubagent(state, 'kid', (child) => applySessionUpdate(child, { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'rm' }, 0));
    assert.equal(sessionActivity(state, { opening: false, ended: false }), 'working');
    applyInSubagent(state, 'kid', (child) => setPermissionRequest(child, { toolCallId: 't1' }, [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }], 'k1'));
    assert.equal(sessionActivity(state, { opening: false, ended: false }), 'needsYou');
  });
});
