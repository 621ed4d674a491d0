// Whole entries on the wire to the chat view: what the view can tell without being told is left out by the host
// (packForView) and filled back in by the view (asHostMessage), so the view's store gets the host's entries exactly.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { packEntry, packForView, unpackEntry } from '../../../src/shared/entryWire';
import type { ToolCallEntry, TranscriptEntry } from '../../../src/shared/model';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { HostToWebview } from '../../../src/shared/webviewProtocol';
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
    assert.deepEqual(Object.keys(packed).sort(), ['id', 'rev', 'status', 'title', 'toolKind']);
    assert.deepEqual(unpackEntry(packEntry(toolCall())), toolCall());
  });

  it('keeps what is not empty, and a toolCallId the id does not say', () => {
    const full = toolCall({
      id: 't:read-1#2',
      content: [{ type: 'content', content: { type: 'text', text: 'x' } }],
      locations: [{ path: '/a.ts' }],
      extra: { _meta: { a: 1 } },
    });
    assert.deepEqual(packEntry(full), full);
    assert.deepEqual(unpackEntry(packEntry(full)), full);
  });

  it('leaves other entries as they are', () => {
    const agent: TranscriptEntry = { kind: 'agent', id: 'e1', rev: 1, content: [] };
    assert.equal(packEntry(agent), agent);
    assert.equal(unpackEntry(agent), agent);
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
