// A subagent's transcript on its way to the chat view: a change in the child travels as a delta of the child's entry
// inside the delta of the subagent's row (not the child's whole transcript again), new child entries go whole, the
// child's oldest entries leaving (its cap) travel as a count; a lost or reordered message is a gap on the row, healed
// by a resend of the row. Checked on the real reducer, coalescer and store.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { SessionChange, SessionState, TranscriptEntry } from '../../../src/shared/transcript/model';
import { addUserMessage, applySessionUpdate, clearPermissionRequest, setPermissionRequest } from '../../../src/shared/transcript/reducer';
import { applyInSubagent, subagentState } from '../../../src/shared/transcript/subagents';
import { Link, type LinkEvent, onlyDeltas } from '../helpers/deltaLink';

type Op = (state: SessionState) => SessionChange;

function announce(state: SessionState, childId = 'kid'): SessionChange {
  return applySessionUpdate(state, { sessionUpdate: 'subagent_update', sessionId: childId, title: 'Explore', state: { state: 'running' } }, 1);
}

/** `op` applied in child `childId` (announced first when it is not yet). */
function inChild(op: Op, childId = 'kid'): Op {
  return (state) => {
    const announced = subagentState(state, childId) ? undefined : announce(state, childId);
    const change = applyInSubagent(state, childId, op) ?? { entries: [], header: false };
    return announced ? { entries: [...announced.entries, ...change.entries], header: announced.header || change.header } : change;
  };
}

const say = (text: string): Op => (s) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }, 1);

/** Each row's copy of its child's transcript (at any depth) is the child's transcript, and its waiting count is right. */
function assertCopiesMatch(state: SessionState): void {
  for (const row of state.entries) {
    if (row.kind !== 'subagent') continue;
    const child = subagentState(state, row.childSessionId);
    assert.ok(child);
    assert.deepEqual(JSON.parse(JSON.stringify(row.entries)), JSON.parse(JSON.stringify(child.entries)), `the copy of ${row.childSessionId}`);
    const waits = (entry: TranscriptEntry): number =>
      entry.kind === 'tool_call' ? (entry.permission ? 1 : 0) : entry.kind === 'subagent' ? entry.waiting : entry.kind === 'elicitation' && entry.outcome === undefined ? 1 : 0;
    assert.equal(row.waiting, child.entries.reduce((sum, entry) => sum + waits(entry), 0), `the waiting count of ${row.childSessionId}`);
    assertCopiesMatch(child);
  }
}

describe("a subagent's transcript as deltas (host coalescer ↔ view store)", () => {
  it('a child streaming 2,000 chunks posts about what it streamed, not its whole transcript per frame', () => {
    const link = new Link();
    link.change(announce);
    link.change(inChild((s) => addUserMessage(s, [{ type: 'text', text: 'brief' }])));
    link.settle();
    let streamed = 0;
    for (let i = 0; i < 2000; i++) {
      const chunk = ` word${i}`;
      streamed += chunk.length;
      link.change(inChild(say(chunk)));
      if (i % 3 === 0) {
        link.frame();
        link.deliver();
      }
    }
    const before = link.postedChars;
    link.settle();
    link.assertInSync();
    assert.deepEqual(link.wanted, []);
    // Each frame's message costs its envelope (the row's id and revs, the child entry's id and revs: under 170
    // characters, the child's text appended to its first block as the text alone) beside the text. Sent whole, the child's growing message went out with every frame.
    const frames = Math.ceil(2000 / 3) + 5;
    const posted = link.postedChars;
    assert.ok(posted <= streamed + frames * 170, `posted ${posted} characters for ${streamed} streamed in ${frames} frames (${before} before settling)`);
  });

  it('a new child entry travels whole, once; the entries it had do not travel again', () => {
    const link = new Link();
    link.change(announce);
    link.change(inChild(say('x'.repeat(10_000))));
    link.settle();
    const start = link.postedChars;
    link.change(inChild((s) => applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Read a.ts', kind: 'read' }, 1)));
    link.frame();
    const [post] = link.inFlight;
    assert.ok(post?.type === 'entries' && post.deltas?.length === 1 && !post.upserts, 'a delta of the row');
    link.settle();
    link.assertInSync();
    assert.ok(link.postedChars - start < 1_000, `${link.postedChars - start} characters for a tool call beside a 10,000-character message`);
  });

  it("the child's plan travels when it changes, not with every other change of the child", () => {
    const link = new Link();
    link.change(announce);
    const steps = Array.from({ length: 20 }, (_, i) => ({ content: `step ${i} of a long plan`, priority: 'high', status: 'pending' }));
    link.change(inChild((s) => applySessionUpdate(s, { sessionUpdate: 'plan', entries: steps }, 1)));
    link.settle();
    link.change(inChild(say('working')));
    link.frame();
    const [post] = link.inFlight;
    assert.ok(post?.type === 'entries' && post.deltas?.length === 1);
    assert.equal(post.deltas[0].set?.plan, undefined, 'the plan stays where it is');
    link.settle();
    link.assertInSync();
  });

  it("the child's oldest entries leaving travel as a count, and the view drops them too", () => {
    const link = new Link();
    link.change(announce);
    for (let i = 0; i < 5; i++) link.change(inChild((s) => addUserMessage(s, [{ type: 'text', text: `m${i} ${'y'.repeat(1000)}` }])));
    link.settle();
    const start = link.postedChars;
    link.change((state) =>
      applyInSubagent(state, 'kid', (child) => {
        child.entries.splice(0, 3);
        return { ...addUserMessage(child, [{ type: 'text', text: 'after the drop' }]), header: true };
      }) ?? { entries: [], header: false },
    );
    link.settle();
    link.assertInSync();
    assert.deepEqual(link.wanted, []);
    assert.ok(link.postedChars - start < 500, `${link.postedChars - start} characters for a drop and a short message`);
  });

  it('a lost message in the child path is a gap: the view asks for the row once, the resend heals it', () => {
    const link = new Link();
    link.change(announce);
    link.change(inChild(say('one ')));
    link.settle();
    link.change(inChild(say('two ')));
    link.frame();
    link.inFlight.splice(0); // lost
    for (const word of ['three ', 'four ']) {
      link.change(inChild(say(word)));
      link.frame();
      link.deliver();
    }
    assert.deepEqual(link.wanted, ['s:kid'], 'the row, asked once');
    link.settle();
    link.assertInSync();
  });

  it("two deltas of a child's entry in the wrong order: the view asks for the row whole and ends in sync", () => {
    const link = new Link();
    link.change(announce);
    link.change(inChild((s) => applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'x', title: 'Run' }, 1)));
    link.settle();
    link.change(inChild((s) => applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'in_progress' }, 1)));
    link.frame();
    link.change(inChild((s) => applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'completed' }, 1)));
    link.frame();
    const [first, second] = link.inFlight.splice(0, 2);
    assert.ok(first && second && onlyDeltas(first) && onlyDeltas(second));
    link.inFlight.push(second, first);
    link.deliver();
    assert.equal(link.wanted.length, 1);
    link.settle();
    link.assertInSync();
  });

  it('converges on the host\'s transcript whatever happens in the parent, the child and its child, and on the link', () => {
    const text = fc.string({ minLength: 1, maxLength: 12 });
    const toolId = fc.constantFrom('t1', 't2');
    const base: fc.Arbitrary<Op> = fc.oneof(
      text.map(say),
      text.map((t): Op => (s) => applySessionUpdate(s, { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: t } }, 2)),
      fc.record({ id: toolId, title: text, status: fc.constantFrom('pending', 'completed') }).map(({ id, title, status }): Op => (s) =>
        applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: id, title, status, kind: 'read' }, 1),
      ),
      fc.record({ id: toolId, t: text }).map(({ id, t }): Op => (s) =>
        applySessionUpdate(s, { sessionUpdate: 'tool_call_content_chunk', toolCallId: id, content: { type: 'content', content: { type: 'text', text: t } } }, 1),
      ),
      toolId.map((id): Op => (s) => setPermissionRequest(s, { toolCallId: id, title: 'Allow?' }, [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }], `p-${id}`)),
      toolId.map((id): Op => (s) => clearPermissionRequest(s, `p-${id}`)),
      text.map((t): Op => (s) => addUserMessage(s, [{ type: 'text', text: t }])),
      fc.constant<Op>((s) => applySessionUpdate(s, { sessionUpdate: 'plan', entries: [{ content: 'step', priority: 'high', status: 'pending' }] }, 1)),
    );
    // A child's oldest entries leave (its cap; the parent's own cap is the entry count's business, tested elsewhere).
    const drop = fc.integer({ min: 1, max: 3 }).map((count): Op => (s) => {
      s.entries.splice(0, Math.min(count, Math.max(0, s.entries.length - 1)));
      return { entries: s.entries.slice(-1).map((entry) => entry.id), header: true };
    });
    const inside = fc.oneof(base, drop);
    const op: fc.Arbitrary<Op> = fc.oneof(
      base,
      inside.map((inner) => inChild(inner)),
      inside.map((inner) => inChild(inChild(inner, 'grandkid'))),
      inside.map((inner) => inChild(inner, 'sibling')),
    );
    const happening = fc.constantFrom<LinkEvent>('none', 'none', 'frame', 'deliver', 'deliver', 'swap', 'attach');
    fc.assert(
      fc.property(fc.array(fc.tuple(op, happening), { minLength: 1, maxLength: 60 }), (steps) => {
        const link = new Link();
        for (const [apply, event] of steps) {
          link.change(apply);
          link.happen(event);
        }
        link.settle();
        link.assertInSync();
        assertCopiesMatch(link.state);
      }),
      { seed: 1925, numRuns: 400 },
    );
  });
});
