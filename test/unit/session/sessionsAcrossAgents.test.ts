// Several sessions at once, across agents: each agent runs once; sessions behind the shown one keep working; an
// agent nobody uses any more stops; closing shows another session. Real child processes: the scripted agent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentRuntime } from '../../../src/acp/agentRuntime';
import { clientCapabilitiesFor } from '../../../src/acp/clientCapabilities';
import type { AgentDefinition } from '../../../src/config/agentDefinitions';
import { NO_CLIENT_FEATURES } from '../../../src/acp/clientRequests';
import { createSessionsApi, SessionsApi } from '../../../src/testApi/sessionsApi';
import { QUIET, scriptedDefinition, scriptedManager } from '../helpers/scriptedManager';
import { placesIn } from '../../../src/session/sessionPlace';

function lastAgentText(manager: SessionsApi): string {
  const entries = manager.session?.state.entries ?? [];
  const last = [...entries].reverse().find((entry) => entry.kind === 'agent');
  return last?.kind === 'agent' ? last.content.map((block) => (block.type === 'text' ? block.text : '')).join('') : '';
}

describe('sessions: several sessions across agents', function () {
  this.timeout(30_000);
  let dir: string;
  let manager: SessionsApi;
  let starts: Map<string, number>;
  let one: AgentDefinition;
  let two: AgentDefinition;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-many-'));
    const write = (name: string, said: string): string => {
      const file = path.join(dir, `${name}.json`);
      fs.writeFileSync(file, JSON.stringify({ name, turns: [{ match: 'slow', steps: [{ say: 'slow start' }, { permission: { toolCall: { toolCallId: 'run', title: 'Run it' } }, onAllow: [{ say: 'allowed' }] }] }, { steps: [{ say: `${said} \${prompt}` }] }] }));
      return file;
    };
    one = scriptedDefinition('one', write('one', 'one says'));
    two = scriptedDefinition('two', write('two', 'two says'));
    ({ manager, starts } = scriptedManager(dir));
  });

  afterEach(async () => {
    await manager.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a session of one agent open and working while a session of another is shown', async () => {
    await manager.useAgent(one);
    const first = await manager.newSession();
    await manager.prompt('hello');
    assert.equal(lastAgentText(manager), 'one says hello');
    const firstKey = manager.currentKey;
    assert.ok(firstKey);

    await manager.useAgent(two);
    assert.equal(manager.session, undefined, 'a new agent starts with an empty chat');
    assert.equal(manager.agent?.id, 'two');
    const second = await manager.newSession();
    await manager.prompt('there');
    assert.equal(lastAgentText(manager), 'two says there');
    assert.equal(manager.openSessions.length, 2);

    // The first session waits for a permission behind the shown one.
    manager.show(firstKey);
    assert.equal(manager.session, first);
    assert.equal(manager.agent?.id, 'one', 'the header shows the shown session\'s agent');
    const turn = manager.prompt('slow');
    await new Promise<void>((resolve) => {
      const sub = first.onDidChange(() => {
        if (first.state.entries.some((entry) => entry.kind === 'tool_call' && entry.permission)) {
          sub.dispose();
          resolve();
        }
      });
    });
    const secondKey = manager.openSessions.find((open) => open.session === second)?.key;
    assert.ok(secondKey);
    manager.show(secondKey);
    const views = manager.sessionViews();
    assert.deepEqual(views.map((view) => [view.agentId, view.activity]), [['one', 'needsYou'], ['two', 'idle']]);
    assert.equal(views[1].title, 'there');
    await manager.prompt('again');
    assert.equal(lastAgentText(manager), 'two says again', 'the shown session works while the other waits');
    const request = first.state.entries.find((entry) => entry.kind === 'tool_call' && entry.permission);
    assert.ok(request?.kind === 'tool_call' && request.permission);
    first.choosePermission(request.permission.requestKey, request.permission.options[0].optionId);
    await turn;
    assert.match(first.state.entries.map((entry) => (entry.kind === 'agent' ? entry.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '')).join('|'), /allowed/);
    assert.equal(starts.get('one'), 1);
    assert.equal(starts.get('two'), 1);
  });

  it('closing the shown session shows another; an agent without sessions that is not selected stops', async () => {
    await manager.useAgent(one);
    await manager.newSession();
    const oneKey = manager.currentKey;
    await manager.useAgent(two);
    await manager.newSession();
    const twoKey = manager.currentKey;
    assert.ok(oneKey && twoKey);
    manager.show(oneKey);
    const oneRuntime = manager.openSessions.find((open) => open.key === oneKey)?.agent.runtime;
    assert.equal(oneRuntime?.state.state, 'ready');
    await manager.close(oneKey);
    assert.equal(manager.currentKey, twoKey, 'the other session is shown');
    assert.equal(oneRuntime?.state.state, 'stopped', 'agent one has no session and is not selected: it stops');
    assert.deepEqual(manager.openSessions.map((open) => open.key), [twoKey]);
    assert.throws(() => manager.show(oneKey), /not open/);
  });

  it('an agent gone from the settings stops and its sessions close; a crash ends them but they stay in the list', async () => {
    await manager.useAgent(one);
    await manager.newSession();
    await manager.useAgent(two);
    const session = await manager.newSession();
    await manager.syncAgents([two]);
    assert.deepEqual(manager.openSessions.map((open) => open.agent.definition.id), ['two']);
    const pid = manager.agentPid;
    assert.ok(pid);
    const lost = new Promise<void>((resolve) => session.onDidChange(() => session.ended && resolve()));
    process.kill(pid, 'SIGKILL');
    await lost;
    assert.deepEqual(manager.sessionViews().map((view) => view.activity), ['ended']);
    await manager.prompt('after the crash');
    assert.equal(manager.openSessions.length, 2, 'a prompt in an ended session opens a new one beside it');
    assert.equal(lastAgentText(manager), 'two says after the crash');
  });
});

describe('sessions: an unused session makes way', function () {
  this.timeout(30_000);
  it('a new session replaces the shown one when nothing was said in it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-unused-'));
    const file = path.join(dir, 's.json');
    fs.writeFileSync(file, JSON.stringify({ name: 's', turns: [{ steps: [{ say: 'ok' }] }] }));
    const { manager } = scriptedManager(dir);
    try {
      await manager.useAgent(scriptedDefinition('s', file));
      await manager.newSession();
      await manager.newSession();
      assert.equal(manager.openSessions.length, 1);
      await manager.prompt('hi');
      await manager.newSession();
      assert.equal(manager.openSessions.length, 2, 'a session with a conversation stays');
    } finally {
      await manager.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sessions: a missing agent command', function () {
  this.timeout(20_000);
  it('says which command is missing and how to get it, for the setting to be fixed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-missing-'));
    const manager = createSessionsApi({
      createRuntime: (agent) =>
        new AgentRuntime({
          launch: { command: agent.command, args: agent.args, cwd: dir },
          clientInfo: { name: 'unit-test', version: '0' },
          clientCapabilities: clientCapabilitiesFor(NO_CLIENT_FEATURES),
          log: QUIET,
          traffic: { enabled: false, record: () => undefined },
        }),
      placeFor: placesIn(() => [dir], () => dir),
      features: NO_CLIENT_FEATURES,
      log: () => undefined,
      installHint: (command) => (command === 'no-such-agent-cli' ? { install: 'Install it with npm.', installCommand: 'npm install -g no-such-agent-cli' } : undefined),
    });
    try {
      await manager.useAgent({ id: 'x', name: 'X', command: 'no-such-agent-cli', args: ['--acp'], env: {}, builtIn: false });
      await assert.rejects(manager.newSession(), /not found on PATH/);
      assert.equal(manager.agent?.status, 'failed');
      assert.deepEqual(manager.agent?.missingCommand, { command: 'no-such-agent-cli', install: 'Install it with npm.', installCommand: 'npm install -g no-such-agent-cli' });
    } finally {
      await manager.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
