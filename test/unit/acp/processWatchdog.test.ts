// The process watchdog: a host stand-in (a node process) registers process groups with it, the test kills the
// stand-in hard and checks that the groups are gone; a released group is left alone; a clean dispose ends what is
// still registered.
import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import { ProcessWatchdog } from '../../../src/acp/processWatchdog';
import { skipOffPlatform } from '../../harness/skips';
import { firstLine, processGroupOf, processIsGone, waitUntil } from './harness';

const WATCHDOG_MODULE = require.resolve('../../../src/acp/processWatchdog');

/** A process that ignores SIGTERM and the end of stdin, with a grandchild in its group that does the same. */
const STUBBORN_WITH_GRANDCHILD = `
  const { spawn } = require('node:child_process');
  process.on('SIGTERM', () => {});
  const grandchild = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
  grandchild.on('spawn', () => process.stdout.write(grandchild.pid + '\\n'));
  setInterval(() => {}, 1000);
`;

/**
 * The host stand-in: starts two stubborn agents in groups of their own (the second after the watchdog runs, so it
 * would inherit the watchdog's pipe if that were not close-on-exec), registers both (the second released at once
 * when `release` is set), and prints `watchdogPid agentPid grandchildPid agentPid grandchildPid`.
 */
function hostScript(release: boolean): string {
  return `
    const { spawn } = require('node:child_process');
    const { ProcessWatchdog } = require(${JSON.stringify(WATCHDOG_MODULE)});
    const watchdog = new ProcessWatchdog({ graceSeconds: 1 });
    const agent = () => new Promise((resolve) => {
      const child = spawn(process.execPath, ['-e', ${JSON.stringify(STUBBORN_WITH_GRANDCHILD)}], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
      child.stdout.once('data', (data) => resolve([child.pid, Number(String(data).trim())]));
    });
    (async () => {
      const first = await agent();
      watchdog.watch(first[0]);
      const second = await agent();
      const watch = watchdog.watch(second[0]);
      if (${release}) watch.dispose();
      process.stdout.write([watchdog.pid, ...first, ...second].join(' ') + '\\n');
      setInterval(() => {}, 1000);
    })();
  `;
}

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

describe('ProcessWatchdog', function () {
  this.timeout(20_000);
  const strays: number[] = [];
  let host: ChildProcess | undefined;

  beforeEach(function () {
    skipOffPlatform(this, 'linux', 'reads process groups from /proc');
  });

  afterEach(() => {
    if (host?.pid) kill(host.pid, 'SIGKILL');
    host = undefined;
    for (const pid of strays.splice(0)) kill(-pid, 'SIGKILL');
  });

  async function startHost(release: boolean): Promise<number[]> {
    host = spawn(process.execPath, ['-e', hostScript(release)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pids = (await firstLine(host.stdout!)).split(' ').map(Number);
    assert.equal(pids.length, 5, `pids: ${pids.join(' ')}`);
    strays.push(pids[1]!, pids[3]!);
    for (const pid of pids) assert.equal(processIsGone(pid), false, `process ${pid} runs`);
    assert.equal(processGroupOf(pids[2]!), pids[1], 'the grandchild is in its agent group');
    return pids;
  }

  it('ends every registered group, grandchildren included, when its host is killed with SIGKILL', async () => {
    const [watchdog, ...agents] = await startHost(false);
    host!.kill('SIGKILL');
    for (const pid of agents) await waitUntil(() => processIsGone(pid), 10_000, `process ${pid} is gone`);
    await waitUntil(() => processIsGone(watchdog!), 5_000, 'the watchdog has exited');
  });

  it('leaves a released group alone', async () => {
    const [watchdog, firstAgent, firstGrandchild, secondAgent, secondGrandchild] = await startHost(true);
    host!.kill('SIGKILL');
    await waitUntil(() => processIsGone(watchdog!) && processIsGone(firstAgent!) && processIsGone(firstGrandchild!), 10_000, 'the watchdog ended the registered group');
    assert.equal(processIsGone(secondAgent!), false, 'the released agent still runs');
    assert.equal(processIsGone(secondGrandchild!), false, "the released agent's grandchild still runs");
  });

  it('dispose() (a clean shutdown) ends what is still registered, and the watchdog exits', async () => {
    const watchdog = new ProcessWatchdog({ graceSeconds: 1 });
    const agent = spawn(process.execPath, ['-e', STUBBORN_WITH_GRANDCHILD], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    const grandchild = Number(await firstLine(agent.stdout!));
    strays.push(agent.pid!);
    watchdog.watch(agent.pid!);
    const watchdogPid = watchdog.pid;
    assert.ok(watchdogPid, 'the watchdog started on first use');
    watchdog.dispose();
    await new Promise((resolve) => agent.once('exit', resolve));
    await waitUntil(() => processIsGone(grandchild) && processIsGone(watchdogPid), 10_000, 'the grandchild and the watchdog are gone');
  });

  it('a watchdog that died is started again with every registered group', async () => {
    const watchdog = new ProcessWatchdog({ graceSeconds: 1 });
    const agent = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
    strays.push(agent.pid!);
    await new Promise((resolve) => agent.once('spawn', resolve));
    watchdog.watch(agent.pid!);
    const first = watchdog.pid!;
    kill(first, 'SIGKILL');
    await waitUntil(() => watchdog.pid === undefined, 5_000, 'the host noticed that the watchdog died');
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
    strays.push(other.pid!);
    await new Promise((resolve) => other.once('spawn', resolve));
    watchdog.watch(other.pid!);
    assert.ok(watchdog.pid && watchdog.pid !== first, 'a new watchdog runs');
    watchdog.dispose();
    await Promise.all([new Promise((resolve) => agent.once('exit', resolve)), new Promise((resolve) => other.once('exit', resolve))]);
  });
});
