import * as assert from 'node:assert/strict';
import type { SessionChange, SessionState } from '../../../src/shared/transcript/model';
import { applySessionUpdate, createSessionState, setPermissionRequest } from '../../../src/shared/transcript/reducer';
import { holdText } from '../../../src/shared/text/heldText';
import { ENTRY_TEXT_CAP, TextBudget, cutIndex } from '../../../src/shared/transcript/transcriptCaps';

const say = (text: string, messageId?: string): Record<string, unknown> => ({
  sessionUpdate: 'agent_message_chunk',
  content: { type: 'text', text },
  ...(messageId ? { messageId } : {}),
});

function shownText(state: SessionState, at = 0): string {
  const entry = state.entries[at];
  assert.ok(entry && (entry.kind === 'agent' || entry.kind === 'user' || entry.kind === 'thought'));
  return entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe('transcript caps: one message', () => {
  it('cuts a chunk bigger than the cap and hands the whole text out as overflow', () => {
    const state = createSessionState('s');
    const huge = 'a'.repeat(ENTRY_TEXT_CAP * 3 + 5);
    const change = applySessionUpdate(state, say(huge), 1);
    const entry = state.entries[0];
    assert.equal(entry.kind, 'agent');
    assert.equal(shownText(state).length, ENTRY_TEXT_CAP);
    assert.deepEqual(entry.kind === 'agent' && entry.cut, { keptChars: ENTRY_TEXT_CAP, totalChars: huge.length });
    assert.deepEqual(change.overflow, [{ entryId: entry.id, text: huge }]);
  });

  it('keeps what came before, cuts the chunk that crosses the cap, sends later chunks only to the overflow', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, say('start '), 1);
    const crossing = 'b'.repeat(ENTRY_TEXT_CAP);
    const first = applySessionUpdate(state, say(crossing), 2);
    assert.equal(first.overflow?.[0].text, `start ${crossing}`);
    const later = applySessionUpdate(state, say('tail'), 3);
    assert.deepEqual(later.overflow, [{ entryId: state.entries[0].id, text: 'tail' }]);
    assert.equal(shownText(state), `start ${crossing}`.slice(0, ENTRY_TEXT_CAP));
    const entry = state.entries[0];
    assert.deepEqual(entry.kind === 'agent' && entry.cut, { keptChars: ENTRY_TEXT_CAP, totalChars: 6 + ENTRY_TEXT_CAP + 4 });
    assert.equal(entry.rev, 3);
  });

  it('leaves messages under the cap alone (no overflow, no cut)', () => {
    const state = createSessionState('s');
    const change = applySessionUpdate(state, say('x'.repeat(ENTRY_TEXT_CAP)), 1);
    assert.equal(change.overflow, undefined);
    assert.equal('cut' in state.entries[0], false);
  });

  it('cuts a chunk whose text the framing held aside: the entry counts all of it, the overflow carries the held bytes', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, say('start '), 1);
    const content = { type: 'text', text: 'h'.repeat(ENTRY_TEXT_CAP) };
    const bytes = new Uint8Array([1, 2, 3]);
    holdText(content, { chars: 5_000_000, handle: bytes });
    const change = applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content }, 2);
    const entry = state.entries[0];
    assert.deepEqual(entry.kind === 'agent' && entry.cut, { keptChars: ENTRY_TEXT_CAP, totalChars: 6 + 5_000_000 });
    assert.deepEqual(change.overflow, [{ entryId: entry.id, text: 'start ', tail: bytes }]);
    assert.equal(shownText(state), `start ${'h'.repeat(ENTRY_TEXT_CAP - 6)}`);
    const next = { type: 'text', text: 'g'.repeat(ENTRY_TEXT_CAP) };
    holdText(next, { chars: 2_000_000, handle: bytes });
    const later = applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content: next }, 3);
    assert.deepEqual(later.overflow, [{ entryId: entry.id, text: '', tail: bytes }]);
    assert.equal(entry.kind === 'agent' && entry.cut?.totalChars, 7_000_006);
  });

  it('never cuts a surrogate pair in two', () => {
    assert.equal(cutIndex('ab\u{1F600}', 3), 2);
    assert.equal(cutIndex('abc', 2), 2);
    assert.equal(cutIndex('abc', 10), 3);
  });
});

describe('transcript caps: a session', () => {
  function flood(state: SessionState, budget: TextBudget, messages: number, chars: number): SessionChange[] {
    const changes: SessionChange[] = [];
    for (let i = 0; i < messages; i++) {
      const change = applySessionUpdate(state, say('m'.repeat(chars), `m${i}`), i);
      budget.note(change);
      if (budget.trim()) changes.push(change);
    }
    return changes;
  }

  it('drops the oldest entries past the cap, down to what it keeps, and says so in the header', () => {
    const state = createSessionState('s');
    const budget = new TextBudget(state, 10_000, 6_000);
    const trims = flood(state, budget, 30, 1000);
    assert.ok(trims.length >= 2, 'trimmed more than once');
    assert.ok(budget.retainedChars <= 10_000);
    assert.equal(budget.retainedChars, state.entries.length * 1000);
    assert.equal(state.header.dropped?.entries, 30 - state.entries.length);
    assert.equal(state.header.dropped?.chars, (30 - state.entries.length) * 1000);
    const newest = state.entries[state.entries.length - 1];
    assert.equal(newest.kind === 'agent' ? newest.messageId : undefined, 'm29');
  });

  it('never drops an entry that waits for the user, nor the newest one', () => {
    const state = createSessionState('s');
    const budget = new TextBudget(state, 1000, 500);
    budget.note(applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'ask', title: 'Ask' }, 0));
    budget.note(setPermissionRequest(state, { toolCallId: 'ask' }, [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }], 'k1'));
    budget.note(applySessionUpdate(state, say('z'.repeat(5000)), 1));
    assert.equal(budget.trim(), undefined);
    assert.equal(state.entries.length, 2);
  });
});
