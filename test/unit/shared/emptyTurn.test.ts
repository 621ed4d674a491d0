import * as assert from 'node:assert/strict';
import { endedWithoutAnswer } from '../../../src/shared/transcript/emptyTurn';
import { addUserMessage, applySessionUpdate, createSessionState } from '../../../src/shared/transcript/reducer';

describe('a turn that ends without an answer', () => {
  const prompt = () => {
    const state = createSessionState('s');
    const id = addUserMessage(state, [{ type: 'text', text: 'go' }]).entries[0];
    return { state, id };
  };

  it('is one that ended end_turn with nothing from the agent after the prompt', () => {
    const { state, id } = prompt();
    assert.equal(endedWithoutAnswer(state.entries, id, 'end_turn'), true);
    assert.equal(endedWithoutAnswer(state.entries, id, 'cancelled'), false, 'a cancelled turn says so itself');
    assert.equal(endedWithoutAnswer(state.entries, id, undefined), false);
    applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: '  \n' } }, 0);
    assert.equal(endedWithoutAnswer(state.entries, id, 'end_turn'), true, 'whitespace is no answer');
  });

  for (const [what, update] of [
    ['a message', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Done.' } }],
    ['a thought', { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Hmm' } }],
    ['a tool call', { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read' }],
  ] as const) {
    it(`is not one with ${what}`, () => {
      const { state, id } = prompt();
      applySessionUpdate(state, update, 0);
      assert.equal(endedWithoutAnswer(state.entries, id, 'end_turn'), false);
    });
  }

  it('looks only after its own prompt, and not at all when the prompt was dropped', () => {
    const { state } = prompt();
    applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'First answer' } }, 0);
    const second = addUserMessage(state, [{ type: 'text', text: 'again' }]).entries[0];
    assert.equal(endedWithoutAnswer(state.entries, second, 'end_turn'), true);
    assert.equal(endedWithoutAnswer(state.entries, 'e999', 'end_turn'), false);
  });
});
