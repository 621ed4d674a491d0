import type { SessionKey } from '../../../../src/shared/sessionKey';
import * as assert from 'node:assert/strict';
import type { HostToWebview } from '../../../../src/shared/protocol/webviewProtocol';
import { ViewOutbox } from '../../../../src/chat/view/viewOutbox';

const mention = (label: string): HostToWebview => ({ type: 'addMention', mention: { uri: `file:///w/${label}`, label } });
const queue = (paused: boolean): HostToWebview => ({ type: 'queue', queue: { items: [], paused } });
const history = (error: string): HostToWebview => ({ type: 'history', items: [], hasMore: false, loading: false, error });

/** An outbox whose sent messages are listed, with `snapshot` standing for the snapshot. */
function outbox(limit?: number): { box: ViewOutbox; sent: string[] } {
  const sent: string[] = [];
  const name = (m: HostToWebview): string => (m.type === 'addMention' ? `mention ${m.mention.label}` : m.type);
  const box: ViewOutbox = new ViewOutbox(
    {
      send: (m) => sent.push(name(m)),
      sendSnapshot: () => {
        sent.push('snapshot');
        box.post(queue(false));
      },
    },
    limit,
  );
  return { box, sent };
}

describe('chat view outbox: what the view gets while it is away', () => {
  it('holds everything until the view is ready, then sends a snapshot (with its parts) and the held one-off messages in order', () => {
    const { box, sent } = outbox();
    box.post(mention('a.ts#L1'));
    box.post({ type: 'agent', agent: { id: 'x', name: 'X', status: 'ready' } });
    box.post(mention('b.ts#L2'));
    box.refresh();
    assert.deepEqual(sent, []);
    box.opened(true);
    assert.deepEqual(sent, ['snapshot', 'queue', 'mention a.ts#L1', 'mention b.ts#L2']);
    box.post(mention('c.ts'));
    assert.equal(sent.at(-1), 'mention c.ts', 'an open view gets messages at once');
  });

  it('a hidden view that missed state gets a snapshot when shown again; one that missed nothing gets only what was held', () => {
    const { box, sent } = outbox();
    box.opened(true);
    sent.length = 0;
    box.closed();
    box.post(mention('a.ts'));
    box.opened(false);
    assert.deepEqual(sent, ['mention a.ts'], 'no state was missed: no snapshot');
    sent.length = 0;
    box.closed();
    box.post({ type: 'olderEntries', sessionKey: 's1' as SessionKey, entries: [], totalEntries: 0 });
    box.post(mention('b.ts'));
    box.opened(false);
    assert.deepEqual(sent, ['snapshot', 'queue', 'mention b.ts']);
  });

  it('a view whose document is gone starts over with a snapshot', () => {
    const { box, sent } = outbox();
    box.opened(true);
    box.closed(true);
    sent.length = 0;
    box.opened(false);
    assert.deepEqual(sent, ['snapshot', 'queue']);
  });

  it('keeps only the newest history list, and at most `limit` held messages (the newest)', () => {
    const { box, sent } = outbox(3);
    box.post(history('one'));
    box.post(mention('1'));
    box.post(history('two'));
    assert.deepEqual(box.pending.map((m) => m.type), ['addMention', 'history']);
    box.post(mention('2'));
    box.post(mention('3'));
    box.opened(true);
    assert.deepEqual(sent, ['snapshot', 'queue', 'history', 'mention 2', 'mention 3']);
  });
});
