// A watchdog that ends the process groups the extension started (agents, terminal commands) when the extension
// host goes away without stopping them: killed hard (SIGKILL, a crash, the OOM killer) or exiting before
// `deactivate()` finished. Those groups lead their own sessions (see processTree.ts), so nothing else ends them,
// and agents that ignore the end of stdin would otherwise run on, re-parented to init.
//
// One small `/bin/sh` per extension host, started on first use, in a session of its own (so whatever kills the
// host's group does not reach it). The host writes `+<pgid>` and `-<pgid>` lines to its stdin, a pipe only the
// host holds (node opens pipes close-on-exec, so no agent inherits it). When the pipe ends, the host is gone (or
// it disposed the watchdog): the watchdog sends SIGTERM to every group still registered, waits the grace period,
// sends SIGKILL to them, and exits. A shell instead of a second node: about 1 MB instead of about 40 MB, and no
// dependence on the host's executable being runnable as plain node.
//
// The agents themselves are spawned as before (their pid, pipes, exit code and signals are untouched); the
// watchdog only knows their group ids. POSIX only: on Windows `watch` does nothing (no process groups there).
import { ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { LEADS_OWN_GROUP } from './processTree';

/** A registration; dispose it once the group is gone (its leader exited and the leftovers were reaped). */
export interface GroupWatch {
  dispose(): void;
}

/** What process owners (agent processes, terminal commands) register their process groups with. */
export interface GroupGuard {
  watch(pgid: number): GroupWatch;
}

export const NO_GUARD: GroupGuard = { watch: () => NO_WATCH };
const NO_WATCH: GroupWatch = { dispose: () => undefined };

/**
 * The watchdog's script, for `sh -c SCRIPT NAME GRACE_SECONDS`. Only shell builtins while it waits; `sleep` once,
 * at the end. Lines that are not `+digits` or `-digits` are ignored.
 */
export const WATCHDOG_SCRIPT = `trap '' HUP INT
groups=' '
while IFS= read -r line; do
  id=\${line#?}
  case $id in ''|*[!0-9]*) continue ;; esac
  case $line in
    +*) groups="$groups$id " ;;
    -*) kept=' '; for g in $groups; do [ "$g" = "$id" ] || kept="$kept$g "; done; groups=$kept ;;
  esac
done
[ -z "\${groups# }" ] && exit 0
for g in $groups; do kill -s TERM -- "-$g" 2>/dev/null; done
sleep "$1"
for g in $groups; do kill -s KILL -- "-$g" 2>/dev/null; done
exit 0
`;

export interface ProcessWatchdogOptions {
  /** Seconds between SIGTERM and SIGKILL once the host is gone; default 2. */
  graceSeconds?: number;
  /** The shell; default `/bin/sh`. */
  shell?: string;
}

export class ProcessWatchdog implements GroupGuard {
  /** Registered groups, with how many registrations each has. */
  private readonly groups = new Map<number, number>();
  private child: ChildProcess | undefined;
  private disposed = false;

  constructor(private readonly options: ProcessWatchdogOptions = {}) {}

  /** The watchdog's process id, once it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  watch(pgid: number): GroupWatch {
    if (!LEADS_OWN_GROUP || this.disposed || !Number.isInteger(pgid) || pgid <= 1) return NO_WATCH;
    this.groups.set(pgid, (this.groups.get(pgid) ?? 0) + 1);
    this.send(`+${pgid}`);
    let released = false;
    return {
      dispose: () => {
        if (released) return;
        released = true;
        const count = this.groups.get(pgid) ?? 0;
        if (count > 1) {
          this.groups.set(pgid, count - 1);
          return;
        }
        this.groups.delete(pgid);
        this.send(`-${pgid}`);
      },
    };
  }

  /** Closes the pipe: the watchdog ends the groups still registered (none after a clean shutdown) and exits. */
  dispose(): void {
    this.disposed = true;
    this.child?.stdin?.end();
    this.child = undefined;
  }

  private send(line: string): void {
    if (this.disposed) return;
    const child = this.child;
    if (child?.stdin?.writable) {
      child.stdin.write(`${line}\n`);
      return;
    }
    // Not running yet (or it died): start one and tell it every group registered now.
    const started = this.start();
    if (!started) return;
    const lines = [...this.groups.keys()].map((pgid) => `+${pgid}\n`).join('');
    if (lines) started.stdin?.write(lines);
  }

  private start(): ChildProcess | undefined {
    let child: ChildProcess;
    try {
      child = spawn(this.options.shell ?? '/bin/sh', ['-c', WATCHDOG_SCRIPT, 'acp-process-watchdog', String(this.options.graceSeconds ?? 2)], {
        stdio: ['pipe', 'ignore', 'ignore'],
        detached: true,
        windowsHide: true,
      });
    } catch {
      return undefined;
    }
    this.child = child;
    const forget = (): void => {
      if (this.child === child) this.child = undefined;
    };
    child.on('error', forget);
    child.on('exit', forget);
    child.stdin?.on('error', forget);
    // Neither the process nor its pipe keeps the host's event loop alive.
    child.unref();
    (child.stdin as Socket | null)?.unref?.();
    return child;
  }
}
