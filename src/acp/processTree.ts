// Killing a child process together with everything it started. Shared by the agent process and the terminals.
//
// POSIX: spawn the child with `detached: true` (see `LEADS_OWN_GROUP`), so it leads a new session and process group
// whose id is its pid. Everything it starts inherits that group unless it deliberately moves out (setsid, job
// control), and `process.kill(-pid, signal)` reaches all of them at once, even after the leader is gone and its
// children were re-parented. A process that left the group escapes; nothing short of cgroups catches those.
// Windows has no process groups: `taskkill /T /F` ends the tree below a live process.
import { ChildProcess, spawn } from 'node:child_process';

/** Pass as `detached` to `spawn`: on POSIX the child then leads its own process group (on Windows it would open a console). */
export const LEADS_OWN_GROUP = process.platform !== 'win32';

/** Sends `signal` to process group `pgid`; false when there is no such group (or it may not be signalled). */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** True while some process of the group `pgid` is alive (POSIX; always false on Windows). */
export function groupAlive(pgid: number): boolean {
  return process.platform !== 'win32' && signalGroup(pgid, 0);
}

/**
 * Signals the tree of `child`, a child spawned with `detached: LEADS_OWN_GROUP`. POSIX: its process group, which
 * works also after the child itself exited while others of its group live on. Windows: `taskkill /T /F` while the
 * child runs (a forced kill whatever the signal). Falls back to signalling the child alone.
 */
export function signalTree(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  const running = child.exitCode === null && child.signalCode === null;
  if (process.platform === 'win32') {
    if (!running) return;
    const killer = spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true, stdio: 'ignore' });
    killer.on('error', () => child.kill(signal));
    return;
  }
  if (!signalGroup(pid, signal) && running) child.kill(signal);
}

/**
 * Ends what is left of process group `pgid` (its leader has exited): SIGTERM now, SIGKILL after `graceMs` for
 * whatever still lives. The timer does not keep node running. POSIX only; a no-op on Windows. `ended` is called
 * once nothing of the group is left to signal (at once when nothing was, else after the SIGKILL).
 */
export function endGroup(pgid: number, graceMs: number, ended?: () => void): void {
  if (!groupAlive(pgid)) {
    ended?.();
    return;
  }
  signalGroup(pgid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (groupAlive(pgid)) signalGroup(pgid, 'SIGKILL');
    ended?.();
  }, graceMs);
  timer.unref();
}
