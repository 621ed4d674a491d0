import * as assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { INVALID_PARAMS, REQUEST_CANCELLED, RESOURCE_NOT_FOUND } from '../../../../src/acp/errors';
import { TerminalService } from '../../../../src/services/terminals/terminalService';
import { processIsGone, waitUntil } from '../../acp/harness';
import { Caller, endSession, errorCode, scopeFor } from './helpers';
import { key } from './helpers';

const node = process.execPath;

/** A node child that ignores SIGTERM and starts a grandchild that does the same; prints the grandchild's pid. */
const STUBBORN_TREE = `
  const { spawn } = require('node:child_process');
  process.on('SIGTERM', () => {});
  const grandchild = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
  grandchild.on('spawn', () => process.stdout.write('grandchild=' + grandchild.pid + '\\n'));
  setInterval(() => {}, 1000);
`;

describe('TerminalService with real processes', function () {
  this.timeout(20_000);
  let service: TerminalService;
  let caller: Caller;
  let dir: string;
  const strays: number[] = [];

  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'acp-terminals-')));
    service = new TerminalService();
    caller = new Caller(service, scopeFor('session-a', dir));
  });

  afterEach(async () => {
    await endSession(service, key('session-a'));
    await endSession(service, key('session-b'));
    service.dispose();
    for (const pid of strays.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers terminal/create at once with an id, before the command ends', async () => {
    const id = await caller.create({ command: node, args: ['-e', 'setTimeout(() => {}, 60000)'] });
    assert.equal(id, 'term-1');
    const output = await caller.output(id);
    assert.equal(output.exitStatus, undefined, 'no exit status while running');
    assert.equal(await caller.create({ command: 'true' }), 'term-2');
  });

  it('passes args as they are, without a shell (spaces, ";", "$", "*" stay literal)', async () => {
    const args = ['a b; echo injected', '$HOME', '*', '"q"', '|', ''];
    const id = await caller.create({ command: node, args: ['-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))', ...args] });
    assert.deepEqual(await caller.wait(id), { exitCode: 0, signal: null });
    assert.deepEqual(JSON.parse((await caller.output(id)).output), args);
  });

  it('runs a command line through the shell: pipes, expansions, exit codes', async () => {
    const id = await caller.create({ command: "printf 'x\\ny\\nz\\n' | wc -l; echo \"home=$HOME\"; exit 4" });
    assert.deepEqual(await caller.wait(id), { exitCode: 4, signal: null });
    const { output, truncated, exitStatus } = await caller.output(id);
    assert.match(output, /^\s*3\nhome=\//);
    assert.equal(truncated, false);
    assert.deepEqual(exitStatus, { exitCode: 4, signal: null });
  });

  it('runs in the session cwd by default, or in the given absolute cwd; a relative cwd is -32602', async () => {
    const here = await caller.create({ command: 'pwd' });
    await caller.wait(here);
    assert.equal((await caller.output(here)).output.trim(), dir);
    const there = await caller.create({ command: 'pwd', cwd: '/' });
    await caller.wait(there);
    assert.equal((await caller.output(there)).output.trim(), '/');
    assert.equal(await errorCode(caller.create({ command: 'pwd', cwd: 'relative/dir' })), INVALID_PARAMS);
  });

  it('lays env over the host environment', async () => {
    const id = await caller.create({
      command: node,
      args: ['-e', 'process.stdout.write(JSON.stringify([process.env.ACP_T_VAR, process.env.PATH === process.argv[1]]))', process.env.PATH ?? ''],
      env: [{ name: 'ACP_T_VAR', value: 'with $dollar and spaces' }],
    });
    await caller.wait(id);
    assert.deepEqual(JSON.parse((await caller.output(id)).output), ['with $dollar and spaces', true]);
  });

  it('merges stdout and stderr and keeps the newest outputByteLimit bytes, truncated reported', async () => {
    const id = await caller.create({
      command: node,
      args: ['-e', "process.stdout.write('a'.repeat(5000)); process.stderr.write('END')"],
      outputByteLimit: 100,
    });
    await caller.wait(id);
    const { output, truncated } = await caller.output(id);
    assert.equal(output.length, 100);
    assert.ok(output.endsWith('aEND'));
    assert.equal(truncated, true);
  });

  it('reports a command that cannot start as an exit status and an output line', async () => {
    const id = await caller.create({ command: 'acp-no-such-command-xyz', args: ['--flag'] });
    assert.deepEqual(await caller.wait(id), { exitCode: 127, signal: null });
    assert.match((await caller.output(id)).output, /acp-no-such-command-xyz: command not found/);
    const missingCwd = await caller.create({ command: node, args: ['-v'], cwd: join(dir, 'missing') });
    assert.deepEqual(await caller.wait(missingCwd), { exitCode: 1, signal: null });
    assert.match((await caller.output(missingCwd)).output, /working directory .* does not exist/);
  });

  it('resolves every wait_for_exit with the same exit status, before and after the exit', async () => {
    const id = await caller.create({ command: node, args: ['-e', "process.stdin; setTimeout(() => process.exit(3), 50)"] });
    const [first, second] = await Promise.all([caller.wait(id), caller.wait(id)]);
    assert.deepEqual(first, { exitCode: 3, signal: null });
    assert.deepEqual(second, first);
    assert.deepEqual(await caller.wait(id), first);
  });

  it('kill ends the process tree (a grandchild is gone) and keeps the id valid', async () => {
    const id = await caller.create({ command: "sh -c 'sleep 300 & echo grandchild=$!; wait'; echo unreachable" });
    const pid = Number((await caller.outputMatching(id, /grandchild=(\d+)/))[1]);
    strays.push(pid);
    assert.equal(processIsGone(pid), false);
    await caller.call('terminal/kill', { terminalId: id });
    await waitUntil(() => processIsGone(pid), 5000, `grandchild ${pid} is gone`);
    const after = await caller.output(id);
    assert.match(after.output, /grandchild=/);
    assert.doesNotMatch(after.output, /unreachable/);
    assert.deepEqual(after.exitStatus, { exitCode: null, signal: 'SIGTERM' });
    assert.deepEqual(await caller.wait(id), { exitCode: null, signal: 'SIGTERM' });
  });

  it('kill escalates to SIGKILL for a tree that ignores SIGTERM', async () => {
    const id = await caller.create({ command: node, args: ['-e', STUBBORN_TREE] });
    const pid = Number((await caller.outputMatching(id, /grandchild=(\d+)/))[1]);
    strays.push(pid);
    await caller.call('terminal/kill', { terminalId: id });
    assert.deepEqual((await caller.output(id)).exitStatus, { exitCode: null, signal: 'SIGKILL' });
    await waitUntil(() => processIsGone(pid), 5000, `grandchild ${pid} is gone`);
  });

  it('release while waiting: the wait settles with the exit status after the kill, the id becomes invalid', async () => {
    const id = await caller.create({ command: 'echo started; sleep 300' });
    await caller.outputMatching(id, /started/);
    const waiting = caller.wait(id);
    assert.deepEqual(await caller.call('terminal/release', { terminalId: id }), {});
    assert.deepEqual(await waiting, { exitCode: null, signal: 'SIGTERM' });
    assert.equal(await errorCode(caller.output(id)), RESOURCE_NOT_FOUND);
    assert.equal(await errorCode(caller.wait(id)), RESOURCE_NOT_FOUND);
    assert.equal(await errorCode(caller.call('terminal/kill', { terminalId: id })), RESOURCE_NOT_FOUND);
    assert.deepEqual(await caller.call('terminal/release', { terminalId: id }), {}, 'a second release succeeds');
  });

  it('release of a finished command ends what it left in the background', async () => {
    const id = await caller.create({ command: 'sleep 300 >/dev/null & echo bg=$!' });
    assert.deepEqual(await caller.wait(id), { exitCode: 0, signal: null });
    const pid = Number((await caller.output(id)).output.match(/bg=(\d+)/)?.[1]);
    strays.push(pid);
    assert.equal(processIsGone(pid), false, 'the background job outlives the command');
    await caller.call('terminal/release', { terminalId: id });
    await waitUntil(() => processIsGone(pid), 5000, `background job ${pid} is gone`);
  });

  it('answers -32002 for unknown ids and for terminals of another session', async () => {
    assert.equal(await errorCode(caller.output('term-99')), RESOURCE_NOT_FOUND);
    assert.equal(await errorCode(caller.call('terminal/release', { terminalId: 'term-99' })), RESOURCE_NOT_FOUND);
    const id = await caller.create({ command: 'sleep 300' });
    const other = new Caller(service, scopeFor('session-b', dir));
    assert.equal(await errorCode(other.output(id)), RESOURCE_NOT_FOUND);
    assert.equal(await errorCode(caller.call('terminal/output', {})), INVALID_PARAMS);
  });

  it('a cancelled wait_for_exit answers -32800 and leaves the command running', async () => {
    const id = await caller.create({ command: 'sleep 300' });
    const source = new CancellationTokenSource();
    const waiting = caller.wait(id, source.token);
    source.cancel();
    assert.equal(await errorCode(waiting), REQUEST_CANCELLED);
    assert.equal((await caller.output(id)).exitStatus, undefined);
  });

  it('ending the session (its part disposed) releases every terminal of the session and leaves no process; other sessions keep theirs', async () => {
    const first = await caller.create({ command: "sh -c 'sleep 300 & echo child=$!; wait'" });
    const second = await caller.create({ command: node, args: ['-e', STUBBORN_TREE] });
    const other = new Caller(service, scopeFor('session-b', dir));
    const kept = await other.create({ command: 'sleep 300' });
    const pids = [
      Number((await caller.outputMatching(first, /child=(\d+)/))[1]),
      Number((await caller.outputMatching(second, /grandchild=(\d+)/))[1]),
    ];
    strays.push(...pids);
    const waiting = caller.wait(first);
    await endSession(service, key('session-a'));
    assert.deepEqual(await waiting, { exitCode: null, signal: 'SIGTERM' });
    for (const pid of pids) await waitUntil(() => processIsGone(pid), 5000, `process ${pid} is gone`);
    assert.equal(await errorCode(caller.output(first)), RESOURCE_NOT_FOUND);
    assert.equal(await errorCode(caller.create({ command: 'true' })), RESOURCE_NOT_FOUND, 'no new terminals in an ended session');
    assert.equal((await other.output(kept)).exitStatus, undefined, 'the other session\'s command still runs');
  });

  it('a session\'s part holds its live terminals until released, and nothing once disposed (twice: one release)', async () => {
    const part = caller.part;
    const first = await caller.create({ command: 'sleep 300' });
    await caller.create({ command: 'sleep 300' });
    assert.equal(part.held(), 2);
    await caller.call('terminal/release', { terminalId: first });
    assert.equal(part.held(), 1, 'a released terminal whose command has stopped is not held');
    const ending = [part.dispose(), part.dispose()];
    assert.equal(ending[0], ending[1], 'a second dispose waits for the same release');
    await Promise.all(ending);
    assert.equal(part.held(), 0);
    assert.equal(service.book.ofSession(key('session-a')).filter((record) => record.process.running).length, 0, 'no command of it runs');
  });

  it('keeps a released terminal\'s output for live views (the chat card)', async () => {
    const id = await caller.create({ command: 'echo visible after release' });
    await caller.wait(id);
    await caller.call('terminal/release', { terminalId: id });
    const record = service.book.get(key('session-a'), id);
    assert.ok(record?.released);
    assert.equal(record.process.output.readFrom(0, 1000).text, 'visible after release\n');
  });

  it('registers each command\'s process group with the guard (the watchdog), and stopAll() ends them all', async () => {
    const events: string[] = [];
    const guarded = new TerminalService({ guard: { watch: (pgid) => (events.push(`+${pgid}`), { dispose: () => events.push(`-${pgid}`) }) } });
    const guardedCaller = new Caller(guarded, scopeFor('session-g', dir));
    await guardedCaller.create({ command: node, args: ['-e', STUBBORN_TREE] });
    await guardedCaller.create({ command: 'sleep 300' });
    assert.equal(events.length, 2, `two groups registered: ${events.join(' ')}`);
    const pids = events.map((event) => Number(event.slice(1)));
    strays.push(...pids);
    for (const pid of pids) assert.equal(processIsGone(pid), false, `command ${pid} runs`);
    await guarded.stopAll();
    for (const pid of pids) assert.equal(processIsGone(pid), true, `command ${pid} is gone`);
    await waitUntil(() => events.length === 4, 5000, 'both groups released after the kill');
    assert.deepEqual(events.slice(2).sort(), pids.map((pid) => `-${pid}`).sort());
    guarded.dispose();
  });
});
