// The embedded Demo agent (no --scenario), against a client that offers fs + terminal and one that offers
// nothing (then the agent reads, writes and runs by itself), in a folder with a README and in an empty one.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Params, TestClient } from './testClient';

const fullCapabilities = { fs: { readTextFile: true, writeTextFile: true }, terminal: true };
const demoFile = 'acp-demo.md';

describe('scripted agent: the embedded Demo agent', function () {
  this.timeout(20000);
  let client: TestClient | undefined;
  let cwd: string;

  beforeEach(() => {
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-agent-'));
  });

  afterEach(async () => {
    const failures = client?.failures ?? [];
    await client?.close();
    client = undefined;
    fs.rmSync(cwd, { recursive: true, force: true });
    if (failures.length > 0) throw failures[0];
  });

  const demo = (): TestClient => new TestClient(['--pace', '0']);
  const allowWith = (optionId: string) => () => ({ outcome: { outcome: 'selected', optionId } });

  it('presents itself as the scripted Demo agent', async () => {
    client = demo();
    const { init } = await client.start({}, cwd);
    const result = init.result as Params;
    assert.deepEqual(result.agentInfo, { name: 'acp-demo-agent', title: 'Demo agent (scripted)', version: '0.1.0' });
    assert.deepEqual(result.agentCapabilities, { loadSession: false, promptCapabilities: { image: false, audio: false, embeddedContext: false } });
  });

  it('uses fs/* and terminal/* with absolute paths when the client offers them', async () => {
    fs.writeFileSync(path.join(cwd, 'README.md'), '# On disk\n');
    client = demo();
    const writes: Params[] = [];
    const terminalCalls: string[] = [];
    let sessionId = '';
    const sameSession = (params: Params): void => assert.equal(params.sessionId, sessionId);
    client
      .handle('fs/read_text_file', (params) => {
        sameSession(params);
        assert.equal(params.path, path.join(cwd, 'README.md'));
        return { content: '# Client buffer\nunsaved line\n' };
      })
      .handle('fs/write_text_file', (params) => {
        sameSession(params);
        assert.equal(params.path, path.join(cwd, demoFile));
        writes.push(params);
        return null;
      })
      .handle('session/request_permission', allowWith('allow_once'))
      .handle('terminal/create', (params) => {
        sameSession(params);
        terminalCalls.push('create');
        assert.equal(params.command, 'node');
        assert.deepEqual(params.args, ['--version']);
        assert.equal(params.cwd, cwd);
        assert.ok(path.isAbsolute(String(params.cwd)));
        return { terminalId: 'term-7' };
      })
      .handle('terminal/wait_for_exit', (params) => {
        sameSession(params);
        terminalCalls.push(`wait_for_exit ${params.terminalId}`);
        return { exitCode: 0, signal: null };
      })
      .handle('terminal/output', (params) => {
        terminalCalls.push(`output ${params.terminalId}`);
        return { output: 'v99.1.2\n', truncated: false, exitStatus: { exitCode: 0, signal: null } };
      })
      .handle('terminal/release', (params) => {
        terminalCalls.push(`release ${params.terminalId}`);
        return null;
      });
    ({ sessionId } = await client.start(fullCapabilities, cwd));
    const answer = await client.prompt(sessionId, 'show me');
    assert.equal((answer.result as Params).stopReason, 'end_turn');
    assert.deepEqual(terminalCalls, ['create', 'wait_for_exit term-7', 'output term-7', 'release term-7']);
    assert.equal(writes.length, 1);
    assert.match(String(writes[0].content), /^## Demo run, .+\n\nThe Demo agent added this section/);
    assert.equal(fs.existsSync(path.join(cwd, demoFile)), false, 'the client writes, not the agent');
    const updates = client.updates();
    assert.ok(updates.some((update) => JSON.stringify(update.content ?? '').includes('"terminalId":"term-7"')), 'terminal content shown');
    const diff = updates.flatMap((update) => (Array.isArray(update.content) ? (update.content as Params[]) : [])).find((item) => item.type === 'diff');
    assert.equal(diff?.path, path.join(cwd, demoFile));
    assert.equal(diff?.oldText, null);
    const text = client.text();
    assert.match(text, /scripted demo agent/);
    assert.match(text, /acp\.agents/);
    assert.match(text, /@agentclientprotocol\/claude-agent-acp/);
    assert.match(text, /> # Client buffer/, 'reports what the client returned, not the disk');
    assert.match(text, /gave `v99\.1\.2` \(exit code 0\)/);
    assert.ok(client.text('agent_thought_chunk').includes('"show me"'));
    const plans = updates.filter((update) => update.sessionUpdate === 'plan').map((update) => (update.entries as Params[]).map((entry) => entry.status).join(','));
    assert.equal(plans[0], 'pending,pending,pending');
    assert.equal(plans[plans.length - 1], 'completed,completed,completed');
    assert.ok(plans.length >= 4, 'the plan progresses');
  });

  it('reads, writes and runs by itself when the client offers nothing', async () => {
    fs.writeFileSync(path.join(cwd, 'README.md'), '# Disk readme\n\nsecond paragraph\n');
    fs.writeFileSync(path.join(cwd, demoFile), 'existing line');
    client = demo().handle('session/request_permission', allowWith('allow_once'));
    const { sessionId } = await client.start({}, cwd);
    const answer = await client.prompt(sessionId, 'hi');
    assert.equal((answer.result as Params).stopReason, 'end_turn');
    assert.deepEqual(client.agentRequests.map((request) => request.method), ['session/request_permission']);
    const written = fs.readFileSync(path.join(cwd, demoFile), 'utf8');
    assert.match(written, /^existing line\n\n## Demo run, /);
    const text = client.text();
    assert.match(text, /I read `README\.md`: 3 lines, starting with:\n\n> # Disk readme/);
    assert.match(text, new RegExp(`gave \`${process.version.replace(/\./g, '\\.')}\``));
    const run = client.updates().filter((update) => update.toolCallId === 'call_3').pop();
    assert.equal(run?.status, 'completed');
    assert.match(JSON.stringify(run?.content), /v\d+\.\d+\.\d+/);
  });

  it('in an empty folder creates acp-demo.md to read, and a rejected edit leaves it unchanged', async () => {
    client = demo().handle('session/request_permission', allowWith('reject_once'));
    const { sessionId } = await client.start({}, cwd);
    const answer = await client.prompt(sessionId, 'hi');
    assert.equal((answer.result as Params).stopReason, 'end_turn');
    const content = fs.readFileSync(path.join(cwd, demoFile), 'utf8');
    assert.match(content, /^# ACP demo\n/);
    assert.doesNotMatch(content, /Demo run/);
    const text = client.text();
    assert.match(text, /I read `acp-demo\.md`/);
    assert.match(text, /You rejected the edit/);
    assert.match(text, /\*\*Edit:\*\* nothing changed, you rejected the edit/);
  });

  it('remembers "allow always" for the next turn of the session', async () => {
    fs.writeFileSync(path.join(cwd, 'notes.txt'), 'some notes\n');
    client = demo().handle('session/request_permission', allowWith('allow_always'));
    const { sessionId } = await client.start({}, cwd);
    await client.prompt(sessionId, 'one');
    await client.prompt(sessionId, 'two');
    const asks = client.agentRequests.filter((request) => request.method === 'session/request_permission');
    assert.equal(asks.length, 1);
    assert.equal(fs.readFileSync(path.join(cwd, demoFile), 'utf8').match(/## Demo run/g)?.length, 2);
    assert.match(client.text(), /I read `notes\.txt`/, 'with no README it reads another small text file');
  });

  it('a cancel during the permission request ends the turn cancelled without writing', async () => {
    client = demo();
    let sessionId = '';
    client.handle('session/request_permission', () => {
      client?.notify('session/cancel', { sessionId });
      return { outcome: { outcome: 'cancelled' } };
    });
    ({ sessionId } = await client.start({}, cwd));
    const answer = await client.prompt(sessionId, 'hi');
    assert.equal((answer.result as Params).stopReason, 'cancelled');
    assert.doesNotMatch(fs.readFileSync(path.join(cwd, demoFile), 'utf8'), /Demo run/);
    assert.doesNotMatch(client.text(), /Summary/);
  });
});
