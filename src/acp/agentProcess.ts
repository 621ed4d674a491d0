// One agent child process: spawned without a shell, stderr split into lines with a bounded tail, and a stop that
// takes the whole process tree down.
//
// Process tree (see processTree.ts): on POSIX the agent leads its own process group, so everything it starts
// (npx → node → MCP servers, tool shells) is reached by one signal to the group, even after the agent itself is
// gone; on Windows `taskkill /T /F` ends the tree. Without a controlling terminal the detached agent loses nothing
// (the extension host has none). If the host dies, the agent sees EOF on stdin, and the group is registered with
// the host's watchdog (processWatchdog.ts), which ends it even when the agent ignores that EOF.
//
// End of stdout while the agent runs is the end of the connection: `onOutputClosed` fires (unless the agent exits
// within `outputEndGraceMs`, when its exit is the news), and the owner stops it.
//
// Stop: close stdin (ACP's way to say goodbye), wait `stopGraceMs` for the agent to exit, then SIGTERM the group,
// wait up to another second, then SIGKILL the group. Whenever the agent exits, whatever is left of its group gets
// SIGTERM, and SIGKILL `stopGraceMs` later.
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { Emitter, Event } from 'vscode-jsonrpc/node';
import { LEADS_OWN_GROUP, endGroup, signalTree } from './processTree';
import { GroupGuard, GroupWatch, NO_GUARD } from './processWatchdog';

export interface AgentLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd: string;
}

export interface AgentExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AgentProcessOptions {
  /** Each stderr line (UTF-8, without its line break). Must not throw (what it throws is ignored). */
  onStderrLine?: (line: string) => void;
  /** How many stderr lines `stderrTail()` keeps; default 50. */
  stderrTailLines?: number;
  /** How long `stop()` waits for the agent to exit after closing stdin; default 2000 ms. */
  stopGraceMs?: number;
  /** Ends the agent's process group if the host dies first (default: none). */
  guard?: GroupGuard;
  /** After stdout ends, how long to wait for the agent's exit before `onOutputClosed` fires; default 1000 ms. */
  outputEndGraceMs?: number;
}

/** The agent could not be started; `message` says what to fix. */
export class AgentSpawnError extends Error {
  constructor(
    message: string,
    /** The system error code: ENOENT, EACCES, ... */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AgentSpawnError';
  }
}

/** A stderr line longer than this (in characters) is cut into pieces, so a flood without line breaks stays bounded. */
const MAX_STDERR_LINE_CHARS = 64 * 1024;
/** Longest wait between SIGTERM and SIGKILL in `stop()`. */
const TERM_GRACE_MS = 1000;
/**
 * After the agent exits, how much longer than the group's grace period to wait for its pipes to close before
 * reporting the exit. Until then the output still in the pipes is read (so the stderr tail shown is the real end);
 * leftovers of the group, which hold the pipes, are killed within the grace period; only a process that left the
 * group can hold them longer.
 */
const EXIT_FLUSH_EXTRA_MS = 1000;

const NO_EXIT: AgentExit = Object.freeze({ code: null, signal: null });

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function describeSpawnFailure(launch: AgentLaunch, error: NodeJS.ErrnoException): string {
  const command = `command '${launch.command}'`;
  const fix = 'check the acp.agents setting';
  switch (error.code) {
    case 'ENOENT':
    case 'ENOTDIR':
      if (!isDirectory(launch.cwd)) return `The agent's working folder '${launch.cwd}' does not exist or is not a folder.`;
      if (/[\\/]/.test(launch.command)) return `The ${command} does not exist; ${fix}.`;
      return `The ${command} was not found on PATH; ${fix} (or give the command's full path).`;
    case 'EACCES':
      if (existsSync(launch.command) && isDirectory(launch.command)) return `The ${command} is a folder, not a program; ${fix}.`;
      return `The ${command} could not be run (permission denied): is it an executable file? ${fix}.`;
    default:
      return `The ${command} could not be started: ${error.message}; ${fix}.`;
  }
}

function asErrno(error: unknown): NodeJS.ErrnoException {
  return error instanceof Error ? error : new Error(String(error));
}

export class AgentProcess {
  private readonly exitEmitter = new Emitter<AgentExit>();
  /** Fires once, when the agent has exited and its pipes are drained (or after the grace period when they stay open). */
  readonly onExit: Event<AgentExit> = this.exitEmitter.event;
  private readonly outputClosedEmitter = new Emitter<void>();
  /** Fires once when the agent's stdout ended while it keeps running (it did not exit within `outputEndGraceMs`). */
  readonly onOutputClosed: Event<void> = this.outputClosedEmitter.event;

  private child: ChildProcessWithoutNullStreams | undefined;
  private starting: Promise<void> | undefined;
  private spawned = false;
  private rawExit: AgentExit | undefined;
  private published: AgentExit | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private stopping: Promise<AgentExit> | undefined;
  private readonly exitWaiters: Array<(exit: AgentExit) => void> = [];
  private groupWatch: GroupWatch | undefined;
  private outputEnded = false;
  private outputTimer: NodeJS.Timeout | undefined;

  private readonly tail: string[] = [];
  private partialLine = '';
  private readonly tailLines: number;
  private readonly stopGraceMs: number;

  constructor(
    private readonly launch: AgentLaunch,
    private readonly options: AgentProcessOptions = {},
  ) {
    this.tailLines = Math.max(0, options.stderrTailLines ?? 50);
    this.stopGraceMs = Math.max(0, options.stopGraceMs ?? 2000);
  }

  /** Spawns the agent; resolves once it runs, rejects with an AgentSpawnError. Call once. */
  start(): Promise<void> {
    if (this.starting) return Promise.reject(new Error('AgentProcess.start() may be called only once.'));
    if (this.stopping) return Promise.reject(new Error('This AgentProcess was stopped; make a new one.'));
    this.starting = new Promise<void>((resolve, reject) => {
      const { launch } = this;
      let child: ChildProcessWithoutNullStreams;
      try {
        child = spawn(launch.command, launch.args, {
          cwd: launch.cwd,
          env: { ...process.env, ...launch.env },
          stdio: ['pipe', 'pipe', 'pipe'],
          shell: false,
          detached: LEADS_OWN_GROUP,
          windowsHide: true,
        });
      } catch (error) {
        // Invalid arguments (e.g. a NUL byte) throw synchronously.
        const errno = asErrno(error);
        reject(new AgentSpawnError(describeSpawnFailure(launch, errno), errno.code, { cause: error }));
        return;
      }
      this.child = child;
      // A dead agent's pipes fail (EPIPE on stdin): the reader and writer report what matters; never crash the host.
      child.stdin.on('error', ignore);
      child.stdout.on('error', ignore);
      child.stderr.on('error', ignore);
      this.readStderr(child);
      child.stdout.once('end', () => this.stdoutEnded());
      child.stdout.once('close', () => this.stdoutEnded());
      child.on('error', (error: Error) => {
        if (this.spawned) return; // e.g. a failed kill(): nothing to do.
        const errno = asErrno(error);
        reject(new AgentSpawnError(describeSpawnFailure(launch, errno), errno.code, { cause: error }));
      });
      child.once('spawn', () => {
        this.spawned = true;
        if (child.pid !== undefined) this.groupWatch = (this.options.guard ?? NO_GUARD).watch(child.pid);
        resolve();
      });
      child.once('exit', (code: number | null, signal: NodeJS.Signals | null) => this.childExited({ code, signal }));
      child.once('close', () => this.publishExit());
    });
    return this.starting;
  }

  get stdout(): NodeJS.ReadableStream {
    return this.running().stdout;
  }

  get stdin(): NodeJS.WritableStream {
    return this.running().stdin;
  }

  get pid(): number | undefined {
    return this.spawned ? this.child?.pid : undefined;
  }

  /** How the agent exited, once `onExit` has fired. */
  get exited(): AgentExit | undefined {
    return this.published;
  }

  /** The last stderr lines (at most `stderrTailLines`), joined with `\n`; an unfinished last line included. */
  stderrTail(): string {
    if (this.tailLines === 0) return '';
    const lines = this.partialLine ? [...this.tail, this.partialLine].slice(-this.tailLines) : this.tail;
    return lines.join('\n');
  }

  /** Closes stdin, waits, then kills the process tree. Resolves once the agent has exited. Idempotent. */
  stop(): Promise<AgentExit> {
    this.stopping ??= this.stopNow();
    return this.stopping;
  }

  private running(): ChildProcessWithoutNullStreams {
    if (!this.child || !this.spawned) throw new Error('The agent process is not running (start() it first).');
    return this.child;
  }

  private async stopNow(): Promise<AgentExit> {
    if (this.starting) await this.starting.catch(ignore);
    const child = this.child;
    if (!child || !this.spawned) return NO_EXIT;
    if (this.published) return this.published;
    const exited = new Promise<AgentExit>((resolve) => this.exitWaiters.push(resolve));
    if (!child.stdin.destroyed) child.stdin.end();
    if (await settlesWithin(exited, this.stopGraceMs)) return exited;
    this.signalTree('SIGTERM');
    if (await settlesWithin(exited, Math.min(TERM_GRACE_MS, this.stopGraceMs))) return exited;
    this.signalTree('SIGKILL');
    return exited;
  }

  private childExited(exit: AgentExit): void {
    this.rawExit = exit;
    if (this.outputTimer) clearTimeout(this.outputTimer);
    this.reapLeftovers();
    this.flushTimer = setTimeout(() => this.publishExit(), this.stopGraceMs + EXIT_FLUSH_EXTRA_MS);
  }

  private publishExit(): void {
    const exit = this.rawExit;
    if (!exit || this.published) return;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.published = exit;
    this.exitEmitter.fire(exit);
    for (const resolve of this.exitWaiters.splice(0)) resolve(exit);
  }

  /** The agent is gone; end what is left of its process group (POSIX), politely first; then the watchdog may forget it. */
  private reapLeftovers(): void {
    const pid = this.child?.pid;
    const watch = this.groupWatch;
    this.groupWatch = undefined;
    if (pid !== undefined) endGroup(pid, this.stopGraceMs, () => watch?.dispose());
  }

  /** Stdout ended: the connection is over. Reported unless the agent exits within the grace period (then the exit is). */
  private stdoutEnded(): void {
    if (this.outputEnded) return;
    this.outputEnded = true;
    if (this.rawExit) return;
    this.outputTimer = setTimeout(() => {
      if (!this.rawExit) this.outputClosedEmitter.fire();
    }, Math.max(0, this.options.outputEndGraceMs ?? 1000));
  }

  private signalTree(signal: NodeJS.Signals): void {
    const child = this.child;
    if (!child || this.rawExit) return;
    signalTree(child, signal);
  }

  private readStderr(child: ChildProcessWithoutNullStreams): void {
    const decoder = new StringDecoder('utf8');
    child.stderr.on('data', (chunk: Buffer) => this.stderrText(decoder.write(chunk)));
    child.stderr.on('end', () => {
      this.stderrText(decoder.end());
      if (this.partialLine) {
        const last = this.partialLine;
        this.partialLine = '';
        this.stderrLine(last);
      }
    });
  }

  private stderrText(text: string): void {
    if (!text) return;
    let pending = this.partialLine + text;
    let start = 0;
    // The kept partial line has no line break: search only the new text.
    for (let newline = pending.indexOf('\n', this.partialLine.length); newline !== -1; newline = pending.indexOf('\n', start)) {
      const end = newline > start && pending.charCodeAt(newline - 1) === 0x0d ? newline - 1 : newline;
      this.stderrLine(pending.slice(start, end));
      start = newline + 1;
    }
    pending = pending.slice(start);
    while (pending.length > MAX_STDERR_LINE_CHARS) {
      this.stderrLine(pending.slice(0, MAX_STDERR_LINE_CHARS));
      pending = pending.slice(MAX_STDERR_LINE_CHARS);
    }
    this.partialLine = pending;
  }

  private stderrLine(line: string): void {
    if (this.tailLines > 0) {
      this.tail.push(line);
      if (this.tail.length > this.tailLines) this.tail.shift();
    }
    try {
      this.options.onStderrLine?.(line);
    } catch {
      // A log sink must not break the agent's plumbing.
    }
  }
}

/** True when `promise` settles within `ms`; the timer never outlives the wait. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}

function ignore(): void {
  // Deliberately empty; see the call sites.
}
