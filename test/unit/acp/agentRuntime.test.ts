// The agent runtime against real child processes: the scripted agent (out/src/demo/main.js) playing small
// scenarios written by each test, and commands that do not exist.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentLog, AgentRuntime, AgentStateChange } from '../../../src/acp/agentRuntime';
import { clientCapabilitiesFor } from '../../../src/acp/clientCapabilities';
import { NO_CLIENT_FEATURES } from '../../../src/acp/clientRequests';
import { RestartBudget } from '../../../src/acp/restartBudget';
import type { TrafficObserver } from '../../../src/acp/trafficTap';

const agentEntry = path.resolve(__dirname, '..', '..', '..', 'src', 'demo', 'main.js');

interface Recorder extends AgentLog {
  lines: string[];
}

function recorder(): Recorder {
  const lines: string[] = [];
  const push = (prefix: string) => (message: string) => lines.push(`${prefix} ${message}`);
  return { lines, error: push('error'), warn: push('warn'), info: push('info'), log: push('log'), stderr: push('stderr') };
}

const silentTraffic: TrafficObserver = { enabled: false, record: () => undefined };

function scenarioFile(scenario: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-runtime-'));
  const file = path.join(dir, 'scenario.json');
  fs.writeFileSync(file, JSON.stringify(scenario));
  return file;
}

function runtimeFor(scenario: object, extra: { budget?: RestartBudget; log?: Recorder; command?: string } = {}): AgentRuntime {
  return new AgentRuntime({
    launch: {
      command: extra.command ?? process.execPath,
      args: [agentEntry, '--scenario', scenarioFile(scenario), '--pace', '0'],
      cwd: os.tmpdir(),
    },
    clientInfo: { name: 'unit-test', version: '0' },
    clientCapabilities: clientCapabilitiesFor(NO_CLIENT_FEATURES),
    log: extra.log ?? recorder(),
    traffic: silentTraffic,
    restartBudget: extra.budget,
  });
}

function nextState(runtime: AgentRuntime, state: AgentStateChange['state']): Promise<AgentStateChange> {
  return new Promise((resolve) => {
    const subscription = runtime.onDidChangeState((change) => {
      if (change.state === state) {
        subscription.dispose();
        resolve(change);
      }
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const hello = { name: 'hello', turns: [{ steps: [{ say: 'hi' }] }] };

describe('agent runtime', function () {
  this.timeout(20_000);
  const runtimes: AgentRuntime[] = [];
  const track = (runtime: AgentRuntime): AgentRuntime => (runtimes.push(runtime), runtime);
  afterEach(async () => {
    await Promise.all(runtimes.splice(0).map((r) => r.dispose()));
  });

  it('starts, initializes and reaches ready, passing through starting', async () => {
    const runtime = track(runtimeFor(hello));
    const states: string[] = [];
    runtime.onDidChangeState((change) => states.push(change.state));
    const result = await runtime.start();
    assert.equal(result.protocolVersion, 1);
    assert.deepEqual(states, ['starting', 'ready']);
    assert.equal(runtime.state.state, 'ready');
  });

  it('runs a session turn over the real process', async () => {
    const runtime = track(runtimeFor(hello));
    await runtime.start();
    const { sessionId } = await runtime.connection.newSession({ cwd: os.tmpdir(), mcpServers: [] });
    const updates: unknown[] = [];
    runtime.registerSession(sessionId, { sessionUpdate: (p) => updates.push(p), handleRequest: () => Promise.reject(new Error('unexpected')) });
    const response = await runtime.connection.prompt({ sessionId, prompt: [{ type: 'text', text: 'x' }] });
    assert.equal(response.stopReason, 'end_turn');
    assert.ok(updates.length > 0, 'session/update notifications reached the session');
  });

  it('fails with the exit code and the stderr tail when the agent dies mid-session', async () => {
    const dying = { name: 'dying', turns: [{ steps: [{ stderr: 'fatal: out of cheese' }, { exit: 3 }] }] };
    const runtime = track(runtimeFor(dying));
    await runtime.start();
    const { sessionId } = await runtime.connection.newSession({ cwd: os.tmpdir(), mcpServers: [] });
    const failed = nextState(runtime, 'failed');
    const prompt = runtime.connection.prompt({ sessionId, prompt: [{ type: 'text', text: 'x' }] });
    const change = await failed;
    assert.match(change.message ?? '', /exited with code 3/);
    assert.doesNotMatch(change.message ?? '', /out of cheese/, 'the sentence first; the stderr tail in the details');
    assert.match(change.details ?? '', /Last lines of its output \(stderr\):\n[^]*fatal: out of cheese/);
    await assert.rejects(prompt, 'the pending prompt does not hang');
    assert.throws(() => runtime.connection, /not ready/);
  });

  it('dispatches every message the agent wrote before it exited before reporting the exit', async () => {
    // Chunks written as fast as the pipe takes them, then the exit: many are still queued in the connection when
    // the exit is known, and all must reach the session before the failure does.
    const chunks = 2000;
    const lastWords = { name: 'last-words', turns: [{ steps: [{ flood: { chunks, chars: 1 } }, { exit: 1 }] }] };
    const runtime = track(runtimeFor(lastWords));
    await runtime.start();
    const { sessionId } = await runtime.connection.newSession({ cwd: os.tmpdir(), mcpServers: [] });
    const received: string[] = [];
    let receivedAtFailure: number | undefined;
    runtime.registerSession(sessionId, {
      sessionUpdate: (params) => received.push((params as { update: { content: { text: string } } }).update.content.text),
      handleRequest: () => Promise.reject(new Error('unexpected')),
    });
    runtime.onDidChangeState((change) => {
      if (change.state === 'failed') receivedAtFailure ??= received.length;
    });
    const failed = nextState(runtime, 'failed');
    const prompt = runtime.connection.prompt({ sessionId, prompt: [{ type: 'text', text: 'x' }] });
    assert.match((await failed).message ?? '', /exited with code 1/);
    await assert.rejects(prompt, 'the pending prompt does not hang');
    assert.equal(receivedAtFailure, chunks, 'every chunk reached the session before the failure');
    assert.match(received.at(-1) ?? '', /#1999$/, 'the last chunk the agent wrote');
  });

  it('fails with a clear message when the command does not exist', async () => {
    const runtime = track(runtimeFor(hello, { command: 'acp-agent-that-does-not-exist' }));
    await assert.rejects(runtime.start());
    assert.equal(runtime.state.state, 'failed');
    assert.match(runtime.state.message ?? '', /acp-agent-that-does-not-exist/);
  });

  it('fails when the agent negotiates another protocol version, naming both versions', async () => {
    const runtime = track(runtimeFor({ ...hello, protocolVersion: 2 }));
    await assert.rejects(runtime.start());
    assert.equal(runtime.state.state, 'failed');
    assert.match(runtime.state.message ?? '', /protocol version 2/);
    assert.match(runtime.state.message ?? '', /only version 1/);
  });

  it('skips garbage on stdout and keeps the connection', async () => {
    const log = recorder();
    const noisy = { name: 'noisy', onInitialize: [{ raw: 'this is not json\n' }], turns: hello.turns };
    const runtime = track(runtimeFor(noisy, { log }));
    await runtime.start();
    assert.equal(runtime.state.state, 'ready');
    assert.ok(log.lines.some((l) => l.startsWith('warn Skipped a line') && l.includes('this is not json')), log.lines.join('\n'));
  });

  it('stop ends the process and reports stopped', async () => {
    const runtime = track(runtimeFor(hello));
    await runtime.start();
    const pid = runtime.pid;
    assert.ok(pid !== undefined && isAlive(pid));
    await runtime.stop();
    assert.equal(runtime.state.state, 'stopped');
    assert.equal(isAlive(pid), false);
  });

  it('restarts within the budget and refuses past it, saying why', async () => {
    let now = 0;
    const budget = new RestartBudget({ maxRestarts: 1, windowMs: 1000, now: () => now });
    const runtime = track(runtimeFor(hello, { budget }));
    await runtime.start();
    await runtime.restart();
    assert.equal(runtime.state.state, 'ready');
    await assert.rejects(runtime.restart(), /restarted too often/);
    assert.equal(runtime.state.state, 'failed');
    now = 2000;
    await runtime.restart();
    assert.equal(runtime.state.state, 'ready', 'the budget refills after the window');
  });
});
