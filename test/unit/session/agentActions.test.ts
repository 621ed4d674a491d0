// Agent actions name the agent they act on: logging out only where the agent offers it, and a restart that closes
// the agent's sessions except the one kept (ended, its turn cancelled, still open for a session to take over).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SessionsApi } from '../../../src/testApi/sessionsApi';
import { scriptedDefinition, scriptedManager } from '../helpers/scriptedManager';

const scenarios = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'scenarios');

describe('session: agent actions', function () {
  this.timeout(30_000);
  let dir: string;
  let manager: SessionsApi;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-actions-'));
  });

  afterEach(async () => {
    await manager?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to log out of an agent that does not offer it, and leaves its sessions open', async () => {
    ({ manager } = scriptedManager(dir));
    await manager.useAgent(scriptedDefinition('full', path.join(scenarios, 'sessions-full.json'), { ACP_DEMO_STORE: path.join(dir, 'store.json') }));
    await manager.newSession();
    const { actions, pool } = manager.parts;
    const agent = pool.selected!;
    assert.equal(actions.offersLogout(agent), false);
    await assert.rejects(actions.logout(agent), /does not offer logging out/);
    assert.equal(manager.openSessions.length, 1);
  });

  it('restart closes the agent\'s sessions but the one kept, which ends and stays open', async () => {
    ({ manager } = scriptedManager(dir));
    await manager.useAgent(scriptedDefinition('full', path.join(scenarios, 'sessions-full.json'), { ACP_DEMO_STORE: path.join(dir, 'store.json') }));
    const first = await manager.newSession();
    await manager.prompt('keep me busy');
    const kept = manager.openSessions.find((open) => open.session === first)!;
    await manager.newSession();
    await manager.prompt('a second one');
    assert.equal(manager.openSessions.length, 2);
    const { actions, pool } = manager.parts;
    await actions.restart(pool.selected!, kept);
    assert.deepEqual(manager.openSessions.map((open) => open.session), [first], 'only the kept session is open');
    assert.equal(first.ended, true);
    await manager.newSession();
    assert.equal(manager.openSessions.length, 2, 'the restarted agent takes a new session');
  });
});
