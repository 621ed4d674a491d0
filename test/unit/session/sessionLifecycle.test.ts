// The session lifecycle against scripted agents that advertise each part of it: close, load (the conversation
// replayed, also by a new agent process), resume (no replay), list in pages, delete, additionalDirectories; and an
// agent that offers none of it (nothing is called that it did not advertise: it would answer -32601).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HistoryBrowser } from '../../../src/history/historyBrowser';
import type { SessionsApi } from '../../../src/testApi/sessionsApi';
import type { HistoryMessage } from '../../../src/shared/protocol/sessionsProtocol';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import { SessionAbandonedError } from '../../../src/session/sessionRegistry';
import { scriptedDefinition, scriptedManager } from '../helpers/scriptedManager';

const scenarios = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'scenarios');

function texts(entries: readonly TranscriptEntry[], kind: 'user' | 'agent' | 'notice'): string[] {
  return entries.flatMap((entry) => {
    if (entry.kind === 'notice' && kind === 'notice') return [entry.text];
    if ((entry.kind === 'user' || entry.kind === 'agent') && entry.kind === kind) return [entry.content.map((b) => (b.type === 'text' ? b.text : '')).join('')];
    return [];
  });
}

function untilTitle(manager: SessionsApi, title: string): Promise<void> {
  return new Promise((resolve) => {
    const check = (): boolean => manager.session?.state.header.title === title;
    if (check()) return resolve();
    const sub = manager.session?.onDidChange(() => {
      if (check()) {
        sub?.dispose();
        resolve();
      }
    });
  });
}

describe('sessions: the session lifecycle with scripted agents', function () {
  this.timeout(30_000);
  let dir: string;
  let store: string;
  let manager: SessionsApi;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-lifecycle-'));
    store = path.join(dir, 'store', 'sessions.json');
  });

  afterEach(async () => {
    await manager?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('close, then load: the conversation comes back, also from a new agent process; the agent titles it', async () => {
    let sent: string[];
    ({ manager, sent } = scriptedManager(dir));
    await manager.useAgent(scriptedDefinition('full', path.join(scenarios, 'sessions-full.json'), { ACP_DEMO_STORE: store }));
    const session = await manager.newSession();
    await manager.prompt('hello there');
    await untilTitle(manager, 'hello there');
    const sessionId = session.sessionId;
    const key = manager.currentKey;
    assert.ok(key);
    await manager.close(key);
    assert.equal(manager.openSessions.length, 0);
    assert.equal(sent.at(-1), 'session/close', 'the agent offers session/close: it is told');

    const loaded = await manager.reopen({ agentId: 'full', sessionId, cwd: dir });
    assert.equal(loaded.opening, false);
    assert.equal(manager.session, loaded.session);
    assert.deepEqual(texts(loaded.session.state.entries, 'user'), ['hello there']);
    assert.deepEqual(texts(loaded.session.state.entries, 'agent'), ['You said: hello there']);
    assert.equal(loaded.session.state.header.title, 'hello there', 'the replayed session_info_update titles it');
    assert.equal(loaded.session.state.header.currentModeId, 'ask', 'the load answer\'s modes apply');
    await manager.prompt('and more');
    assert.deepEqual(texts(loaded.session.state.entries, 'agent'), ['You said: hello there', 'You said: and more']);

    await manager.restartAgent();
    const again = await manager.reopen({ agentId: 'full', sessionId, cwd: dir });
    assert.deepEqual(texts(again.session.state.entries, 'user'), ['hello there', 'and more'], 'a new agent process replays it from its store');
    assert.equal((await manager.reopen({ agentId: 'full', sessionId, cwd: dir })).key, again.key, 'an open session is shown, not loaded twice');
  });

  it('the MCP servers of the settings go to session/load too', async () => {
    const servers = [{ name: 'files', command: '/usr/bin/mcp-files', args: ['--stdio'], env: [] }];
    ({ manager } = scriptedManager(dir, [dir], servers));
    await manager.useAgent(scriptedDefinition('full', path.join(scenarios, 'sessions-full.json'), { ACP_DEMO_STORE: store }));
    const session = await manager.newSession();
    await manager.prompt('mcp on new');
    await manager.close(manager.currentKey!);
    const loaded = await manager.reopen({ agentId: 'full', sessionId: session.sessionId, cwd: dir });
    await manager.prompt('mcp after load');
    const said = texts(loaded.session.state.entries, 'agent');
    assert.deepEqual(said.slice(-1), [`MCP: ${JSON.stringify(servers)}`], 'the load request carried the servers');
  });

  it('lists sessions in pages with the opaque cursor, and deletes one', async () => {
    ({ manager } = scriptedManager(dir));
    await manager.useAgent(scriptedDefinition('full', path.join(scenarios, 'sessions-full.json'), { ACP_DEMO_STORE: store }));
    const ids: string[] = [];
    for (const word of ['one', 'two', 'three']) {
      ids.push((await manager.newSession()).sessionId);
      await manager.prompt(word);
    }
    const started = await manager.startedAgent('full');
    const posts: HistoryMessage[] = [];
    const browser = new HistoryBrowser({
      agents: async () => [{ id: 'full', name: 'Full', lifecycle: started.lifecycle, list: (params) => started.runtime.connection.listSessions(params) }],
      records: () => [],
      isOpen: (agentId, sessionId) => manager.find(agentId, sessionId) !== undefined,
      roots: () => [dir],
      post: (message) => posts.push(message),
    });
    await browser.first();
    assert.equal(posts.at(-1)?.items.length, 2, 'the agent pages by two');
    assert.equal(posts.at(-1)?.hasMore, true);
    await browser.more();
    const view = posts.at(-1);
    assert.deepEqual(view?.items.map((item) => item.title).sort(), ['one', 'three', 'two']);
    assert.equal(view?.hasMore, false);
    assert.ok(view?.items.every((item) => item.open && item.canOpen && item.canDelete));

    await started.runtime.connection.deleteSession({ sessionId: ids[0] });
    await browser.first();
    await browser.more();
    assert.deepEqual(posts.at(-1)?.items.map((item) => item.title).sort(), ['three', 'two']);
  });

  it('additionalDirectories: the other workspace folders go to an agent that takes them, never to one that does not, nor to a session outside them', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-lifecycle-other-'));
    try {
      ({ manager } = scriptedManager(dir, [dir, other]));
      await manager.useAgent(scriptedDefinition('full', path.join(scenarios, 'sessions-full.json'), { ACP_DEMO_STORE: store }));
      await manager.newSession();
      await manager.prompt('dirs');
      assert.deepEqual(texts(manager.session?.state.entries ?? [], 'agent'), [`Directories: ${JSON.stringify([other])}`]);
      await manager.newSession({ cwd: other });
      await manager.prompt('dirs');
      assert.deepEqual(texts(manager.session?.state.entries ?? [], 'agent'), [`Directories: ${JSON.stringify([dir])}`], 'cwd is the chosen folder');

      const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-lifecycle-elsewhere-'));
      try {
        await manager.newSession({ cwd: elsewhere });
        await manager.prompt('dirs');
        assert.deepEqual(texts(manager.session?.state.entries ?? [], 'agent'), ['Directories: []'], 'a session outside the workspace folders gets none of them');
        assert.equal(manager.session?.scope.cwd, elsewhere);
        assert.deepEqual(manager.session?.scope.roots, [elsewhere], 'its roots are its folder alone');
        const sessionId = manager.session!.sessionId;
        await manager.close(manager.currentKey!);
        await manager.reopen({ agentId: 'full', sessionId, cwd: elsewhere });
        await manager.prompt('dirs');
        assert.deepEqual(texts(manager.session?.state.entries ?? [], 'agent').at(-1), 'Directories: []', 'brought back in the place of its recorded cwd');
        assert.deepEqual(manager.session?.scope.roots, [elsewhere]);
      } finally {
        fs.rmSync(elsewhere, { recursive: true, force: true });
      }

      await manager.useAgent(scriptedDefinition('none', path.join(scenarios, 'sessions-none.json')));
      await manager.newSession();
      await manager.prompt('hi');
      assert.deepEqual(texts(manager.session?.state.entries ?? [], 'agent'), ['Plain answer to: hi'], 'the agent did not refuse session/new');
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('resume only: the session comes back without replay and says so; nothing is asked that an agent did not advertise', async () => {
    let sent: string[];
    ({ manager, sent } = scriptedManager(dir));
    await manager.useAgent(scriptedDefinition('resume', path.join(scenarios, 'sessions-resume-only.json'), { ACP_DEMO_STORE: store }));
    const session = await manager.newSession();
    await manager.prompt('remember me');
    const key = manager.currentKey;
    assert.ok(key);
    await manager.close(key);
    const resumed = await manager.reopen({ agentId: 'resume', sessionId: session.sessionId, cwd: dir });
    assert.deepEqual(texts(resumed.session.state.entries, 'user'), []);
    assert.match(texts(resumed.session.state.entries, 'notice').join(' '), /Session resumed/);
    await manager.prompt('still there?');
    assert.deepEqual(texts(resumed.session.state.entries, 'agent'), ['Resumable answer to: still there?']);

    await manager.useAgent(scriptedDefinition('none', path.join(scenarios, 'sessions-none.json')));
    const plain = await manager.newSession();
    await manager.prompt('hi');
    const plainKey = manager.currentKey;
    assert.ok(plainKey);
    await manager.close(plainKey);
    await assert.rejects(manager.reopen({ agentId: 'none', sessionId: plain.sessionId, cwd: dir }), /cannot bring back earlier sessions/);
    const lifecycle = sent.filter((method) => /^session\/(load|resume|close|list|delete)$/.test(method));
    assert.deepEqual(lifecycle, ['session/resume'], 'resume for the agent that offers it; no close, load, list or delete for either');
    assert.equal(sent.filter((method) => method === 'session/cancel').length, 0);
  });
});

describe('sessions: a session whose agent crashed', function () {
  this.timeout(30_000);
  it('goes on in the same session: the restarted agent loads it, its conversation replayed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-revive-'));
    const { manager } = scriptedManager(dir);
    try {
      await manager.useAgent(scriptedDefinition('full', path.join(scenarios, 'sessions-full.json'), { ACP_DEMO_STORE: path.join(dir, 'store.json') }));
      const session = await manager.newSession();
      await manager.prompt('before the crash');
      const pid = manager.agentPid;
      assert.ok(pid);
      const lost = new Promise<void>((resolve) => session.onDidChange(() => session.ended && resolve()));
      process.kill(pid, 'SIGKILL');
      await lost;
      await manager.prompt('after the crash');
      const revived = manager.session;
      assert.ok(revived && revived !== session);
      assert.equal(revived.sessionId, session.sessionId, 'the same session, loaded by the restarted agent');
      assert.deepEqual(texts(revived.state.entries, 'user'), ['before the crash', 'after the crash']);
      assert.deepEqual(texts(revived.state.entries, 'agent'), ['You said: before the crash', 'You said: after the crash']);
      assert.equal(manager.openSessions.length, 1, 'the ended session made way for the revived one');
    } finally {
      await manager.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sessions: a session asked for twice while it is brought back', function () {
  this.timeout(30_000);
  it('is loaded once: both callers get the same open session and are told it was added', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-reopen-twice-'));
    const { manager, sent } = scriptedManager(dir);
    try {
      await manager.useAgent(scriptedDefinition('full', path.join(scenarios, 'sessions-full.json'), { ACP_DEMO_STORE: path.join(dir, 'store.json') }));
      const session = await manager.newSession();
      await manager.prompt('said once');
      await manager.close(manager.currentKey!);
      const loadsBefore = sent.filter((method) => method === 'session/load').length;
      // As a chat tab restored beside the sessions the window had open: both ask before the agent has answered.
      const request = { agentId: 'full', sessionId: session.sessionId, cwd: dir };
      const shown: string[] = [];
      const [first, second] = await Promise.all([
        manager.parts.registry.reopen(request, (open) => shown.push(`first ${open.key}`)),
        manager.parts.registry.reopen(request, (open) => shown.push(`second ${open.key}`)),
      ]);
      assert.equal(second, first, 'the same open session');
      assert.deepEqual(shown.sort(), [`first ${first.key}`, `second ${first.key}`], 'each caller is told it was added');
      assert.equal(sent.filter((method) => method === 'session/load').length - loadsBefore, 1, 'one session/load');
      assert.equal(manager.openSessions.length, 1);
      assert.deepEqual(texts(first.session.state.entries, 'user'), ['said once'], 'replayed once');
    } finally {
      await manager.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sessions: a load the user gives up on', function () {
  this.timeout(30_000);
  let dir: string;
  let manager: SessionsApi;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-abandon-'));
  });

  afterEach(async () => {
    await manager?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a session closed while its agent still loads it: $/cancel_request for the load, and it settles at once as abandoned', async () => {
    let sent: string[];
    let answered: string[];
    ({ manager, sent, answered } = scriptedManager(dir));
    // Its replay takes 20 s (paced for real): the session is closed long before.
    await manager.useAgent(scriptedDefinition('slow', path.join(scenarios, 'sessions-slow-load.json'), {}, 1));
    const reopening = manager.reopen({ agentId: 'slow', sessionId: 'earlier-session', cwd: dir });
    const settled = reopening.then(
      () => 'loaded',
      (error: unknown) => (error instanceof SessionAbandonedError ? 'abandoned' : `failed: ${String(error)}`),
    );
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (manager.openSessions.some((open) => open.opening) && sent.includes('session/load')) resolve();
        else setImmediate(check);
      };
      check();
    });
    const opening = manager.openSessions.find((open) => open.opening);
    assert.ok(opening);
    await manager.close(opening.key);
    assert.equal(await settled, 'abandoned');
    // The agent may already have answered the cancelled load with an error; it never finished it (its replay takes 20 s).
    assert.deepEqual(answered.filter((method) => method !== 'session/load (error)'), ['initialize'], 'settled before the agent finished loading it');
    assert.deepEqual(sent.filter((method) => method === 'session/load' || method === '$/cancel_request'), ['session/load', '$/cancel_request']);
    assert.equal(manager.openSessions.length, 0);
  });
});
