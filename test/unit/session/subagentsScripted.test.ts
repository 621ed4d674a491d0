// Subagent sessions against the scripted agent in a real child process, through the session registry (no VS Code).
// This client advertises no `subagents` here (the unit manager plugs in no chat view): an agent that sends child
// sessions anyway is handled the same way (leniently), and updates and requests for a child it never announced are
// ignored or answered `cancelled`, never left hanging.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Session } from '../../../src/session/session';
import type { AgentMessageEntry } from '../../../src/shared/transcript/model';
import type { SubagentEntry } from '../../../src/shared/transcript/subagentModel';
import type { SessionsApi } from '../../../src/testApi/sessionsApi';
import { scriptedDefinition, scriptedManager } from '../helpers/scriptedManager';

const scenarios = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'scenarios');

function agentText(session: Session): string {
  return session.state.entries
    .filter((entry): entry is AgentMessageEntry => entry.kind === 'agent')
    .map((entry) => entry.content.map((block) => (block.type === 'text' ? block.text : '')).join(''))
    .join('\n');
}

function child(session: Session, id: string): SubagentEntry | undefined {
  const entry = session.state.entries.find((item) => item.kind === 'subagent' && item.childSessionId === id);
  return entry?.kind === 'subagent' ? entry : undefined;
}

function until(session: Session, check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const subscription = session.onDidChange(() => {
      if (!check()) return;
      subscription.dispose();
      resolve();
    });
  });
}

describe('subagents with the scripted agent (capability not advertised)', function () {
  this.timeout(30_000);
  let dir: string;
  let manager: SessionsApi;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-subagents-'));
    ({ manager } = scriptedManager(dir));
    await manager.useAgent(scriptedDefinition('sub', path.join(scenarios, 'subagents.json')));
  });

  afterEach(async () => {
    await manager?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("builds the child's thread and answers its permission request", async () => {
    const session = await manager.newSession();
    const turn = manager.prompt('explore');
    await until(session, () => (child(session, 'explorer-1')?.waiting ?? 0) > 0);
    const entry = child(session, 'explorer-1');
    assert.ok(entry);
    assert.equal(entry.linkedToolCallId, 'task_1');
    assert.deepEqual(entry.extra, { model: 'haiku' });
    assert.deepEqual(entry.entries.map((item) => item.kind), ['session_message', 'thought', 'tool_call', 'tool_call']);
    const asking = entry.entries.find((item) => item.kind === 'tool_call' && item.permission);
    assert.ok(asking?.kind === 'tool_call' && asking.permission);
    assert.ok(session.choosePermission(asking.permission.requestKey, 'allow_once'));
    await turn;
    assert.match(agentText(session), /Subagents are not advertised\./);
    assert.match(agentText(session), /The subagent's permission: allow_once\./);
    const done = child(session, 'explorer-1');
    assert.equal(done?.state?.state, 'idle');
    assert.equal(done?.waiting, 0);
    assert.ok(!session.state.entries.some((item) => item.kind === 'tool_call' && item.toolCallId.startsWith('child_')), "the child's calls stay in its thread");
  });

  it('answers `cancelled` for a child never announced, and ignores its updates', async () => {
    const session = await manager.newSession();
    await manager.prompt('ghost');
    assert.match(agentText(session), /Ghost permission: cancelled\./);
    assert.doesNotMatch(agentText(session), /Boo/);
    assert.ok(!session.state.entries.some((item) => item.kind === 'subagent'));
  });
});
