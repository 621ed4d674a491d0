import * as assert from 'node:assert/strict';
import type { SessionRecord } from '../../../src/history/sessionRecords';
import { addUserMessage, applySessionUpdate, createSessionState, setPermissionRequest, setTurnState } from '../../../src/shared/transcript/reducer';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { Checkout } from '../../../src/threads/place';
import { RECENT_PER_FOLDER, ago, rowDescription, rowDetails, threadsBadge, threadsView, type OpenThread, type ThreadSources } from '../../../src/threads/threadRows';

const NOW = Date.parse('2026-11-28T12:00:00Z');

function open(key: string, cwd: string, prompt: string, more: { agent?: string; auth?: boolean; running?: number; waits?: boolean } = {}): OpenThread {
  const state = createSessionState(`id-${key}`);
  addUserMessage(state, [{ type: 'text', text: prompt }]);
  if (more.running !== undefined) setTurnState(state, 'running', more.running);
  if (more.waits) {
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 't', title: 'Edit' }, 0);
    setPermissionRequest(state, { toolCallId: 't' }, [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }], 'k');
  }
  const agent = more.agent ?? 'claude';
  return {
    key: key as SessionKey,
    cwd,
    opening: false,
    agent: { definition: { id: agent, name: agent === 'claude' ? 'Claude Code' : 'Codex' }, summary: more.auth ? { auth: {} } : {} },
    session: { sessionId: `id-${key}`, state, ended: false },
  };
}

function record(sessionId: string, cwd: string, minutesAgo: number, agentId = 'claude'): SessionRecord {
  return { agentId, sessionId, cwd, title: `record ${sessionId}`, updatedAt: new Date(NOW - minutesAgo * 60_000).toISOString() };
}

function sources(more: Partial<ThreadSources>): ThreadSources {
  return {
    openSessions: [],
    records: [],
    folders: [{ name: 'app', path: '/ws/app' }],
    isUnread: () => false,
    filesChanged: () => 0,
    agentName: (id) => (id === 'claude' ? 'Claude Code' : undefined),
    checkout: () => undefined,
    ...more,
  };
}

describe('threads: the rows', () => {
  it('one folder: no folder rows; open sessions as opened, each with its agent, title, state and files changed', () => {
    const view = threadsView(
      sources({
        openSessions: [open('a', '/ws/app', 'Fix the login', { running: NOW - 12_000 }), open('b', '/ws/app/src', 'Add tests', { waits: true, running: NOW, agent: 'codex' })],
        isUnread: () => false,
        filesChanged: (_agentId, sessionId) => (sessionId === 'id-a' ? 3 : 0),
      }),
    );
    assert.equal(view.grouped, false);
    assert.equal(view.groups.length, 1);
    const [a, b] = view.groups[0].open;
    assert.equal(a.title, 'Fix the login');
    assert.equal(rowDescription(a, NOW), 'Working · 12 s · Claude Code · 3 files changed');
    assert.equal(rowDescription(b, NOW), 'Waiting for you · Codex');
    assert.equal(rowDetails(b, NOW), 'Add tests\nCodex in /ws/app/src\nWaiting for you');
  });

  it('several folders: rows under their workspace folder (in the workspace order), then other folders by name', () => {
    const view = threadsView(
      sources({
        folders: [
          { name: 'web', path: '/ws/web' },
          { name: 'api', path: '/ws/api' },
        ],
        openSessions: [open('a', '/ws/api', 'one'), open('b', '/tmp/scratch', 'two'), open('c', '/ws/web/src', 'three'), open('d', '/ws/api/x', 'four')],
      }),
    );
    assert.equal(view.grouped, true);
    assert.deepEqual(
      view.groups.map((group) => [group.label, group.open.map((row) => row.title)]),
      [
        ['web', ['three']],
        ['api', ['one', 'four']],
        ['scratch', ['two']],
      ],
    );
  });

  it("a linked worktree's session: under the folder of its main checkout, its branch on the row", () => {
    const checkout: Checkout = { root: '/ws/app-fix', linked: true, branch: 'fix/login', mainRoot: '/ws/app' };
    const view = threadsView(sources({ openSessions: [open('a', '/ws/app-fix', 'Fix')], checkout: (cwd) => (cwd === '/ws/app-fix' ? checkout : undefined) }));
    assert.equal(view.grouped, false);
    const [row] = view.groups[0].open;
    assert.equal(rowDescription(row, NOW), 'fix/login', 'the branch where other rows name the agent');
    assert.match(rowDetails(row, NOW), /Claude Code in \/ws\/app-fix \(worktree, branch fix\/login\)/);
  });

  it('recent: the recorded sessions of the folders that are not open, newest first, with when they last ran', () => {
    const records = [record('old', '/ws/app', 180), record('id-a', '/ws/app', 1), record('new', '/ws/app/sub', 5), record('away', '/other', 1), record('x', '/ws/app', 60 * 24 * 3, 'gone')];
    const view = threadsView(sources({ openSessions: [open('a', '/ws/app', 'open one')], records }));
    const recent = view.groups[0].recent;
    assert.deepEqual(
      recent.map((row) => row.sessionId),
      ['new', 'old', 'x'],
      'the open one and the one outside the folders are left out',
    );
    assert.equal(rowDescription(recent[0], NOW), '5 min ago · Claude Code');
    assert.equal(rowDescription(recent[2], NOW), '3 d ago · gone', "an agent no longer in the settings: its id");
    assert.match(rowDetails(recent[1], NOW), /Closed, last active 3 h ago/);
  });

  it('recent: a closed session of a linked worktree of a folder’s repository, outside the folders, is listed under it', () => {
    const checkout: Checkout = { root: '/ws/app.worktrees/codex-1', linked: true, branch: 'acp/codex-1', mainRoot: '/ws/app' };
    const elsewhere: Checkout = { root: '/other/wt', linked: true, branch: 'x', mainRoot: '/other/repo' };
    const records = [record('thread', '/ws/app.worktrees/codex-1', 2), record('foreign', '/other/wt', 1), record('gone', '/ws/app.worktrees/removed-1', 3)];
    const known = new Map([['/ws/app.worktrees/codex-1', checkout], ['/other/wt', elsewhere]]);
    const view = threadsView(sources({ records, checkout: (cwd) => known.get(cwd) }));
    assert.deepEqual(view.groups.map((group) => [group.folder, group.recent.map((row) => [row.sessionId, row.place.branch])]), [['/ws/app', [['thread', 'acp/codex-1']]]]);
  });

  it(`recent: at most ${RECENT_PER_FOLDER} per folder`, () => {
    const records = Array.from({ length: RECENT_PER_FOLDER + 5 }, (_, index) => record(`s${index}`, '/ws/app', index));
    const view = threadsView(sources({ records }));
    assert.equal(view.groups[0].recent.length, RECENT_PER_FOLDER);
    assert.equal(view.groups[0].recent[0].sessionId, 's0');
  });

  it('no sessions: no rows (the view shows its welcome)', () => {
    assert.deepEqual(threadsView(sources({})), { grouped: false, groups: [] });
  });

  it("badge: the sessions waiting for a sign-in (the chat's badge counts those waiting for an answer)", () => {
    const view = threadsView(sources({ openSessions: [open('a', '/ws/app', 'x', { waits: true, running: NOW }), open('b', '/ws/app', 'y', { auth: true }), open('c', '/ws/app', 'z', { auth: true })] }));
    assert.deepEqual(threadsBadge(view.groups[0].open), { value: 2, tooltip: '2 sessions wait for you to sign in' });
    assert.equal(threadsBadge(view.groups[0].open.slice(0, 1)), undefined);
  });

  it('"ago": minutes, hours, days', () => {
    assert.equal(ago(new Date(NOW - 20_000).toISOString(), NOW), 'just now');
    assert.equal(ago(new Date(NOW - 59 * 60_000).toISOString(), NOW), '59 min ago');
    assert.equal(ago(new Date(NOW - 23 * 3_600_000).toISOString(), NOW), '23 h ago');
    assert.equal(ago('not a date', NOW), 'some time ago');
  });
});
