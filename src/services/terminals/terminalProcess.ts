// One command of a terminal: a child process in its own process group, stdout and stderr into one TerminalOutput,
// an exit status once it is over, and a kill that takes the whole tree down. No `vscode` here.
//
// Exit: the status is published when the child has exited and its pipes are drained, or EXIT_FLUSH_MS after the
// exit when something it left behind still holds them (a background job); output that still comes is kept.
// A command that cannot be started (ENOENT, EACCES, ...) ends at once with exit code 127/126/1 and a line of output
// saying why, like a shell would.
import { ChildProcess, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { Emitter, Event } from 'vscode-jsonrpc/node';
import { LEADS_OWN_GROUP, signalGroup, signalTree } from '../../acp/processTree';
import { GroupGuard, GroupWatch, NO_GUARD } from '../../acp/processWatchdog';
import type { TerminalLaunch } from './launch';
import { TerminalOutput } from './terminalOutput';

export interface ExitStatus {
  exitCode: number | null;
  signal: string | null;
}

/** After the exit, how long to wait for the pipes to close before publishing the exit status. */
const EXIT_FLUSH_MS = 200;
/** How long a killed command has between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 1000;
/** After SIGKILL, how long before the status is published even without an exit event (a process stuck in the kernel). */
const KILL_GIVE_UP_MS = 2000;

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function spawnFailure(launch: TerminalLaunch, error: NodeJS.ErrnoException): { line: string; exitCode: number } {
  if ((error.code === 'ENOENT' || error.code === 'ENOTDIR') && !isDirectory(launch.cwd)) {
    return { line: `The working directory ${launch.cwd} does not exist.`, exitCode: 1 };
  }
  switch (error.code) {
    case 'ENOENT':
      return { line: `${launch.file}: command not found`, exitCode: 127 };
    case 'EACCES':
      return { line: `${launch.file}: permission denied (not an executable file)`, exitCode: 126 };
    default:
      return { line: `${launch.file}: could not be started: ${error.message}`, exitCode: 1 };
  }
}

export class TerminalProcess {
  readonly output: TerminalOutput;
  private readonly dataEmitter = new Emitter<void>();
  private readonly exitEmitter = new Emitter<ExitStatus>();
  /** Output arrived (read it from `output`). Fires often during a flood: listeners should only mark and schedule. */
  readonly onData: Event<void> = this.dataEmitter.event;
  /** Fires once, with the exit status. */
  readonly onExit: Event<ExitStatus> = this.exitEmitter.event;

  private readonly child: ChildProcess | undefined;
  private status: ExitStatus | undefined;
  private rawExit: ExitStatus | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly exited: Promise<ExitStatus>;
  private resolveExited!: (status: ExitStatus) => void;
  private killing: Promise<ExitStatus> | undefined;
  /** The watchdog's hold on the command's group, so it ends with the host; let go once the group was killed. */
  private groupWatch: GroupWatch | undefined;

  constructor(
    readonly launch: TerminalLaunch,
    outputByteLimit: number,
    retainBytes: number,
    guard: GroupGuard = NO_GUARD,
  ) {
    this.output = new TerminalOutput(outputByteLimit, retainBytes);
    this.exited = new Promise<ExitStatus>((resolve) => (this.resolveExited = resolve));
    let child: ChildProcess;
    try {
      child = spawn(launch.file, launch.args, {
        cwd: launch.cwd,
        env: launch.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        detached: LEADS_OWN_GROUP,
        windowsHide: true,
        windowsVerbatimArguments: launch.windowsVerbatimArguments,
      });
    } catch (error) {
      // Invalid spawn arguments throw synchronously; report like any other failure, after listeners are attached.
      const errno = error instanceof Error ? (error as NodeJS.ErrnoException) : new Error(String(error));
      queueMicrotask(() => this.failedToStart(errno));
      return;
    }
    this.child = child;
    if (child.pid !== undefined) this.groupWatch = guard.watch(child.pid);
    const onChunk = (chunk: Buffer): void => {
      this.output.write(chunk);
      this.dataEmitter.fire();
    };
    child.stdout?.on('data', onChunk);
    child.stderr?.on('data', onChunk);
    child.stdout?.on('error', ignore);
    child.stderr?.on('error', ignore);
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined && !this.status) this.failedToStart(error);
    });
    child.once('exit', (exitCode, signal) => this.childExited({ exitCode, signal }));
    child.once('close', () => {
      this.output.finish();
      this.publish();
    });
  }

  /** The process id while it runs (undefined when it could not be started). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get exitStatus(): ExitStatus | undefined {
    return this.status;
  }

  get running(): boolean {
    return this.status === undefined;
  }

  /** Resolves once, for every caller, with the exit status. */
  waitForExit(): Promise<ExitStatus> {
    return this.exited;
  }

  /**
   * Kills the command and what it started (its process group): SIGTERM, SIGKILL after KILL_GRACE_MS. Resolves with
   * the exit status once it has exited. Also ends leftovers of a command that already exited.
   */
  kill(): Promise<ExitStatus> {
    this.killing ??= this.killNow().finally(() => (this.killing = undefined));
    return this.killing;
  }

  private async killNow(): Promise<ExitStatus> {
    const child = this.child;
    if (!child || child.pid === undefined) return this.exited;
    const pid = child.pid;
    // The group may outlive its leader (background jobs): SIGTERM it now, SIGKILL whatever is left after the grace.
    // No liveness check decides this: zombies of re-parented children keep a group "alive" where init does not reap.
    signalTree(child, 'SIGTERM');
    const watch = this.groupWatch;
    this.groupWatch = undefined;
    setTimeout(() => {
      if (LEADS_OWN_GROUP) signalGroup(pid, 'SIGKILL');
      watch?.dispose();
    }, KILL_GRACE_MS).unref();
    if (this.rawExit || (await settlesWithin(this.exited, KILL_GRACE_MS))) return this.exited;
    signalTree(child, 'SIGKILL');
    if (!(await settlesWithin(this.exited, KILL_GIVE_UP_MS))) {
      this.childExited({ exitCode: null, signal: 'SIGKILL' });
      this.publish();
    }
    return this.exited;
  }

  private failedToStart(error: NodeJS.ErrnoException): void {
    if (this.status) return;
    const { line, exitCode } = spawnFailure(this.launch, error);
    this.output.write(Buffer.from(`${line}\n`));
    this.dataEmitter.fire();
    this.rawExit = { exitCode, signal: null };
    this.publish();
  }

  private childExited(status: ExitStatus): void {
    if (this.rawExit) return;
    this.rawExit = status;
    this.flushTimer = setTimeout(() => this.publish(), EXIT_FLUSH_MS);
  }

  private publish(): void {
    const status = this.rawExit;
    if (!status || this.status) return;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.status = status;
    if (!this.child) this.output.finish();
    this.resolveExited(status);
    this.exitEmitter.fire(status);
  }
}

/** True when `promise` settles within `ms`; the timer never outlives the wait. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(done, done);
  });
}

function ignore(): void {
  // Pipe errors of a dead command: its exit says what matters.
}
