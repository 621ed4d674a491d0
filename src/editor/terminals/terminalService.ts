// The terminal/* client services: create (answers at once), output, wait_for_exit, kill, release, per session.
// No `vscode` here: the VS Code terminal that mirrors each command follows the terminal book's changes.
//
// Ids are `term-<n>`, numbered per session; a request names a terminal of its own session only.
// Release kills the command (and what it left behind), settles pending waits with the exit status, and invalidates
// the id (-32002 afterwards); a second release answers success. A session's end releases all its terminals.
// A session holds at most `maxPerSession` live (not released) terminals: past it, terminal/create fails with an
// error that says so (shown in the chat too). A terminal/create the agent cancelled before it was answered starts
// nothing (or is released at once) and answers -32800, so no command runs that the agent does not know about.
import type { CancellationToken } from 'vscode-jsonrpc/node';
import { INTERNAL_ERROR, requestCancelledError, resourceNotFoundError } from '../../acp/errors';
import type { GroupGuard } from '../../acp/processWatchdog';
import { withCancellation } from '../../acp/cancellation';
import { ClientRequestHandler, ClientServiceMethod, ClientServices, NoticedError, SessionScope } from '../../acp/clientRequests';
import { HostEnvironment, terminalLaunch } from './launch';
import { TerminalBook, TerminalRecord } from './terminalBook';
import { parseCreateTerminal, parseTerminalRef } from './terminalParams';
import { ExitStatus, TerminalProcess } from './terminalProcess';
import type { SessionKey } from '../../shared/sessionKey';

export interface TerminalLimits {
  /** Output kept for the agent when terminal/create names no `outputByteLimit`. */
  defaultOutputByteLimit: number;
  /** The most output kept for the agent whatever it asks (memory stays bounded). */
  maxOutputByteLimit: number;
  /** How much of the newest output live views (chat card, VS Code terminal) can read back. */
  displayBytes: number;
}

export const DEFAULT_TERMINAL_LIMITS: TerminalLimits = {
  defaultOutputByteLimit: 1024 * 1024,
  maxOutputByteLimit: 64 * 1024 * 1024,
  displayBytes: 64 * 1024,
};

/** Live (not released) terminals one session may hold unless the setting says otherwise. */
export const DEFAULT_MAX_TERMINALS_PER_SESSION = 16;

export interface TerminalServiceOptions {
  host?: HostEnvironment;
  limits?: Partial<TerminalLimits>;
  /** Asked at each terminal/create (a setting may change); default DEFAULT_MAX_TERMINALS_PER_SESSION. */
  maxPerSession?: () => number;
  /** Ends the commands' process groups should the host die first (the host's watchdog). */
  guard?: GroupGuard;
}

export interface TerminalOutputResponse {
  output: string;
  truncated: boolean;
  exitStatus?: ExitStatus;
}

export class TerminalService implements ClientServices {
  readonly handlers: Partial<Record<ClientServiceMethod, ClientRequestHandler>>;
  readonly book: TerminalBook;
  private readonly limits: TerminalLimits;
  private readonly host: HostEnvironment;
  private readonly counters = new Map<string, number>();
  private readonly endedSessions = new Set<string>();
  private readonly maxPerSession: () => number;
  private readonly guard: GroupGuard | undefined;

  constructor(options: TerminalServiceOptions = {}) {
    this.guard = options.guard;
    this.limits = { ...DEFAULT_TERMINAL_LIMITS, ...options.limits };
    this.maxPerSession = options.maxPerSession ?? (() => DEFAULT_MAX_TERMINALS_PER_SESSION);
    this.host = options.host ?? { platform: process.platform, env: process.env };
    this.book = new TerminalBook(this.limits.displayBytes);
    this.handlers = {
      'terminal/create': (params, scope, token) => this.create(params, scope, token),
      'terminal/output': (params, scope) => this.output(params, scope),
      'terminal/wait_for_exit': (params, scope, token) => this.waitForExit(params, scope, token),
      'terminal/kill': (params, scope) => this.kill(params, scope),
      'terminal/release': (params, scope) => this.release(params, scope),
    };
  }

  async sessionEnded(sessionKey: SessionKey): Promise<void> {
    this.endedSessions.add(sessionKey);
    const live = this.book.ofSession(sessionKey).filter((record) => !record.released);
    await Promise.all(live.map((record) => this.releaseRecord(record)));
    this.counters.delete(sessionKey);
    this.book.sessionEnded(sessionKey);
  }

  /** The session's terminals not released yet, or whose command still runs. */
  heldBy(sessionKey: SessionKey): number {
    return this.book.ofSession(sessionKey).filter((record) => !record.released || record.process.running).length;
  }

  /** The extension is going away: every command still running (and its group) gets SIGTERM, then SIGKILL. */
  dispose(): void {
    void this.stopAll();
    this.book.dispose();
  }

  /** Kills every command still running (and its group); resolves once they have exited. */
  async stopAll(): Promise<void> {
    const running = this.book.all().filter((record) => !record.released || record.process.running);
    await Promise.all(running.map((record) => record.process.kill().catch(() => undefined)));
  }

  private async create(params: unknown, scope: SessionScope, token: CancellationToken): Promise<{ terminalId: string }> {
    const request = parseCreateTerminal(params);
    if (this.endedSessions.has(scope.sessionKey)) throw resourceNotFoundError(`Session ${scope.sessionId} has ended`);
    if (token.isCancellationRequested) throw requestCancelledError('terminal/create was cancelled: the command was not started');
    const max = this.maxPerSession();
    const live = this.book.ofSession(scope.sessionKey).filter((record) => !record.released).length;
    if (live >= max) throw terminalLimitError(max, request.command);
    const launch = terminalLaunch(request, scope.cwd, this.host);
    const limit = Math.min(request.outputByteLimit ?? this.limits.defaultOutputByteLimit, this.limits.maxOutputByteLimit);
    const number = (this.counters.get(scope.sessionKey) ?? 0) + 1;
    this.counters.set(scope.sessionKey, number);
    const terminalId = `term-${number}`;
    const process = new TerminalProcess(launch, limit, this.limits.displayBytes, this.guard);
    const record = this.book.add(scope.sessionKey, terminalId, launch.label, process);
    if (token.isCancellationRequested) {
      await this.releaseRecord(record);
      throw requestCancelledError('terminal/create was cancelled: the command was stopped');
    }
    return { terminalId };
  }

  private async output(params: unknown, scope: SessionScope): Promise<TerminalOutputResponse> {
    const { process } = this.live('terminal/output', params, scope);
    const { output, truncated } = process.output.forAgent();
    const exitStatus = process.exitStatus;
    return exitStatus ? { output, truncated, exitStatus } : { output, truncated };
  }

  private async waitForExit(params: unknown, scope: SessionScope, token: CancellationToken): Promise<ExitStatus> {
    const { process } = this.live('terminal/wait_for_exit', params, scope);
    return withCancellation(token, process.waitForExit().then((status) => ({ ...status })));
  }

  private async kill(params: unknown, scope: SessionScope): Promise<Record<string, never>> {
    const { process } = this.live('terminal/kill', params, scope);
    await process.kill();
    return {};
  }

  private async release(params: unknown, scope: SessionScope): Promise<Record<string, never>> {
    const ref = parseTerminalRef('terminal/release', params);
    const record = this.book.get(scope.sessionKey, ref.terminalId);
    if (!record) throw unknownTerminal(ref.terminalId);
    if (!record.released) await this.releaseRecord(record);
    return {};
  }

  private async releaseRecord(record: TerminalRecord): Promise<void> {
    this.book.markReleased(record);
    await record.process.kill();
  }

  /** The terminal a request names, if it exists in the request's session and was not released. */
  private live(method: string, params: unknown, scope: SessionScope): TerminalRecord {
    const ref = parseTerminalRef(method, params);
    const record = this.book.get(scope.sessionKey, ref.terminalId);
    if (!record) throw unknownTerminal(ref.terminalId);
    if (record.released) throw resourceNotFoundError(`Terminal ${ref.terminalId} was released`, { terminalId: ref.terminalId });
    return record;
  }
}

function terminalLimitError(max: number, command: string): NoticedError {
  const message =
    `Too many terminals: this session already has ${max} that are not released (the most it may hold). ` +
    'Release terminals that are no longer needed (terminal/release), then create the terminal again.';
  const shown = command.length > 80 ? `${command.slice(0, 79)}…` : command;
  const notice =
    `The agent asked for more than ${max} terminals at once, so \`${shown}\` was not run. ` +
    'The limit is the setting acp.terminals.maxPerSession.';
  return new NoticedError(INTERNAL_ERROR, message, notice, { limit: max });
}

function unknownTerminal(terminalId: string): Error {
  return resourceNotFoundError(`Unknown terminal ${terminalId}`, { terminalId });
}
