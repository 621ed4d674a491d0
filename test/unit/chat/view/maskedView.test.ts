// Secrets in what the chat view gets: the host masks its copies of the entries (maskedView.ts) and the coalescer's
// deltas are computed between those copies, so the view's store (what the chat draws) never holds a secret, also
// when a secret is split across chunks and frames. Checked on the real reducer, coalescer and store.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { SessionState } from '../../../../src/shared/transcript/model';
import { addUserMessage, applySessionUpdate, endTurn } from '../../../../src/shared/transcript/reducer';
import { MASK, secretRules } from '../../../../src/shared/text/secretText';
import { Link, type LinkEvent } from '../../helpers/deltaLink';

type Op = (state: SessionState) => { entries: string[]; header: boolean };

const SECRET = 'env-secret-value-4711';
const TOKEN = 'ghp_0123456789abcdefghijABCDEFGHIJ';
const rules = secretRules([SECRET]);

/** The view's store holds no secret (what the chat draws), and nothing posted carried one. */
function assertNothingShown(link: Link): void {
  const view = JSON.stringify(link.store.getState().session ?? null);
  for (const secret of [SECRET, TOKEN.slice(4)]) {
    assert.ok(!view.includes(secret), `the view holds ${secret}: ${view}`);
    for (const post of link.posted) assert.ok(!post.includes(secret), `a post carried ${secret}: ${post}`);
  }
}

const say = (text: string): Op => (s) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }, 1);
const think = (text: string): Op => (s) => applySessionUpdate(s, { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } }, 2);

/** `text` cut into pieces of 1 to 7 characters. */
function pieces(text: string, sizes: readonly number[]): string[] {
  const out: string[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length]!;
    out.push(text.slice(at, at + size));
    at += size;
  }
  return out;
}

describe('the chat view never gets a secret (masked copies, deltas between them)', () => {
  it('a secret split across two frames: the view gets the beginning, then the mask in its place, never the whole', () => {
    const link = new Link(rules);
    link.change(say('The key is env-secret-'));
    link.frame();
    link.deliver();
    link.change(say('value-4711 and the token '));
    link.change(say(TOKEN.slice(0, 10)));
    link.frame();
    link.deliver();
    link.change(say(`${TOKEN.slice(10)}.`));
    link.settle();
    link.assertInSync();
    assertNothingShown(link);
    const view = link.store.getState().session!.entries[0]!;
    assert.ok(view.kind === 'agent' && view.content[0]!.type === 'text');
    assert.equal(view.content[0].text, `The key is ${MASK} and the token ghp_${MASK}.`);
  });

  it('tool call titles and content, plans, notices and the session title are masked', () => {
    const link = new Link(rules);
    link.change((s) => addUserMessage(s, [{ type: 'text', text: 'go' }]));
    link.change((s) => applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: `echo ${SECRET}`, kind: 'execute', rawInput: { command: `echo ${SECRET}` } }, 1));
    link.change((s) =>
      applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', content: [{ type: 'content', content: { type: 'text', text: `out ${TOKEN}` } }] }, 1),
    );
    link.change((s) => applySessionUpdate(s, { sessionUpdate: 'plan', entries: [{ content: `use ${SECRET}`, priority: 'high', status: 'pending' }] }, 1));
    link.change((s) => applySessionUpdate(s, { sessionUpdate: 'session_info_update', title: `About ${SECRET}` }, 1));
    link.change(think(`thinking of ${SECRET}`));
    link.change((s) => endTurn(s, 'end_turn'));
    link.settle();
    link.assertInSync();
    assertNothingShown(link);
    const state = link.store.getState().session!;
    assert.equal(state.header.title, `About ${MASK}`);
    assert.equal(state.header.plan[0]!.content, `use ${MASK}`);
    // The session keeps the real text (the agent, the review and the policy work with it).
    assert.ok(JSON.stringify(link.state).includes(SECRET));
  });

  it('whatever the chunks, frames, reorders and re-attaches, the view ends with the masked transcript and never held a secret', () => {
    const message = `Here: ${SECRET}, then ${TOKEN} and ${SECRET}${SECRET} end.`;
    const event: fc.Arbitrary<LinkEvent> = fc.constantFrom('none', 'none', 'frame', 'deliver', 'deliver', 'swap', 'attach');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 8 }), fc.array(event, { minLength: 80, maxLength: 80 }), fc.boolean(), (sizes, events, thought) => {
        const link = new Link(rules);
        pieces(message, sizes).forEach((piece, index) => {
          link.change(thought && index % 2 ? think(piece) : say(piece));
          link.happen(events[index % events.length]!);
          if (events[index % events.length] === 'deliver') assertNothingShown(link);
        });
        link.settle();
        link.assertInSync();
        assertNothingShown(link);
      }),
      { seed: 4711, numRuns: 150 },
    );
  });

  it('streams at the cost of its new text when nothing is secret', () => {
    const link = new Link(rules);
    let streamed = 0;
    for (let i = 0; i < 2000; i++) {
      const chunk = ` word${i}`;
      streamed += chunk.length;
      link.change(say(chunk));
      if (i % 3 === 0) {
        link.frame();
        link.deliver();
      }
    }
    link.settle();
    link.assertInSync();
    const frames = Math.ceil(2000 / 3) + 5;
    assert.ok(link.postedChars <= streamed + frames * 100, `posted ${link.postedChars} characters for ${streamed} streamed in ${frames} frames`);
  });
});
