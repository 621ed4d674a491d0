import * as assert from 'node:assert/strict';
import type { SessionsMessage } from '../../../../src/shared/protocol/sessionsProtocol';
import { asHostMessage } from '../../../../webview-ui/src/hostMessage';
import { folderName, relativeTime } from '../../../../webview-ui/src/sessions/relativeTime';
import { SessionsStore, waitingElsewhere } from '../../../../webview-ui/src/sessions/sessionsStore';
import type { SessionKey } from '../../../../src/shared/sessionKey';

const sessions: SessionsMessage = {
  type: 'sessions',
  currentKey: 's1' as SessionKey,
  multiRoot: false,
  sessions: [
    { key: 's1' as SessionKey, agentId: 'a', agentName: 'A', title: 'Shown', cwd: '/w', activity: 'needsYou' },
    { key: 's2' as SessionKey, agentId: 'b', agentName: 'B', title: 'Behind', cwd: '/w', activity: 'needsYou' },
    { key: 's3' as SessionKey, agentId: 'b', agentName: 'B', title: 'Busy', cwd: '/w', activity: 'working' },
  ],
};

describe('webview: open sessions and history', () => {
  it('accepts well-formed sessions and history messages only', () => {
    assert.deepEqual(asHostMessage(sessions), sessions);
    assert.equal(asHostMessage({ type: 'sessions', sessions: [{ key: 1 }], currentKey: null }), undefined);
    assert.equal(asHostMessage({ type: 'sessions', sessions: [], currentKey: 3 }), undefined);
    const history = { type: 'history', items: [{ agentId: 'a', sessionId: 'x', cwd: '/w', open: false, canOpen: true, canDelete: false }], hasMore: false, loading: true };
    assert.deepEqual(asHostMessage(history), history);
    assert.equal(asHostMessage({ type: 'history', items: 'x', hasMore: false, loading: false }), undefined);
  });

  it('counts the sessions behind the shown one that wait for the user', () => {
    assert.equal(waitingElsewhere(sessions), 1);
    assert.equal(waitingElsewhere(undefined), 0);
  });

  it('keeps the lists, and closes the history when another session is shown', () => {
    const store = new SessionsStore();
    let changes = 0;
    store.subscribe(() => changes++);
    store.apply(sessions);
    store.setHistoryOpen(true);
    store.apply({ type: 'history', items: [], hasMore: true, loading: false });
    assert.equal(store.state.history?.hasMore, true);
    assert.equal(store.state.historyOpen, true);
    store.apply({ type: 'snapshot', agent: null, session: null });
    assert.equal(store.state.historyOpen, false);
    assert.equal(store.state.sessions, sessions);
    assert.equal(changes, 4);
  });

  it('returns to the chat at once for a session that is open (the host only shows it: no snapshot when it is shown already)', () => {
    const store = new SessionsStore();
    store.setHistoryOpen(true);
    store.chooseHistoryItem({ open: false });
    assert.equal(store.state.historyOpen, true, 'a closed session keeps the history until its snapshot arrives');
    store.chooseHistoryItem({ open: true });
    assert.equal(store.state.historyOpen, false);
    store.setHistoryOpen(true);
    store.chooseOpenSession();
    assert.equal(store.state.historyOpen, false);
  });

  it('says how long ago, and names folders', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    assert.equal(relativeTime('2026-11-22T11:59:30Z', now), 'just now');
    assert.equal(relativeTime('2026-11-22T11:45:00Z', now), '15 min ago');
    assert.equal(relativeTime('2026-11-22T09:00:00Z', now), '3 h ago');
    assert.equal(relativeTime('2026-11-21T09:00:00Z', now), 'yesterday');
    assert.equal(relativeTime('2026-11-12T12:00:00Z', now), '10 days ago');
    assert.equal(relativeTime('2026-01-02T12:00:00Z', now), '2026-01-02');
    assert.equal(relativeTime('not a time', now), '');
    assert.equal(relativeTime(undefined, now), '');
    assert.equal(folderName('/home/me/project/'), 'project');
    assert.equal(folderName('C:\\work\\app'), 'app');
  });
});
