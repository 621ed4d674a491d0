// One session's terminals: the part of the terminal feature a session owns. It numbers the session's terminals
// (`term-<n>`), keeps its live ones (a request names a terminal of its own session only), enforces the per-session
// cap and releases them all when the session ends. The records also go into the shared TerminalBook, which is view
// state: the chat's tool call cards and the VS Code terminals read the output there. No `vscode` here.
import type { CancellationToken } from 'vscode-jsonrpc/node';
import { INTERNAL_ERROR, requestCancelledError, resourceNotFoundError } from '../../acp/errors';
import type { GroupGuard } from '../../acp/processWatchdog';
import { withCancellation } from '../../acp/cancellation';
import { NoticedError, SessionPart, SessionScope } from '../../acp/clientRequests';
import { HostEnvironment, terminalLaunch } from './launch';
import type { TerminalBook, TerminalRecord } from './terminalBook';
import { parseCreateTerminal, parseTerminalRef } from './terminalParams';
import { ExitStatus, TerminalProcess } from './terminalProcess';

export interface TerminalLimits {
  /** Output kept for the agent when terminal/create names no `outputByteLimit`. */
  defaultOutputByteLimit: number;
  /** The most output kept for the agent whatever it asks (memory stays bounded). */
  maxOutputByteLimit: number;
  /** How much of the newest output live views (chat card, VS Code terminal) can read back. */
  displayBytes: number;
}

export interface TerminalOutputResponse {
  output: string;
  truncated: boolean;
  exitStatus?: ExitStatus;
}

/** What the parts share: the feature's settings, host and book. */
export interface TerminalsShared {
  readonly book: TerminalBook;
  readonly limits: TerminalLimits;
  readonly host: HostEnvironment;
  readonly guard: GroupGuard | undefined;
  /** Asked at each terminal/create (a setting may change). */
  maxPerSession(): number;
}

export class TerminalsPart implements SessionPart {
  readonly handlers: SessionPart['handlers'] = {
    'terminal/create': (params, token) => this.create(params, token),
    'terminal/output': (params) => this.output(params),
    'terminal/wait_for_exit': (params, token) => this.waitForExit(params, token),
    'terminal/kill': (params) => this.kill(params),
    'terminal/release': (params) => this.release(params),
  };
  private counter = 0;
  /** Not released yet, by id. */
  private readonly live = new Map<string, TerminalRecord>();
  /** Released by the agent or the session's end, and still being stopped. */
  private readonly stopping = new Set<TerminalRecord>();
  /** Ids released (a second release answers success; other requests -32002). */
  private readonly released = new Set<string>();
  private ended = false;
  private disposed: Promise<void> | undefined;

  constructor(
    private readonly scope: SessionScope,
    private readonly shared: TerminalsShared,
  ) {}

  /** The terminals not released yet, or whose command is still being stopped. */
  held(): number {
    return this.live.size + this.stopping.size;
  }

  /** The session ended: every terminal is released (its command and what it left behind stopped). */
  dispose(): Promise<void> {
    this.disposed ??= this.releaseAll();
    return this.disposed;
  }

  private async releaseAll(): Promise<void> {
    this.ended = true;
    await Promise.all([...this.live.values()].map((record) => this.releaseRecord(record).catch(() => undefined)));
    this.shared.book.sessionEnded(this.scope.sessionKey);
  }

  private async create(params: unknown, token: CancellationToken): Promise<{ terminalId: string }> {
    const request = parseCreateTerminal(params);
    if (this.ended) throw resourceNotFoundError(`Session ${this.scope.sessionId} has ended`);
    if (token.isCancellationRequested) throw requestCancelledError('terminal/create was cancelled: the command was not started');
    const max = this.shared.maxPerSession();
    if (this.live.size >= max) throw terminalLimitError(max, request.command);
    const { limits, host, guard, book } = this.shared;
    const launch = terminalLaunch(request, this.scope.cwd, host);
    const limit = Math.min(request.outputByteLimit ?? limits.defaultOutputByteLimit, limits.maxOutputByteLimit);
    const terminalId = `term-${++this.counter}`;
    const process = new TerminalProcess(launch, limit, limits.displayBytes, guard);
    const record = book.add(this.scope.sessionKey, terminalId, launch.label, process);
    this.live.set(terminalId, record);
    if (token.isCancellationRequested) {
      await this.releaseRecord(record);
      throw requestCancelledError('terminal/create was cancelled: the command was stopped');
    }
    return { terminalId };
  }

  private async output(params: unknown): Promise<TerminalOutputResponse> {
    const { process } = this.named('terminal/output', params);
    const { output, truncated } = process.output.forAgent();
    const exitStatus = process.exitStatus;
    return exitStatus ? { output, truncated, exitStatus } : { output, truncated };
  }

  private async waitForExit(params: unknown, token: CancellationToken): Promise<ExitStatus> {
    const { process } = this.named('terminal/wait_for_exit', params);
    return withCancellation(token, process.waitForExit().then((status) => ({ ...status })));
  }

  private async kill(params: unknown): Promise<Record<string, never>> {
    const { process } = this.named('terminal/kill', params);
    await process.kill();
    return {};
  }

  private async release(params: unknown): Promise<Record<string, never>> {
    const { terminalId } = parseTerminalRef('terminal/release', params);
    const record = this.live.get(terminalId);
    if (record) await this.releaseRecord(record);
    else if (!this.released.has(terminalId)) throw unknownTerminal(terminalId);
    return {};
  }

  private async releaseRecord(record: TerminalRecord): Promise<void> {
    this.live.delete(record.terminalId);
    this.released.add(record.terminalId);
    this.stopping.add(record);
    this.shared.book.markReleased(record);
    try {
      await record.process.kill();
    } finally {
      this.stopping.delete(record);
    }
  }

  /** The live terminal a request names (of this session, not released). */
  private named(method: string, params: unknown): TerminalRecord {
    const { terminalId } = parseTerminalRef(method, params);
    const record = this.live.get(terminalId);
    if (record) return record;
    if (this.released.has(terminalId)) throw resourceNotFoundError(`Terminal ${terminalId} was released`, { terminalId });
    throw unknownTerminal(terminalId);
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
