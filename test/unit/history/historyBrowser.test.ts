import * as assert from 'node:assert/strict';
import { HistoryAgent, HistoryBrowser, inRoots, listedSessions } from '../../../src/history/historyBrowser';
import { forgetRecord, readOpenRecords, readSessionRecords, SessionRecord, upsertRecord } from '../../../src/history/sessionRecords';
import { lifecycleCapabilitiesOf, NO_LIFECYCLE, reopenMethod } from '../../../src/session/lifecycleCapabilities';
import type { HistoryMessage } from '../../../src/shared/protocol/sessionsProtocol';

const FULL = { ...NO_LIFECYCLE, load: true, list: true, delete: true };

/** An agent whose session/list serves `sessions` in pages of `size`, with opaque cursors. */
function listingAgent(id: string, sessions: object[], size: number, calls: object[] = []): HistoryAgent {
  return {
    id,
    name: `Agent ${id}`,
    lifecycle: FULL,
    list: async (params) => {
      calls.push(params);
      const start = params.cursor ? Number(Buffer.from(params.cursor, 'base64').toString()) : 0;
      const next = start + size;
      return { sessions: sessions.slice(start, next), ...(next < sessions.length ? { nextCursor: Buffer.from(String(next)).toString('base64') } : {}) };
    },
  };
}

function browse(agents: HistoryAgent[], records: SessionRecord[] = [], roots = ['/work']) {
  const posts: HistoryMessage[] = [];
  const browser = new HistoryBrowser({
    agents: async () => agents,
    records: () => records,
    isOpen: (agentId, sessionId) => agentId === 'a' && sessionId === 'open-one',
    roots: () => roots,
    post: (message) => posts.push(message),
  });
  return { browser, posts, last: () => posts[posts.length - 1] };
}

describe('session history: lifecycle capabilities', () => {
  it('reads what the agent offers, leniently', () => {
    assert.deepEqual(lifecycleCapabilitiesOf(undefined), NO_LIFECYCLE);
    assert.deepEqual(lifecycleCapabilitiesOf({ agentCapabilities: { loadSession: 'yes', sessionCapabilities: { list: null, resume: {}, close: true } } }), {
      ...NO_LIFECYCLE,
      resume: true,
    });
    const all = lifecycleCapabilitiesOf({
      agentCapabilities: { loadSession: true, sessionCapabilities: { list: {}, resume: {}, close: {}, delete: {}, additionalDirectories: {} } },
    });
    assert.ok(Object.values(all).every(Boolean));
    assert.equal(reopenMethod(all), 'load', 'load is preferred: the chat shows the conversation');
    assert.equal(reopenMethod({ ...NO_LIFECYCLE, resume: true }), 'resume');
    assert.equal(reopenMethod(NO_LIFECYCLE), undefined);
  });
});

describe('session history: the record', () => {
  it('keeps sessions newest first, bounded, and reads stored data leniently', () => {
    let records: SessionRecord[] = [];
    for (let i = 0; i < 5; i++) records = upsertRecord(records, { agentId: 'a', sessionId: `s${i}`, cwd: '/w', updatedAt: new Date(1000 * i).toISOString() }, 3);
    assert.deepEqual(records.map((r) => r.sessionId), ['s4', 's3', 's2']);
    records = upsertRecord(records, { agentId: 'a', sessionId: 's2', cwd: '/w', title: 'again', updatedAt: new Date(9000).toISOString() });
    assert.deepEqual(records.map((r) => r.sessionId), ['s2', 's4', 's3']);
    assert.deepEqual(forgetRecord(records, { agentId: 'a', sessionId: 's4' }).map((r) => r.sessionId), ['s2', 's3']);
    assert.deepEqual(readSessionRecords([null, 3, { agentId: 'a' }, { agentId: 'a', sessionId: 'x', cwd: '/w', updatedAt: 't', title: 7 }]), [
      { agentId: 'a', sessionId: 'x', cwd: '/w', updatedAt: 't' },
    ]);
    assert.deepEqual(readSessionRecords('nonsense'), []);
    assert.deepEqual(readOpenRecords([{ agentId: 'a', sessionId: 'x', cwd: '/w', shown: 'yes' }, {}]), [{ agentId: 'a', sessionId: 'x', cwd: '/w', shown: false }]);
  });
});

describe('session history: the list', () => {
  it('pages through session/list with the opaque cursor, only the workspace folder, newest first', async () => {
    const calls: object[] = [];
    const sessions = [
      { sessionId: 's1', cwd: '/work', title: 'First', updatedAt: '2026-01-01T00:00:00Z' },
      { sessionId: 's2', cwd: '/elsewhere', updatedAt: '2026-01-03T00:00:00Z' },
      { sessionId: 's3', cwd: '/work/sub', title: 'Third', updatedAt: '2026-01-02T00:00:00Z', _meta: { x: 1 } },
      { notASession: true },
      { sessionId: 'open-one', cwd: '/work' },
    ];
    const { browser, posts, last } = browse([listingAgent('a', sessions, 2, calls)]);
    await browser.first();
    assert.equal(posts[0].loading, true, 'the view says it is loading first');
    assert.deepEqual(calls, [{ cwd: '/work' }], 'one folder: the agent filters by it');
    assert.deepEqual(last().items.map((i) => i.sessionId), ['s1']);
    assert.equal(last().hasMore, true);
    await browser.more();
    assert.deepEqual(last().items.map((i) => i.sessionId), ['s3', 's1']);
    await browser.more();
    assert.equal(last().hasMore, false);
    const open = last().items.find((i) => i.sessionId === 'open-one');
    assert.equal(open?.open, true);
    assert.equal(open?.title, undefined);
    assert.equal(calls.length, 3);
    await browser.more();
    assert.equal(calls.length, 3, 'no more pages are asked for after the last');
  });

  it('merges the extension record (agents without session/list), and says why a list failed', async () => {
    const failing: HistoryAgent = { id: 'b', name: 'Agent b', lifecycle: FULL, list: async () => Promise.reject(new Error('boom')) };
    const stopped: HistoryAgent = { id: 'c', name: 'Agent c' };
    const records: SessionRecord[] = [
      { agentId: 'c', sessionId: 'c1', cwd: '/work', title: 'Recorded', updatedAt: '2026-02-01T00:00:00Z' },
      { agentId: 'a', sessionId: 's1', cwd: '/work', title: 'Local title', updatedAt: '2025-01-01T00:00:00Z' },
    ];
    const { browser, last } = browse([listingAgent('a', [{ sessionId: 's1', cwd: '/work' }], 10), failing, stopped], records);
    await browser.first();
    const view = last();
    assert.match(view.error ?? '', /Agent b could not list its sessions: boom/);
    assert.deepEqual(view.items.map((i) => [i.agentId, i.sessionId, i.title]), [
      ['c', 'c1', 'Recorded'],
      ['a', 's1', 'Local title'],
    ]);
    const [recorded, listed] = view.items;
    assert.equal(recorded.canOpen, true, 'an agent not running is asked on opening');
    assert.equal(recorded.canDelete, true, 'only in the record: it can be forgotten');
    assert.equal(listed.canDelete, true, 'the agent offers session/delete');
    browser.forget({ agentId: 'a', sessionId: 's1' });
    assert.ok(last().items.some((i) => i.sessionId === 's1'), 'still in the record until the record forgets it');
  });

  it('marks the session the user chose while it is brought back, and only that one', async () => {
    const { browser, posts, last } = browse([listingAgent('a', [{ sessionId: 's1', cwd: '/work' }, { sessionId: 's2', cwd: '/work' }], 10)]);
    await browser.first();
    const before = posts.length;
    browser.setOpening({ agentId: 'a', sessionId: 's1' }, true);
    assert.equal(posts.length, before + 1, 'the view is told at once');
    assert.deepEqual(last().items.map((i) => [i.sessionId, i.opening ?? false]).sort(), [['s1', true], ['s2', false]]);
    browser.setOpening({ agentId: 'a', sessionId: 's1' }, false);
    assert.ok(last().items.every((i) => i.opening === undefined), 'no mark left once it is open (or failed)');
  });

  it('several folders: no cwd filter is sent, sessions outside the folders are left out', async () => {
    const calls: object[] = [];
    const sessions = [
      { sessionId: 'x', cwd: '/one/a' },
      { sessionId: 'y', cwd: '/two' },
      { sessionId: 'z', cwd: '/three' },
    ];
    const { browser, last } = browse([listingAgent('a', sessions, 10, calls)], [], ['/one', '/two/']);
    await browser.first();
    assert.deepEqual(calls, [{}]);
    assert.deepEqual(last().items.map((i) => i.sessionId).sort(), ['x', 'y']);
    assert.equal(inRoots('/onex', ['/one']), false);
    assert.deepEqual(listedSessions('a', { sessions: 'nope' }), []);
  });
});
