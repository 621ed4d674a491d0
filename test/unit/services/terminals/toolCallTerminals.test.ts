import * as assert from 'node:assert/strict';
import { terminalsShownBy } from '../../../../src/services/terminals/toolCallTerminals';
import { applySessionUpdate, createSessionState } from '../../../../src/shared/transcript/reducer';

describe('terminals shown by tool calls', () => {
  it('names each terminal a changed tool call shows after that tool call', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Run tests', content: [{ type: 'terminal', terminalId: 'term-1' }] }, 0);
    const change = applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'b', title: 'Read', content: [{ type: 'content', content: { type: 'text', text: 'x' } }] }, 0);
    assert.deepEqual(terminalsShownBy(state, ['t:a']), [{ terminalId: 'term-1', title: 'Run tests' }]);
    assert.deepEqual(terminalsShownBy(state, change.entries), [], 'a tool call without terminal content shows none');
    assert.deepEqual(terminalsShownBy(state, []), []);
  });

  it('ignores malformed terminal content', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Run', content: [{ type: 'terminal' }] }, 0);
    assert.deepEqual(terminalsShownBy(state, ['t:a']), []);
  });
});
