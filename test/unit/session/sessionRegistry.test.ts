// The seams of the split sessions: the registry opens and closes sessions on any agent and knows nothing of the
// shown one; the pool keeps an agent while it is selected or a session holds it; the chat's surfaces decide (ChatSurface, ChatStarter)
// what is on screen. Real child processes: the scripted agent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AgentDefinition } from '../../../src/config/agentDefinitions';
import type { SessionsApi } from '../../../src/testApi/sessionsApi';
import { scriptedDefinition, scriptedManager } from '../helpers/scriptedManager';

describe('sessions split: registry, pool and shown session', function () {
  this.timeout(30_000);
  let dir: string;
  let api: SessionsApi;
  let one: AgentDefinition;
  let two: AgentDefinition;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-split-'));
    const write = (name: string): string => {
      const file = path.join(dir, `${name}.json`);
      fs.writeFileSync(file, JSON.stringify({ name, turns: [{ steps: [{ say: `${name} says \${prompt}` }] }] }));
      return file;
    };
    one = scriptedDefinition('one', write('one'));
    two = scriptedDefinition('two', write('two'));
    ({ manager: api } = scriptedManager(dir));
  });

  afterEach(async () => {
    await api.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the registry opens sessions on any agent without showing them; an agent stops once neither selected nor held', async () => {
    const { pool, registry } = api.parts;
    const shown = api.parts.surfaces.sideBar;
    await pool.useAgent(one);
    const opened: string[] = [];
    registry.onDidOpenSession((open) => opened.push(open.agent.definition.id));

    const other = pool.acquire(two).agent;
    const open = await registry.create(other);
    assert.deepEqual(opened, ['two']);
    assert.equal(shown.currentKey, undefined, 'the registry shows nothing');
    assert.equal(shown.agent?.id, 'one', 'with nothing shown, the header shows the selected agent');
    assert.equal(other.holders, 1);

    await registry.close(open.key);
    assert.equal(other.holders, 0);
    assert.equal(pool.get('two'), undefined, 'an agent neither selected nor used by a session stops');

    const mine = await registry.create(pool.selected!);
    await registry.close(mine.key);
    assert.equal(pool.get('one'), pool.selected, 'the selected agent keeps running without sessions');
  });

  it('the shown session: a new one replaces one never used; closing the shown one brings up the last open one', async () => {
    const { registry, starter } = api.parts;
    const shown = api.parts.surfaces.sideBar;
    await api.useAgent(one);
    const unused = await starter.newSession(shown);
    const first = await starter.newSession(shown);
    assert.equal(registry.get(unused.key), undefined, 'a session never used made way for the new one');
    assert.equal(shown.currentKey, first.key);
    await registry.submitPrompt(first.key, { text: 'hello', mentions: [], images: [] });

    const second = await starter.newSession(shown);
    assert.ok(registry.get(first.key), 'a session with a conversation stays open');
    assert.equal(shown.currentKey, second.key);

    await starter.close(second.key);
    assert.equal(shown.currentKey, first.key);
    assert.equal(shown.session, first.session);
  });

  it('a prompt that names no session goes to the shown one, or to a new one shown for it', async () => {
    const { registry, starter } = api.parts;
    const shown = api.parts.surfaces.sideBar;
    await api.useAgent(one);
    const changes: (string | undefined)[] = [];
    shown.onDidChangeSession((session) => changes.push(session?.key));

    await starter.submitPrompt(shown, undefined, { text: 'hi', mentions: [], images: [] });
    assert.equal(registry.openSessions.length, 1);
    const key = shown.currentKey;
    assert.ok(key);
    assert.deepEqual(changes, [key]);

    await starter.submitPrompt(shown, undefined, { text: 'again', mentions: [], images: [] });
    assert.equal(registry.openSessions.length, 1, 'the shown session takes the next prompt');
    const said = shown.session?.state.entries.filter((entry) => entry.kind === 'agent').length;
    assert.equal(said, 2);
  });
});
