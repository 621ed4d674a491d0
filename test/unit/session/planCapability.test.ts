// A client that does not advertise plan operations, notices or compaction (none of them drawn), with the scripted
// agent playing test/fixtures/scenarios/plans.json as conforming agents do (real child process): the agent sends the
// legacy plan and no notices or compaction, and the session shows the legacy plan as before. The advertised side is
// in test/integration/plans.test.ts (the real extension host, which draws them all).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SessionsApi } from '../../../src/testApi/sessionsApi';
import { scriptedDefinition, scriptedManager } from '../helpers/scriptedManager';

const scenario = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'scenarios', 'plans.json');

function agentSaid(manager: SessionsApi): string {
  return (manager.session?.state.entries ?? [])
    .map((entry) => (entry.kind === 'agent' ? entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('') : ''))
    .filter(Boolean)
    .join('\n');
}

describe('plan operations, notices and compaction not advertised', function () {
  this.timeout(30_000);
  let dir: string;
  let manager: SessionsApi;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-plans-'));
    ({ manager } = scriptedManager(dir));
    await manager.useAgent(scriptedDefinition('plans', scenario));
    await manager.newSession();
  });

  after(async () => {
    await manager.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gets the legacy plan, shown as before, and no identified plans', async () => {
    await manager.prompt('make plans');
    const header = manager.session?.state.header;
    assert.match(agentSaid(manager), /Sent a legacy plan\./);
    assert.deepEqual(header?.plan.map((item) => [item.content, item.status]), [
      ['Read the module', 'completed'],
      ['Split the parser from the printer', 'in_progress'],
    ]);
    assert.equal(header?.plans, undefined);
  });

  it('gets no notices and no compaction', async () => {
    await manager.prompt('advisories');
    assert.match(agentSaid(manager), /No notices for this client\.No compaction for this client\./);
    const entries = manager.session?.state.entries ?? [];
    assert.ok(!entries.some((entry) => entry.kind === 'compaction' || (entry.kind === 'notice' && entry.source === 'agent')));
  });
});
