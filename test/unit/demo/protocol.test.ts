// The scripted agent at the protocol level: unknown methods, bad input, bad scenario files, and the fault
// steps (raw bytes, exit, initialize errors) that later tests build on.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Params, TestClient } from './testClient';

describe('scripted agent: protocol and faults', function () {
  this.timeout(15000);
  let client: TestClient | undefined;
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scripted-proto-'));
  });

  afterEach(async () => {
    const failures = client?.failures ?? [];
    await client?.close();
    client = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
    if (failures.length > 0) throw failures[0];
  });

  /** Writes a scenario (object or raw text) to a temp file and starts the agent on it. */
  const withScenario = (scenario: object | string, env: NodeJS.ProcessEnv = {}): TestClient => {
    const file = path.join(dir, 'scenario.json');
    fs.writeFileSync(file, typeof scenario === 'string' ? scenario : JSON.stringify(scenario));
    return new TestClient(['--scenario', file, '--pace', '0'], env);
  };
  const errorOf = (message: { error?: unknown }): Params => message.error as Params;

  it('answers unknown requests with -32601 and ignores unknown notifications and $/cancel_request', async () => {
    client = TestClient.scenario('hello.json');
    const { sessionId } = await client.start({}, dir);
    client.notify('$/cancel_request', { requestId: 1 });
    client.notify('_vendor/whatever', { x: 1 });
    const unknown = await client.request('_vendor/strange', {});
    assert.equal(errorOf(unknown).code, -32601);
    const answer = await client.prompt(sessionId, 'still alive?');
    assert.equal((answer.result as Params).stopReason, 'end_turn');
  });

  it('answers a line that is not JSON with -32700 and goes on', async () => {
    client = TestClient.scenario('hello.json');
    client.writeLine('{this is not json');
    const parseError = await client.waitFor((message) => message.id === null && message.error !== undefined, 'a parse error');
    assert.equal(errorOf(parseError).code, -32700);
    const { sessionId } = await client.start({}, dir);
    assert.equal(typeof sessionId, 'string');
  });

  it('rejects a prompt for an unknown session and a relative cwd with -32602', async () => {
    client = TestClient.scenario('hello.json');
    await client.start({}, dir);
    assert.equal(errorOf(await client.prompt('no-such-session', 'hi')).code, -32602);
    assert.equal(errorOf(await client.request('session/new', { cwd: 'relative/dir', mcpServers: [] })).code, -32602);
  });

  it('exits with code 2 and a clear message for a scenario file with problems', async () => {
    client = withScenario({ name: 'broken', turns: [{ steps: [{ say: 1 }, { dance: true }, { stop: 'end_turn', say: 'x' }] }], extra: 1 });
    const { code } = await client.exited;
    assert.equal(code, 2);
    assert.match(client.stderr, /invalid scenario file .*scenario\.json/);
    assert.match(client.stderr, /scenario: unknown key "extra"/);
    assert.match(client.stderr, /scenario\.turns\[0\]\.steps\[0\]\.say: expected a string, got number 1/);
    assert.match(client.stderr, /scenario\.turns\[0\]\.steps\[1\]: a step needs exactly one of: .* \(it has: dance\)/);
    assert.match(client.stderr, /scenario\.turns\[0\]\.steps\[2\]: a step needs exactly one of: .* \(it has: stop, say\)/);
  });

  it('exits with code 2 for a file that is not JSON, a missing file, and a bad argument', async () => {
    client = withScenario('{ "name": ');
    assert.equal((await client.exited).code, 2);
    assert.match(client.stderr, /is not valid JSON/);
    client = new TestClient(['--scenario', path.join(dir, 'missing.json')]);
    assert.equal((await client.exited).code, 2);
    assert.match(client.stderr, /cannot read scenario file .*missing\.json/);
    client = new TestClient(['--frobnicate']);
    assert.equal((await client.exited).code, 2);
    assert.match(client.stderr, /unknown argument "--frobnicate"\nusage:/);
  });

  it('takes the scenario from ACP_SCENARIO', async () => {
    fs.writeFileSync(path.join(dir, 'env.json'), JSON.stringify({ name: 'from-env', turns: [{ steps: [{ say: 'env scenario' }] }] }));
    client = new TestClient(['--pace', '0'], { ACP_SCENARIO: path.join(dir, 'env.json') });
    const { sessionId, init } = await client.start({}, dir);
    assert.equal(((init.result as Params).agentInfo as Params).title, 'Scripted agent (from-env)');
    await client.prompt(sessionId, 'x');
    assert.equal(client.text(), 'env scenario');
  });

  it('can fail initialize, write garbage and exit, as scripted', async () => {
    client = withScenario({
      name: 'faults',
      onInitialize: [{ stderr: 'about to misbehave' }, { raw: '\u00ff\u0000garbage\n', encoding: 'utf8' }, { error: { code: -32000, message: 'no init today' } }],
      turns: [{ steps: [{ exit: 3 }] }],
    });
    const init = await client.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    assert.deepEqual(init.error, { code: -32000, message: 'no init today' });
    assert.ok(client.received.some((message) => message.unparsable !== undefined), 'garbage line arrived');
    assert.match(client.stderr, /about to misbehave/);
    const created = await client.request('session/new', { cwd: dir, mcpServers: [] });
    client.send({ id: 1, method: 'session/prompt', params: { sessionId: (created.result as Params).sessionId, prompt: [] } });
    assert.equal((await client.exited).code, 3);
  });

  it('request steps check the client answer; set_mode, set_config_option and session/load work', async () => {
    client = withScenario({
      name: 'extras',
      agentCapabilities: { loadSession: true },
      session: {
        modes: { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code' }] },
        configOptions: [{ id: 'model', name: 'Model', type: 'select', currentValue: 'a', options: [{ value: 'a', name: 'A' }, { value: 'b', name: 'B' }] }],
        afterNew: [{ update: { sessionUpdate: 'available_commands_update', availableCommands: [] } }],
        replay: [{ update: { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'old prompt' } } }],
      },
      turns: [
        { match: '^mismatch', steps: [{ request: { method: '_x/ping', params: { sessionId: '${sessionId}' } } }] },
        { steps: [{ request: { method: '_x/unknown' }, expectError: -32601 }, { say: 'ok' }] },
      ],
    });
    const { sessionId } = await client.start({}, dir);
    await client.waitFor((message) => JSON.stringify(message).includes('available_commands_update'), 'afterNew update');
    assert.equal((await client.prompt(sessionId, 'fine')).result !== undefined, true);
    assert.equal(client.text(), 'ok');
    const mismatch = await client.prompt(sessionId, 'mismatch');
    assert.match(String(errorOf(mismatch).message), /scenario expectation failed: _x\/ping answered error -32601/);
    assert.equal((client.agentRequests[1].params as Params).sessionId, sessionId);
    assert.deepEqual((await client.request('session/set_mode', { sessionId, modeId: 'code' })).result, {});
    await client.waitFor((message) => JSON.stringify(message).includes('"currentModeId":"code"'), 'current_mode_update');
    const set = await client.request('session/set_config_option', { sessionId, configId: 'model', value: 'b' });
    assert.equal(((set.result as Params).configOptions as Params[])[0].currentValue, 'b');
    const loaded = await client.request('session/load', { sessionId: 'old-1', cwd: dir, mcpServers: [] });
    assert.equal(((loaded.result as Params).modes as Params).currentModeId, 'ask');
    const replayIndex = client.received.findIndex((message) => JSON.stringify(message).includes('old prompt'));
    assert.ok(replayIndex !== -1 && replayIndex < client.received.indexOf(loaded), 'replay comes before the load answer');
  });

  it('exits 0 when the client closes stdin', async () => {
    client = TestClient.scenario('hello.json');
    await client.start({}, dir);
    await client.close();
    assert.equal((await client.exited).code, 0);
  });
});
