// Whole entries on the wire to the chat view: what the view can tell without being told is left out by the host
// (packForView), the rest shortened, and filled back in by the view (asHostMessage), so the view's store gets the
// host's entries exactly, but for a message's messageId (the view never uses it).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { packDelta, packEntry, packForView, unpackDelta, unpackEntry } from '../../../src/shared/protocol/entryWire';
import type { EntryDelta } from '../../../src/shared/transcript/entryDelta';
import type { ToolCallEntry, TranscriptEntry } from '../../../src/shared/transcript/model';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';
import { asHostMessage } from '../../../webview-ui/src/hostMessage';

const KEY = 's1' as SessionKey;

function toolCall(fields: Partial<ToolCallEntry> = {}): ToolCallEntry {
  return { kind: 'tool_call', id: 't:read-1', rev: 2, toolCallId: 'read-1', title: 'Read a.ts', toolKind: 'read', status: 'completed', content: [], locations: [], extra: {}, ...fields };
}

/** Through the wire as the view provider posts it and the view takes it. */
function roundTrip(message: HostToWebview): HostToWebview | undefined {
  return asHostMessage(JSON.parse(JSON.stringify(packForView(message))));
}

describe('entries on the wire to the view', () => {
  it("leaves out a tool call's empty content, locations and extra, and the kind and toolCallId its id says", () => {
    const packed = packEntry(toolCall()) as unknown as Record<string, unknown>;
    assert.deepEqual(packed, { id: 't:read-1', rev: 2, T: 'Read a.ts', tk: 'read', s: 'completed' });
    assert.deepEqual(unpackEntry(packEntry(toolCall())), toolCall());
  });

  it('a short message travels as its text, without its first rev and its messageId', () => {
    const agent: TranscriptEntry = { kind: 'agent', id: 'e1', rev: 1, messageId: 'm-0001', content: [{ type: 'text', text: 'Found **nothing**.' }] };
    const packed = packEntry(agent);
    assert.equal(JSON.stringify(packed), '{"k":"agent","id":"e1","c":"Found **nothing**."}');
    const { messageId: _left, ...shown } = agent;
    assert.deepEqual(unpackEntry(JSON.parse(JSON.stringify(packed)) as TranscriptEntry), shown);
  });

  it('content that is more than one plain text block travels as it is', () => {
    const annotated: TranscriptEntry = { kind: 'agent', id: 'e2', rev: 3, content: [{ type: 'text', text: 'a', annotations: { priority: 1 } }] };
    const two: TranscriptEntry = { kind: 'user', id: 'e3', rev: 2, content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] };
    for (const entry of [annotated, two]) {
      assert.deepEqual((packEntry(entry) as unknown as Record<string, unknown>).c, entry.content);
      assert.deepEqual(unpackEntry(JSON.parse(JSON.stringify(packEntry(entry))) as TranscriptEntry), entry);
    }
  });

  it("a message between sessions keeps its messageId; the agent's fields inside an entry keep their names", () => {
    const message: TranscriptEntry = { kind: 'session_message', id: 'm:1', rev: 1, messageId: 'x', content: [{ type: 'text', text: 'hi' }], extra: { kind: 'theirs', title: 't' } };
    assert.deepEqual((packEntry(message) as unknown as Record<string, unknown>).extra, { kind: 'theirs', title: 't' });
    assert.deepEqual(unpackEntry(JSON.parse(JSON.stringify(packEntry(message))) as TranscriptEntry), message);
  });

  it('keeps what is not empty, and a toolCallId the id does not say', () => {
    const full = toolCall({
      id: 't:read-1#2',
      content: [{ type: 'content', content: { type: 'text', text: 'x' } }],
      locations: [{ path: '/a.ts' }],
      extra: { _meta: { a: 1 } },
    });
    const packed = packEntry(full) as unknown as Record<string, unknown>;
    assert.deepEqual([packed.toolCallId, packed.c, packed.locations, packed.extra], [full.toolCallId, full.content, full.locations, full.extra]);
    assert.deepEqual(unpackEntry(packEntry(full)), full);
  });

  it("a delta appending to a message's first block travels as the text; other deltas as they are", () => {
    const first: EntryDelta = { id: 'e1', rev: [3, 5], append: [[0, ' more']] };
    assert.equal(JSON.stringify(packDelta(first)), '{"id":"e1","rev":[3,5],"append":" more"}');
    assert.deepEqual(unpackDelta(JSON.parse(JSON.stringify(packDelta(first))) as EntryDelta), first);
    const others: EntryDelta[] = [
      { id: 'e1', rev: [3, 5], append: [[1, 'x']] },
      { id: 'e1', rev: [3, 5], append: [[0, 'x'], [1, 'y']] },
      { id: 't:a', rev: [1, 2], set: { status: 'completed' } },
    ];
    for (const delta of others) assert.equal(packDelta(delta), delta);
    const message: HostToWebview = { type: 'entries', sessionKey: KEY, deltas: [first, ...others], seq: 7 };
    assert.deepEqual(roundTrip(message), message);
  });

  it("a subagent row's list deltas and new child entries travel packed, one level down", () => {
    const row: EntryDelta = {
      id: 's:kid',
      rev: [4, 6],
      lists: { entries: { drop: 1, deltas: [{ id: 'e2', rev: [1, 2], append: [[0, ' more']] }], upserts: [toolCall({ rev: 1 })] } },
    };
    const wire = JSON.stringify(packDelta(row));
    assert.ok(wire.includes('"append":" more"') && wire.includes('"T":"Read a.ts"'), wire);
    assert.deepEqual(unpackDelta(JSON.parse(wire) as EntryDelta), row);
    assert.deepEqual(roundTrip({ type: 'entries', sessionKey: KEY, deltas: [row] }), { type: 'entries', sessionKey: KEY, deltas: [row] });
  });

  it('an empty message comes back empty', () => {
    const agent: TranscriptEntry = { kind: 'agent', id: 'e1', rev: 1, content: [] };
    assert.deepEqual(unpackEntry(JSON.parse(JSON.stringify(packEntry(agent))) as TranscriptEntry), agent);
  });

  it('posts a 10k-entry transcript of short messages and finished reads in less than twice their text', () => {
    const entries: TranscriptEntry[] = [];
    let text = 0;
    for (let i = 0; i < 5000; i++) {
      const line = `Entry ${i}: the agent looked at \`src/file${i}.ts\` and found **nothing** to change in this part.`;
      const title = `Read src/file${i}.ts`;
      text += line.length + title.length;
      entries.push({ kind: 'agent', id: `e${2 * i}`, rev: 1, messageId: `long-${i}`, content: [{ type: 'text', text: line }] });
      entries.push(toolCall({ id: `t:long-tool-${i}`, toolCallId: `long-tool-${i}`, title, rev: 1 }));
    }
    const posted = JSON.stringify(packForView({ type: 'entries', sessionKey: KEY, upserts: entries, totalEntries: entries.length })).length;
    assert.ok(posted < 2 * text, `${posted} characters posted for ${text} of text`);
  });

  it('new entries, a snapshot and older pages reach the store as the host has them', () => {
    const entries: TranscriptEntry[] = [{ kind: 'user', id: 'e1', rev: 1, content: [{ type: 'text', text: 'hi' }] }, toolCall(), toolCall({ id: 't:x', toolCallId: 'x', status: 'in_progress' })];
    const header = { turn: 'idle' as const, plan: [], availableCommands: [], availableModes: [], configOptions: [] };
    assert.deepEqual(roundTrip({ type: 'entries', sessionKey: KEY, upserts: entries, totalEntries: 3 }), { type: 'entries', sessionKey: KEY, upserts: entries, totalEntries: 3 });
    assert.deepEqual(roundTrip({ type: 'olderEntries', sessionKey: KEY, entries, totalEntries: 9 }), { type: 'olderEntries', sessionKey: KEY, entries, totalEntries: 9 });
    const snapshot: HostToWebview = { type: 'snapshot', agent: null, session: { sessionKey: KEY, header, entries, totalEntries: 3 } };
    assert.deepEqual(roundTrip(snapshot), snapshot);
  });

  it('any tool call comes back whole', () => {
    const json = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.constant({}), fc.constant([]));
    fc.assert(
      fc.property(
        fc.string({ maxLength: 6 }),
        fc.boolean(),
        fc.array(fc.constant({ type: 'content', content: { type: 'text', text: 'x' } }), { maxLength: 2 }),
        fc.array(fc.record({ path: fc.string({ maxLength: 4 }) }), { maxLength: 2 }),
        fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 2 }),
        (toolCallId, derived, content, locations, extra) => {
          const entry = toolCall({ id: derived ? `t:${toolCallId}` : `t:other-${toolCallId}`, toolCallId, content, locations, extra });
          assert.deepEqual(unpackEntry(JSON.parse(JSON.stringify(packEntry(entry))) as TranscriptEntry), JSON.parse(JSON.stringify(entry)));
        },
      ),
      { seed: 17, numRuns: 300 },
    );
  });
});
