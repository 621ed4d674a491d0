import * as assert from 'node:assert/strict';
import type { SessionState, TranscriptEntry } from '../../../src/shared/transcript/model';
import { addUserMessage, applySessionUpdate, createSessionState } from '../../../src/shared/transcript/reducer';

function chunk(sessionUpdate: string, content: unknown, messageId?: string | null): Record<string, unknown> {
  return { sessionUpdate, content, ...(messageId === undefined ? {} : { messageId }) };
}

const text = (t: string): { type: 'text'; text: string } => ({ type: 'text', text: t });

function apply(state: SessionState, ...updates: unknown[]): void {
  for (const update of updates) applySessionUpdate(state, update, 1000);
}

function texts(entry: TranscriptEntry | undefined): unknown {
  return entry && 'content' in entry ? entry.content : undefined;
}

describe('reducer: message chunks', () => {
  it('joins consecutive agent chunks into one entry with one text block', () => {
    const state = createSessionState('s');
    const first = applySessionUpdate(state, chunk('agent_message_chunk', text('Hel')), 1);
    const second = applySessionUpdate(state, chunk('agent_message_chunk', text('lo')), 2);
    assert.equal(state.entries.length, 1);
    const entry = state.entries[0];
    assert.equal(entry.kind, 'agent');
    assert.deepEqual(texts(entry), [text('Hello')]);
    assert.deepEqual(first, { entries: [entry.id], header: false });
    assert.deepEqual(second, { entries: [entry.id], header: false });
    assert.equal(entry.rev, 2);
  });

  it('starts a new entry when the role changes', () => {
    const state = createSessionState('s');
    apply(
      state,
      chunk('agent_thought_chunk', text('think')),
      chunk('agent_message_chunk', text('say')),
      chunk('agent_thought_chunk', text('again')),
    );
    assert.deepEqual(state.entries.map((e) => e.kind), ['thought', 'agent', 'thought']);
    assert.deepEqual(texts(state.entries[2]), [text('again')]);
  });

  it('starts a new entry when the messageId changes, and joins chunks with the same one', () => {
    const state = createSessionState('s');
    apply(
      state,
      chunk('agent_message_chunk', text('a1'), 'm1'),
      chunk('agent_message_chunk', text('a2'), 'm1'),
      chunk('agent_message_chunk', text('b'), 'm2'),
    );
    assert.equal(state.entries.length, 2);
    assert.deepEqual(texts(state.entries[0]), [text('a1a2')]);
    assert.deepEqual(texts(state.entries[1]), [text('b')]);
    assert.equal((state.entries[1] as { messageId?: string }).messageId, 'm2');
  });

  it('treats a chunk with a messageId after one without (and null as none) as different / same messages', () => {
    const state = createSessionState('s');
    apply(
      state,
      chunk('agent_message_chunk', text('x')),
      chunk('agent_message_chunk', text('y'), null),
      chunk('agent_message_chunk', text('z'), 'm1'),
    );
    assert.equal(state.entries.length, 2);
    assert.deepEqual(texts(state.entries[0]), [text('xy')]);
    assert.deepEqual(texts(state.entries[1]), [text('z')]);
  });

  it('appends only to the last entry: the same messageId after another entry starts a new one', () => {
    const state = createSessionState('s');
    apply(
      state,
      chunk('agent_message_chunk', text('before'), 'm1'),
      { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T' },
      chunk('agent_message_chunk', text('after'), 'm1'),
    );
    assert.deepEqual(state.entries.map((e) => e.kind), ['agent', 'tool_call', 'agent']);
    assert.notEqual(state.entries[0].id, state.entries[2].id);
  });

  it('appends non-text blocks as items and starts a new text block after them', () => {
    const state = createSessionState('s');
    const image = { type: 'image', mimeType: 'image/png', data: 'AAAA' };
    const link = { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' };
    apply(
      state,
      chunk('agent_message_chunk', text('see ')),
      chunk('agent_message_chunk', image),
      chunk('agent_message_chunk', link),
      chunk('agent_message_chunk', text('then ')),
      chunk('agent_message_chunk', text('more')),
    );
    assert.deepEqual(texts(state.entries[0]), [text('see '), image, link, text('then more')]);
  });

  it('keeps blocks of unknown type verbatim', () => {
    const state = createSessionState('s');
    const odd = { type: '_vendor_widget', payload: { a: 1 } };
    apply(state, chunk('agent_message_chunk', odd));
    assert.deepEqual(texts(state.entries[0]), [odd]);
  });

  it('never writes into the wire objects it was given', () => {
    const state = createSessionState('s');
    const first = text('a');
    apply(state, chunk('agent_message_chunk', first), chunk('agent_message_chunk', text('b')));
    assert.deepEqual(first, text('a'));
    const prompt = [text('hi')];
    addUserMessage(state, prompt);
    apply(state, chunk('user_message_chunk', text(' there')));
    assert.deepEqual(prompt, [text('hi')]);
    assert.deepEqual(texts(state.entries[1]), [text('hi there')]);
  });

  it('ignores empty text chunks (no empty entries)', () => {
    const state = createSessionState('s');
    const change = applySessionUpdate(state, chunk('agent_message_chunk', text('')), 1);
    assert.deepEqual(change, { entries: [], header: false });
    assert.equal(state.entries.length, 0);
  });

  it('records when a thought started and was last extended', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, chunk('agent_thought_chunk', text('a')), 100);
    applySessionUpdate(state, chunk('agent_thought_chunk', text('b')), 250);
    const thought = state.entries[0];
    assert.ok(thought.kind === 'thought');
    assert.equal(thought.startedAt, 100);
    assert.equal(thought.updatedAt, 250);
  });

  it('builds user entries from user_message_chunk (session/load replay), with their messageId', () => {
    const state = createSessionState('s');
    apply(
      state,
      chunk('user_message_chunk', text('fix '), 'u1'),
      chunk('user_message_chunk', text('it'), 'u1'),
      chunk('agent_message_chunk', text('ok'), 'a1'),
      chunk('user_message_chunk', text('next'), 'u2'),
    );
    assert.deepEqual(state.entries.map((e) => e.kind), ['user', 'agent', 'user']);
    assert.deepEqual(texts(state.entries[0]), [text('fix it')]);
    assert.equal((state.entries[0] as { messageId?: string }).messageId, 'u1');
  });

  it('addUserMessage always starts a new entry and skips invalid blocks', () => {
    const state = createSessionState('s');
    addUserMessage(state, [text('one')]);
    const change = addUserMessage(state, [text('two'), { type: 'text' }, null, 7] as never);
    assert.equal(state.entries.length, 2);
    assert.deepEqual(texts(state.entries[1]), [text('two')]);
    assert.deepEqual(change, { entries: [state.entries[1].id], header: false });
  });

  it('ignores chunks whose content is not a block', () => {
    const state = createSessionState('s');
    for (const content of [undefined, null, 'text', 3, [], { text: 'no type' }, { type: 'text', text: 5 }]) {
      assert.deepEqual(applySessionUpdate(state, chunk('agent_message_chunk', content), 1), { entries: [], header: false });
    }
    assert.equal(state.entries.length, 0);
  });

  it('gives entries unique e<n> ids', () => {
    const state = createSessionState('s');
    apply(state, chunk('agent_message_chunk', text('a'), '1'), chunk('agent_message_chunk', text('b'), '2'));
    addUserMessage(state, [text('c')]);
    assert.deepEqual(state.entries.map((e) => e.id), ['e1', 'e2', 'e3']);
  });
});
