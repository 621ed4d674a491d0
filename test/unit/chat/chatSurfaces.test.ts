// Several chat surfaces over one registry (the side-bar chat and editor tabs): each shows its own session, starts its
// own, and a prompt on one never lands in another's session. Real child processes: the scripted agent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChatSurface } from '../../../src/chat/chatSurface';
import type { SessionsApi } from '../../../src/testApi/sessionsApi';
import type { PromptParts } from '../../../src/shared/protocol/composerProtocol';
import type { Session } from '../../../src/session/session';
import { scriptedDefinition, scriptedManager } from '../helpers/scriptedManager';

const parts = (text: string): PromptParts => ({ text, mentions: [], images: [] });

function said(session: Session | undefined, kind: 'user' | 'agent'): string[] {
  return (session?.state.entries ?? []).flatMap((entry) =>
    entry.kind === kind ? [entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('')] : [],
  );
}

describe('chat surfaces: the side bar and tabs over one registry', function () {
  this.timeout(30_000);
  let dir: string;
  let api: SessionsApi;
  let tab: ChatSurface;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-surfaces-'));
    const file = path.join(dir, 'echo.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'echo', turns: [{ steps: [{ say: 'echo: ${prompt}' }] }] }));
    ({ manager: api } = scriptedManager(dir));
    await api.useAgent(scriptedDefinition('echo', file));
    const { pool, registry, surfaces } = api.parts;
    tab = new ChatSurface(pool, registry, { name: 'tab 1', followsSelectedAgent: false });
    surfaces.add(tab);
  });

  afterEach(async () => {
    await api.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('each surface starts and shows its own session; prompts that name none go to their surface\'s', async () => {
    const { starter, surfaces } = api.parts;
    const side = surfaces.sideBar;
    // Both at once: a prompt on the tab while the side bar's session is being created starts the tab's own.
    await Promise.all([starter.submitPrompt(side, undefined, parts('to the side bar')), starter.submitPrompt(tab, undefined, parts('to the tab'))]);
    assert.ok(side.session && tab.session, 'both show a session');
    assert.notEqual(side.currentKey, tab.currentKey, 'two sessions, not one');
    assert.deepEqual(said(side.session, 'user'), ['to the side bar']);
    assert.deepEqual(said(tab.session, 'user'), ['to the tab']);
    assert.deepEqual(said(tab.session, 'agent'), ['echo: to the tab']);
    assert.equal(api.openSessions.length, 2);
  });

  it('showing a session on one surface leaves the other; closing it moves the side bar on and empties the tab', async () => {
    const { starter, surfaces } = api.parts;
    const side = surfaces.sideBar;
    const first = await starter.newSession(side);
    await starter.submitPrompt(side, first.key, parts('one'));
    const second = await starter.newSession(tab);
    await starter.submitPrompt(tab, second.key, parts('two'));
    assert.equal(side.currentKey, first.key, 'a new session on the tab leaves the side bar alone');
    tab.show(first.key);
    assert.equal(side.currentKey, first.key);
    assert.equal(tab.currentKey, first.key, 'one session may be on two surfaces');
    assert.deepEqual(surfaces.showing(first.key), [side, tab]);

    await starter.close(first.key);
    assert.equal(side.currentKey, second.key, 'the side bar shows the last open one');
    assert.equal(tab.currentKey, undefined, 'the tab shows none (it was bound to that session)');
  });

  it('the active surface is the focused tab, else the side bar; its session changes are announced', async () => {
    const { starter, surfaces } = api.parts;
    const seen: (string | undefined)[] = [];
    surfaces.onDidChangeSession((session) => seen.push(session?.key));
    const onTab = await starter.newSession(tab);
    assert.deepEqual(seen, [], 'a tab that is not active is not announced');
    surfaces.setActive(tab);
    assert.equal(surfaces.current(), tab);
    assert.deepEqual(seen, [onTab.key]);
    surfaces.setActive(undefined);
    assert.equal(surfaces.current(), surfaces.sideBar);
    assert.deepEqual(seen, [onTab.key, undefined]);
  });
});
