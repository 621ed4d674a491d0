// The delta protocol between the host and the chat view: the host's coalescer posts deltas of entries the view has,
// the view's store applies them; a gap (a lost or reordered message) is detected and healed by a resend; a
// re-attach (snapshot) starts over. Checked on the real reducer, coalescer and store, with random streams.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyEntryDelta, deltaSince, recordSent } from '../../../src/shared/transcript/entryDelta';
import type { SessionState, TranscriptEntry } from '../../../src/shared/transcript/model';
import { addUserMessage, applySessionUpdate, clearPermissionRequest, createSessionState, endTurn, setPermissionRequest } from '../../../src/shared/transcript/reducer';
import { Link, type LinkEvent } from '../helpers/deltaLink';

type Op = (state: SessionState) => { entries: string[]; header: boolean };

const text = fc.string({ minLength: 1, maxLength: 12 });
const toolId = fc.constantFrom('t1', 't2', 't3');
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: text, m: fc.constantFrom(undefined, 'm1', 'm2') }).map(({ t, m }): Op => (s) =>
    applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', ...(m ? { messageId: m } : {}), content: { type: 'text', text: t } }, 1),
  ),
  text.map((t): Op => (s) => applySessionUpdate(s, { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: t } }, 2)),
  fc.constant<Op>((s) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'image', data: 'AA==', mimeType: 'image/png' } }, 1)),
  fc.record({ id: toolId, title: text, status: fc.constantFrom('pending', 'in_progress', 'completed', 'weird') }).map(({ id, title, status }): Op => (s) =>
    applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: id, title, status, kind: 'read' }, 1),
  ),
  fc.record({ id: toolId, out: fc.option(text), meta: fc.option(text) }).map(({ id, out, meta }): Op => (s) =>
    applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: id, rawOutput: out, _meta: meta === null ? null : { note: meta } }, 1),
  ),
  fc.record({ id: toolId, ts: fc.array(text, { minLength: 1, maxLength: 3 }) }).map(({ id, ts }): Op => (s) =>
    applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: id, content: ts.map((t) => ({ type: 'content', content: { type: 'text', text: t } })) }, 1),
  ),
  fc.record({ id: toolId, t: text }).map(({ id, t }): Op => (s) =>
    applySessionUpdate(s, { sessionUpdate: 'tool_call_content_chunk', toolCallId: id, content: { type: 'content', content: { type: 'text', text: t } } }, 1),
  ),
  toolId.map((id): Op => (s) => setPermissionRequest(s, { toolCallId: id, title: 'Allow?' }, [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }], `p-${id}`)),
  toolId.map((id): Op => (s) => clearPermissionRequest(s, `p-${id}`)),
  text.map((t): Op => (s) => addUserMessage(s, [{ type: 'text', text: t }])),
  fc.constant<Op>((s) => applySessionUpdate(s, { sessionUpdate: 'plan', entries: [{ content: 'step', priority: 'high', status: 'pending' }] }, 1)),
  fc.constant<Op>((s) => endTurn(s, 'end_turn')),
);

/**
 * What happens on the link between two operations. `swap`: the next two messages in flight arrive in the other
 * order when both carry only deltas (postMessage keeps order; this is the case the per-entry revs guard).
 */
const event: fc.Arbitrary<LinkEvent> = fc.constantFrom('none', 'none', 'frame', 'deliver', 'deliver', 'swap', 'attach');

describe('entry deltas (host coalescer ↔ view store)', () => {
  it('a streamed message travels as its new text only, and the view ends with exactly the host\'s message', () => {
    const link = new Link();
    let streamed = 0;
    for (let i = 0; i < 2000; i++) {
      const chunk = ` word${i}`;
      streamed += chunk.length;
      link.change((s) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: chunk } }, 1));
      if (i % 3 === 0) {
        link.frame();
        link.deliver();
      }
    }
    link.settle();
    link.assertInSync();
    assert.deepEqual(link.wanted, []);
    // Without deltas the whole growing message went out with every frame: ~quadratic (hundreds of times more). Each
    // frame's message costs its envelope (under 100 characters with these keys, revs and post numbers) beside the text.
    const frames = Math.ceil(2000 / 3) + 5;
    assert.ok(link.postedChars <= streamed + frames * 100, `posted ${link.postedChars} characters for ${streamed} streamed in ${frames} frames`);
  });

  it('tool calls with their updates, one pair a frame: at most 2 characters posted per character of title', () => {
    const link = new Link();
    let streamed = 0;
    for (let i = 0; i < 300; i++) {
      const title = `Read src/file${i}.ts @@t${i}:2026-01-01T00:00:00.000Z@@`;
      const done = `Read src/file${i}.ts, done @@u${i}:2026-01-01T00:00:00.000Z@@`;
      streamed += title.length + done.length;
      link.change((state) => applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: `tool-${i}`, title, kind: 'read', status: 'in_progress' }, 0));
      link.change((state) => applySessionUpdate(state, { sessionUpdate: 'tool_call_update', toolCallId: `tool-${i}`, title: done, status: 'completed' }, 0));
      link.frame();
      link.deliver();
    }
    link.assertInSync();
    assert.ok(link.postedChars <= 2 * streamed, `posted ${link.postedChars} characters for ${streamed} of titles`);
  });

  it('the entry count: left out while new entries only append, sent when the host dropped its oldest in the same frame', () => {
    const link = new Link();
    for (let i = 0; i < 5; i++) link.change((state) => addUserMessage(state, [{ type: 'text', text: `m${i}` }]));
    link.frame();
    link.deliver();
    link.assertInSync();
    link.change((state) => addUserMessage(state, [{ type: 'text', text: 'one more' }]));
    link.frame();
    assert.equal(link.inFlight.length, 1);
    const appended = link.inFlight[0];
    assert.ok(appended.type === 'entries' && appended.totalEntries === undefined, 'the view counts the appended entry itself');
    link.deliver();
    link.assertInSync();
    // The host drops its three oldest entries (its memory cap) while a new one comes.
    link.change((state) => {
      state.entries.splice(0, 3);
      state.header.dropped = { entries: 3, chars: 6 };
      return { ...addUserMessage(state, [{ type: 'text', text: 'after the drop' }]), header: true };
    });
    link.frame();
    const afterDrop = link.inFlight[0];
    assert.ok(afterDrop.type === 'entries' && afterDrop.totalEntries === 4, 'the count goes along');
    link.deliver();
    link.assertInSync();
  });

  it('a tool call update carries only the fields that changed', () => {
    const state = createSessionState('sid');
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'x', title: 'Run', kind: 'execute', rawInput: { command: 'x'.repeat(5000) } }, 1);
    const entry = state.entries[0];
    const sent = recordSent(entry);
    applySessionUpdate(state, { sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'completed' }, 1);
    const delta = deltaSince(sent, entry);
    assert.deepEqual(delta, { id: entry.id, rev: [1, 2], set: { status: 'completed' } });
    assert.equal(deltaSince(sent, entry), undefined, 'nothing more once sent');
  });

  it('fields cleared with null are unset in the view, and fields mutated in place are noticed', () => {
    const state = createSessionState('sid');
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'x', rawOutput: 'out', _meta: { a: 1 } }, 1);
    const view = JSON.parse(JSON.stringify(state.entries[0])) as TranscriptEntry;
    const sent = recordSent(state.entries[0]);
    applySessionUpdate(state, { sessionUpdate: 'tool_call_update', toolCallId: 'x', rawOutput: null, other: 2 }, 1);
    const delta = deltaSince(sent, state.entries[0]);
    assert.ok(delta);
    assert.deepEqual(delta.unset, ['rawOutput']);
    assert.deepEqual(delta.set, { extra: { _meta: { a: 1 }, other: 2 } });
    assert.deepEqual(applyEntryDelta(view, delta), JSON.parse(JSON.stringify(state.entries[0])));
  });

  it('a delta does not apply to a copy at another rev (a gap), nor to text that is not there', () => {
    const state = createSessionState('sid');
    applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'a' } }, 1);
    const sent = recordSent(state.entries[0]);
    const stale = JSON.parse(JSON.stringify(state.entries[0])) as TranscriptEntry;
    applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'b' } }, 1);
    const first = deltaSince(sent, state.entries[0]);
    applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'c' } }, 1);
    const second = deltaSince(sent, state.entries[0]);
    assert.ok(first && second);
    assert.equal(applyEntryDelta(stale, second), undefined, 'the second without the first');
    const caughtUp = applyEntryDelta(stale, first);
    assert.ok(caughtUp);
    assert.deepEqual(applyEntryDelta(caughtUp, second), JSON.parse(JSON.stringify(state.entries[0])));
    assert.equal(applyEntryDelta({ ...stale, content: [] } as TranscriptEntry, first), undefined);
  });

  it('a lost message is a gap: the view asks for the entry once, the resend heals it', () => {
    const link = new Link();
    link.deliver();
    link.change((s) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'one ' } }, 1));
    link.frame();
    link.deliver();
    link.change((s) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'two ' } }, 1));
    link.frame();
    link.inFlight.splice(0); // lost
    for (const word of ['three ', 'four ']) {
      link.change((s) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: word } }, 1));
      link.frame();
      link.deliver();
    }
    assert.deepEqual(link.wanted, [link.state.entries[0].id], 'asked once, not once per delta');
    link.settle();
    link.assertInSync();
  });

  it('two deltas of one entry in the wrong order: the view asks for it whole and ends in sync', () => {
    const link = new Link();
    link.change((s) => applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'x', title: 'Run' }, 1));
    link.frame();
    link.deliver();
    link.change((s) => applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'in_progress' }, 1));
    link.frame();
    link.change((s) => applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'completed' }, 1));
    link.frame();
    const [first, second] = link.inFlight.splice(0, 2);
    link.inFlight.push(second, first);
    link.deliver();
    assert.equal(link.wanted.length, 1);
    link.settle();
    link.assertInSync();
  });

  it('converges on the host\'s transcript whatever the stream, the frames, swapped deltas and re-attaches', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(op, event), { minLength: 1, maxLength: 60 }), (steps) => {
        const link = new Link();
        for (const [apply, happening] of steps) {
          link.change(apply);
          link.happen(happening);
        }
        link.settle();
        link.assertInSync();
      }),
      { seed: 1724, numRuns: 400 },
    );
  });
});
