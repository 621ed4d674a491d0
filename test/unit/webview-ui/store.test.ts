import assert from 'node:assert/strict';
import { ChatStore, applyHostMessage, initialChatState, listSignature, sameListSignature, type ChatState } from '../../../webview-ui/src/store';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';
import { agentMessage, header, readyAgent, snapshot, toolCall } from './fixtures';
import type { SessionKey } from '../../../src/shared/sessionKey';

function texts(state: ChatState): string[] {
  return (state.session?.entries ?? []).map((e) => `${e.id}@${e.rev}`);
}

function withSession(entries: TranscriptEntry[] = [agentMessage('a', 1, 'hi')]): ChatState {
  return applyHostMessage(initialChatState, snapshot(entries));
}

describe('webview store', () => {
  describe('snapshot', () => {
    it('replaces agent, header and entries', () => {
      const first = withSession([agentMessage('a', 1, 'one'), agentMessage('b', 1, 'two')]);
      const next = applyHostMessage(first, {
        type: 'snapshot',
        agent: { id: 'x', name: 'X', status: 'starting' },
        session: { sessionKey: 's2' as SessionKey, header: header({ title: 'T' }), entries: [agentMessage('c', 3, 'three')], totalEntries: 10 },
      });
      assert.equal(next.synced, true);
      assert.equal(next.agent?.id, 'x');
      assert.equal(next.session?.sessionKey, 's2');
      assert.equal(next.session?.header.title, 'T');
      assert.deepEqual(texts(next), ['c@3']);
      assert.equal(next.session?.totalEntries, 10);
      assert.equal(next.session?.positions.get('c'), 0);
      assert.equal(next.session?.positions.has('a'), false);
    });

    it('with no session clears the session', () => {
      const next = applyHostMessage(withSession(), { type: 'snapshot', agent: null, session: null });
      assert.deepEqual(next, { synced: true, agent: null, session: null });
    });

    it('does not compare revs with the previous state (a new window may carry lower revs)', () => {
      const first = withSession([agentMessage('a', 9, 'old')]);
      const next = applyHostMessage(first, snapshot([agentMessage('a', 1, 'new')]));
      assert.deepEqual(texts(next), ['a@1']);
    });

    it('keeps one entry per id when a snapshot repeats an id', () => {
      const next = withSession([agentMessage('a', 1, 'x'), agentMessage('a', 2, 'y'), agentMessage('b', 1, 'z')]);
      assert.deepEqual(texts(next), ['a@2', 'b@1']);
    });

    it('never reports fewer total entries than it holds', () => {
      const next = applyHostMessage(initialChatState, {
        type: 'snapshot',
        agent: null,
        session: { sessionKey: 's' as SessionKey, header: header(), entries: [agentMessage('a', 1, 'x')], totalEntries: 0 },
      });
      assert.equal(next.session?.totalEntries, 1);
    });
  });

  describe('entries', () => {
    it('appends new ids in order and replaces known ids in place', () => {
      const first = withSession([agentMessage('a', 1, 'one'), toolCall('t', 1)]);
      const next = applyHostMessage(first, {
        type: 'entries',
        sessionKey: 's1' as SessionKey,
        upserts: [agentMessage('a', 2, 'one more'), agentMessage('b', 1, 'x'), agentMessage('c', 1, 'y')],
        totalEntries: 4,
      });
      assert.deepEqual(texts(next), ['a@2', 't@1', 'b@1', 'c@1']);
      assert.equal(next.session?.totalEntries, 4);
      assert.equal(next.session?.positions.get('c'), 3);
    });

    it('lets go of the entries the host dropped from memory (header.dropped), keeping the newest', () => {
      const first = withSession([agentMessage('a', 1, 'one'), agentMessage('b', 1, 'two'), agentMessage('c', 1, 'three')]);
      const next = applyHostMessage(first, {
        type: 'entries',
        sessionKey: 's1' as SessionKey,
        upserts: [agentMessage('d', 1, 'four')],
        totalEntries: 2,
        header: header({ dropped: { entries: 2, chars: 6 } }),
      });
      assert.deepEqual(texts(next), ['c@1', 'd@1']);
      assert.equal(next.session?.positions.get('d'), 1);
      assert.equal(next.session?.positions.has('a'), false);
      assert.equal(next.session?.totalEntries, 2);
    });

    it('keeps untouched entry objects (memoized views stay put) and does not mutate the old state', () => {
      const first = withSession([agentMessage('a', 1, 'one'), toolCall('t', 1)]);
      const before = first.session?.entries.slice();
      const next = applyHostMessage(first, { type: 'entries', sessionKey: 's1' as SessionKey, upserts: [toolCall('t', 2)], totalEntries: 2 });
      assert.equal(next.session?.entries[0], first.session?.entries[0]);
      assert.notEqual(next.session?.entries, first.session?.entries);
      assert.deepEqual(first.session?.entries, before);
      assert.equal(next.session?.positions, first.session?.positions, 'no new ids: the index is shared');
    });

    it('ignores an upsert older than (or as old as) the entry held', () => {
      const first = withSession([agentMessage('a', 5, 'newest')]);
      const older = applyHostMessage(first, { type: 'entries', sessionKey: 's1' as SessionKey, upserts: [agentMessage('a', 4, 'stale')], totalEntries: 1 });
      assert.equal(older, first);
      const same = applyHostMessage(first, { type: 'entries', sessionKey: 's1' as SessionKey, upserts: [agentMessage('a', 5, 'dup')], totalEntries: 1 });
      assert.equal(same, first);
    });

    it('applies the newest of several upserts of one id in one message', () => {
      const first = withSession([]);
      const next = applyHostMessage(first, {
        type: 'entries',
        sessionKey: 's1' as SessionKey,
        upserts: [agentMessage('a', 1, 'x'), agentMessage('a', 3, 'z'), agentMessage('a', 2, 'y')],
        totalEntries: 1,
      });
      assert.deepEqual(texts(next), ['a@3']);
    });

    it('applies a header riding along', () => {
      const next = applyHostMessage(withSession(), {
        type: 'entries',
        sessionKey: 's1' as SessionKey,
        upserts: [],
        totalEntries: 1,
        header: header({ turn: 'running' }),
      });
      assert.equal(next.session?.header.turn, 'running');
    });

    it('drops patches for another session or when there is none', () => {
      const first = withSession();
      const message: HostToWebview = { type: 'entries', sessionKey: 'other' as SessionKey, upserts: [agentMessage('z', 1, 'x')], totalEntries: 9 };
      assert.equal(applyHostMessage(first, message), first);
      assert.equal(applyHostMessage(initialChatState, message), initialChatState);
      assert.equal(initialChatState.synced, false);
    });

    it('updates the total even when no entry changed', () => {
      const next = applyHostMessage(withSession(), { type: 'entries', sessionKey: 's1' as SessionKey, upserts: [], totalEntries: 7 });
      assert.equal(next.session?.totalEntries, 7);
    });
  });

  describe('header and agent', () => {
    it('replaces the header of the held session only', () => {
      const first = withSession();
      const next = applyHostMessage(first, { type: 'header', sessionKey: 's1' as SessionKey, header: header({ title: 'New title' }) });
      assert.equal(next.session?.header.title, 'New title');
      assert.equal(next.session?.entries, first.session?.entries);
      assert.equal(applyHostMessage(first, { type: 'header', sessionKey: 's9' as SessionKey, header: header({ title: 'x' }) }), first);
    });

    it('updates the agent summary and keeps the session', () => {
      const first = withSession();
      const next = applyHostMessage(first, { type: 'agent', agent: { ...readyAgent, status: 'failed', message: 'boom' } });
      assert.equal(next.agent?.status, 'failed');
      assert.equal(next.agent?.message, 'boom');
      assert.equal(next.session, first.session);
    });
  });

  it('ignores an unknown message type', () => {
    const first = withSession();
    assert.equal(applyHostMessage(first, { type: 'later' } as unknown as HostToWebview), first);
  });

  describe('ChatStore', () => {
    it('notifies listeners on change only, and stops after unsubscribe', () => {
      const store = new ChatStore();
      const seen: ChatState[] = [];
      const unsubscribe = store.subscribe((s) => seen.push(s));
      store.apply(snapshot([agentMessage('a', 2, 'x')]));
      store.apply({ type: 'entries', sessionKey: 's1' as SessionKey, upserts: [agentMessage('a', 1, 'stale')], totalEntries: 1 });
      assert.equal(seen.length, 1);
      assert.equal(store.getState(), seen[0]);
      unsubscribe();
      store.apply({ type: 'agent', agent: readyAgent });
      assert.equal(seen.length, 1);
    });

    it('tells a row of a new copy of its own entry only, and the list signature stays while only contents change', () => {
      const store = new ChatStore();
      store.apply(snapshot([agentMessage('a', 1, 'one'), agentMessage('b', 1, 'two')]));
      const heardA: string[] = [];
      const heardB: string[] = [];
      store.subscribeEntry('a', (entry) => heardA.push(`${entry.id}@${entry.rev}`));
      const stopB = store.subscribeEntry('b', (entry) => heardB.push(`${entry.id}@${entry.rev}`));
      const before = listSignature(store.getState());
      store.apply({ type: 'entries', sessionKey: 's1' as SessionKey, upserts: [], deltas: [{ id: 'b', rev: [1, 2], append: [[0, ' more']] }], totalEntries: 2 });
      assert.deepEqual(heardA, []);
      assert.deepEqual(heardB, ['b@2']);
      assert.equal((store.entry('b') as { content: { text: string }[] }).content[0].text, 'two more');
      assert.ok(sameListSignature(before, listSignature(store.getState())), 'the list does not re-render for a delta');
      store.apply({ type: 'entries', sessionKey: 's1' as SessionKey, upserts: [agentMessage('c', 1, 'new')], totalEntries: 3 });
      assert.ok(!sameListSignature(before, listSignature(store.getState())), 'a new entry changes the list');
      stopB();
      store.apply({ type: 'entries', sessionKey: 's1' as SessionKey, upserts: [agentMessage('b', 5, 'whole')], totalEntries: 3 });
      assert.deepEqual(heardB, ['b@2']);
    });

    it('asks for an entry whole once when a delta does not fit its copy, and again only after it came', () => {
      const wanted: string[] = [];
      const store = new ChatStore(undefined, (key, id) => wanted.push(`${key}/${id}`));
      store.apply(snapshot([agentMessage('a', 3, 'x')]));
      const gap = { type: 'entries' as const, sessionKey: 's1' as SessionKey, upserts: [], deltas: [{ id: 'a', rev: [4, 5] as [number, number], set: { messageId: 'm' } }], totalEntries: 1 };
      store.apply(gap);
      store.apply(gap);
      assert.deepEqual(wanted, ['s1/a']);
      assert.equal(store.entry('a')?.rev, 3, 'the copy is left as it was');
      store.apply({ type: 'entries', sessionKey: 's1' as SessionKey, upserts: [agentMessage('a', 5, 'whole')], totalEntries: 1 });
      store.apply({ ...gap, deltas: [{ id: 'a', rev: [6, 7], set: {} }] });
      assert.deepEqual(wanted, ['s1/a', 's1/a']);
    });

    it('does not ask for an entry older than what it holds (it comes whole with its page)', () => {
      const wanted: string[] = [];
      const store = new ChatStore(undefined, (_key, id) => wanted.push(id));
      store.apply({ type: 'snapshot', agent: null, session: { sessionKey: 's1' as SessionKey, header: header(), entries: [agentMessage('b', 1, 'x')], totalEntries: 5 } });
      store.apply({ type: 'entries', sessionKey: 's1' as SessionKey, upserts: [], deltas: [{ id: 'old', rev: [1, 2], set: {} }], totalEntries: 5 });
      assert.deepEqual(wanted, []);
    });
  });
});
