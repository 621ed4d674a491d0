import * as assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from 'vscode-jsonrpc/node';
import { AgentExit, AgentLaunch, AgentProcess, AgentSpawnError } from '../../../src/acp/agentProcess';
import { NdjsonMessageWriter } from '../../../src/acp/ndjson';
import { skipOffPlatform } from '../../harness/skips';
import { firstLine, nextEvent, processGroupOf, processIsGone, readToEnd, waitUntil } from './harness';

/** Runs `node -e script` as the agent. */
function nodeAgent(script: string, env?: Record<string, string>): AgentLaunch {
  return { command: process.execPath, args: ['-e', script], env, cwd: tmpdir() };
}

/** A child that ignores SIGTERM and stdin EOF, and starts a grandchild that does the same; prints the grandchild's pid. */
const STUBBORN_WITH_GRANDCHILD = `
  const { spawn } = require('node:child_process');
  process.on('SIGTERM', () => {});
  const grandchild = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
  setInterval(() => {}, 1000);
  grandchild.on('spawn', () => process.stdout.write(grandchild.pid + '\\n'));
`;

describe('AgentProcess', function () {
  this.timeout(20_000);
  const started: AgentProcess[] = [];
  /** Grandchildren the tests start: killed after each test, so a failing test leaves nothing behind. */
  const strays: number[] = [];

  function agent(launch: AgentLaunch, options?: ConstructorParameters<typeof AgentProcess>[1]): AgentProcess {
    const created = new AgentProcess(launch, options);
    started.push(created);
    return created;
  }

  afterEach(async () => {
    await Promise.all(started.splice(0).map((created) => created.stop()));
    for (const pid of strays.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('spawns without a shell, with the launch env laid over the host env', async () => {
    const child = agent(
      nodeAgent(
        'process.stdout.write(JSON.stringify({ mine: process.env.ACP_TEST_VAR, path: process.env.PATH, argv: process.argv.slice(1) }))',
        { ACP_TEST_VAR: 'value with $HOME and spaces' },
      ),
    );
    await child.start();
    const output = JSON.parse(await readToEnd(child.stdout)) as { mine: string; path: string };
    assert.equal(output.mine, 'value with $HOME and spaces', 'no shell expansion');
    assert.equal(output.path, process.env.PATH);
    await nextEvent(child.onExit);
  });

  it('passes arguments as they are', async () => {
    const weird = ['a b', '$(echo no)', '"quoted"', '*'];
    const script = 'process.stdout.write(JSON.stringify(process.argv.slice(1)))';
    const child = agent({ command: process.execPath, args: ['-e', script, ...weird], cwd: tmpdir() });
    await child.start();
    assert.deepEqual(JSON.parse(await readToEnd(child.stdout)), weird);
  });

  it('splits stderr into lines (UTF-8 safe) and keeps a bounded tail', async () => {
    const lines: string[] = [];
    const script = `
      const euro = Buffer.from('€ü');
      process.stderr.write('one\\ntwo\\r\\n');
      process.stderr.write(Buffer.concat([Buffer.from('three '), euro.subarray(0, 1)]));
      setTimeout(() => { process.stderr.write(Buffer.concat([euro.subarray(1), Buffer.from('\\nfour\\nfive')])); }, 20);
    `;
    const child = agent(nodeAgent(script), { onStderrLine: (line) => lines.push(line), stderrTailLines: 3 });
    await child.start();
    const exit = await nextEvent(child.onExit);
    assert.deepEqual(exit, { code: 0, signal: null });
    assert.deepEqual(lines, ['one', 'two', 'three €ü', 'four', 'five']);
    assert.equal(child.stderrTail(), 'three €ü\nfour\nfive');
  });

  it('rejects with an AgentSpawnError that says how to fix a missing command', async () => {
    const child = agent({ command: 'acp-no-such-agent-command', args: [], cwd: tmpdir() });
    let fired = 0;
    child.onExit(() => fired++);
    await assert.rejects(child.start(), (error: unknown) => {
      assert.ok(error instanceof AgentSpawnError);
      assert.equal(error.code, 'ENOENT');
      assert.match(error.message, /'acp-no-such-agent-command' was not found on PATH/);
      assert.match(error.message, /acp\.agents/);
      return true;
    });
    assert.equal(child.pid, undefined);
    assert.deepEqual(await child.stop(), { code: null, signal: null });
    assert.equal(fired, 0);
  });

  it('names a missing working folder instead of blaming the command', async () => {
    const child = agent({ command: process.execPath, args: ['-e', ''], cwd: join(tmpdir(), 'acp-no-such-folder-x9') });
    await assert.rejects(child.start(), /working folder .*acp-no-such-folder-x9.* does not exist/);
  });

  it('throws when the streams are used before start', () => {
    const child = agent(nodeAgent(''));
    assert.throws(() => child.stdin, /not running/);
    assert.throws(() => child.stdout, /not running/);
  });

  it('stop() closes stdin, which lets a cooperative agent exit by itself', async () => {
    const child = agent(nodeAgent("process.stdin.resume(); process.stdin.on('end', () => process.exit(7));"), {
      stopGraceMs: 15_000,
    });
    await child.start();
    const exit = await child.stop();
    assert.deepEqual(exit, { code: 7, signal: null });
    assert.deepEqual(child.exited, exit);
  });

  it('leads its own process group', async function () {
    skipOffPlatform(this, 'linux', 'reads process groups from /proc');
    const child = agent(nodeAgent('setInterval(() => {}, 1000)'));
    await child.start();
    assert.equal(processGroupOf(child.pid!), child.pid);
  });

  it('stop() kills an agent that ignores stdin and SIGTERM, and its grandchild', async function () {
    skipOffPlatform(this, 'linux', 'reads process groups from /proc');
    const child = agent(nodeAgent(STUBBORN_WITH_GRANDCHILD), { stopGraceMs: 300 });
    await child.start();
    const grandchildPid = Number(await firstLine(child.stdout));
    strays.push(grandchildPid);
    assert.ok(grandchildPid > 0);
    assert.equal(processIsGone(grandchildPid), false);
    assert.equal(processIsGone(child.pid!), false);

    const exit = await child.stop();
    assert.deepEqual(exit, { code: null, signal: 'SIGKILL' });
    assert.equal(processIsGone(child.pid!), true);
    await waitUntil(() => processIsGone(grandchildPid), 5000, `grandchild ${grandchildPid} is gone`);
  });

  it('ends what is left of the process group when the agent exits by itself', async function () {
    skipOffPlatform(this, 'linux', 'reads process groups from /proc');
    // The grandchild ignores SIGTERM and holds the agent's stderr open.
    const script = `
      const { spawn } = require('node:child_process');
      const grandchild = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: ['ignore', 'ignore', 'inherit'] });
      grandchild.on('spawn', () => { process.stdout.write(grandchild.pid + '\\n', () => process.exit(3)); });
    `;
    const child = agent(nodeAgent(script), { stopGraceMs: 300 });
    const exited = new Promise<AgentExit>((resolve) => child.onExit(resolve));
    await child.start();
    const grandchildPid = Number(await firstLine(child.stdout));
    strays.push(grandchildPid);
    assert.deepEqual(await exited, { code: 3, signal: null }, 'reported although the grandchild holds stderr open');
    await waitUntil(() => processIsGone(grandchildPid), 5000, `grandchild ${grandchildPid} is gone`);
  });

  it('fires onExit exactly once, and stop() is idempotent', async () => {
    const child = agent(nodeAgent('setInterval(() => {}, 1000)'), { stopGraceMs: 200 });
    const exits: AgentExit[] = [];
    child.onExit((exit) => exits.push(exit));
    await child.start();
    const [first, second] = await Promise.all([child.stop(), child.stop()]);
    const third = await child.stop();
    assert.equal(first, second);
    assert.equal(first, third);
    assert.equal(exits.length, 1);
    assert.deepEqual(exits[0], first);
    assert.equal(first.signal, 'SIGTERM');
  });

  it('survives writes to a stdin the agent has closed (EPIPE)', async () => {
    // The agent closes its end of the pipe but lives on, so the host's stream is not yet destroyed when it writes.
    const child = agent(nodeAgent("require('node:fs').closeSync(0); process.stdout.write('closed\\n'); setInterval(() => {}, 1000);"), {
      stopGraceMs: 200,
    });
    await child.start();
    assert.equal(await firstLine(child.stdout), 'closed');
    // Raw writes first, with nobody else listening for 'error' on stdin: an unhandled 'error' would crash the run.
    const big = 'x'.repeat(1 << 20) + '\n';
    const writeErrors = await Promise.all(
      [big, big].map((data) => new Promise<Error | null | undefined>((resolve) => child.stdin.write(data, 'utf8', resolve))),
    );
    assert.ok(writeErrors.some((error) => error?.message.includes('EPIPE')), `the writes failed with EPIPE: ${writeErrors}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  });

  it('a write to the stdin of an agent that has exited rejects', async () => {
    const child = agent(nodeAgent('process.exit(0)'));
    await child.start();
    await nextEvent(child.onExit);
    const writer = new NdjsonMessageWriter(child.stdin);
    const failures: Error[] = [];
    writer.onError(([error]) => failures.push(error));
    const message: Message = { jsonrpc: '2.0' };
    await assert.rejects(writer.write(message));
    assert.equal(failures.length, 1);
  });

  it('onOutputClosed fires when the agent closes stdout and keeps running', async () => {
    const child = agent(nodeAgent("require('node:fs').closeSync(1); process.stdin.resume(); setInterval(() => {}, 1000);"), {
      stopGraceMs: 200,
      outputEndGraceMs: 50,
    });
    const closed = nextEvent(child.onOutputClosed);
    await child.start();
    child.stdout.resume();
    await closed;
    assert.equal(child.exited, undefined, 'it still runs');
  });

  it('onOutputClosed does not fire when the agent exits (its exit is the news)', async () => {
    const child = agent(nodeAgent("process.stdout.write('bye\\n', () => process.exit(4));"), { outputEndGraceMs: 1000 });
    let closed = 0;
    child.onOutputClosed(() => closed++);
    await child.start();
    child.stdout.resume();
    assert.deepEqual(await nextEvent(child.onExit), { code: 4, signal: null });
    assert.equal(closed, 0);
  });

  it('registers its process group with the guard, and releases it once the group is gone', async () => {
    const events: string[] = [];
    const guard = { watch: (pgid: number) => (events.push(`+${pgid}`), { dispose: () => events.push(`-${pgid}`) }) };
    const child = agent(nodeAgent('setInterval(() => {}, 1000)'), { stopGraceMs: 100, guard });
    await child.start();
    const pid = child.pid!;
    assert.deepEqual(events, [`+${pid}`]);
    await child.stop();
    await waitUntil(() => events.length === 2, 5000, 'the group is released');
    assert.deepEqual(events, [`+${pid}`, `-${pid}`]);
  });

  it('refuses to start after stop()', async () => {
    const child = agent(nodeAgent(''));
    assert.deepEqual(await child.stop(), { code: null, signal: null });
    await assert.rejects(child.start(), /was stopped/);
    assert.equal(child.pid, undefined);
  });

  it('rejects a second start()', async () => {
    const child = agent(nodeAgent(''));
    await child.start();
    await assert.rejects(child.start(), /only once/);
  });
});
