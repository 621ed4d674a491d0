// One running agent: its process, its ACP connection, and the state machine starting → ready → failed | stopped,
// with a restart budget. Routes the agent's session-scoped messages to the session that owns them.
// No `vscode` here: the glue passes in a log, a traffic observer and the client's identity.
import { CancellationToken, Emitter, Event, Logger } from 'vscode-jsonrpc/node';
import type {
  ClientCapabilities,
  Implementation,
  InitializeResponse,
  RequestPermissionResponse,
} from '../shared/acp';
import { AgentExit, AgentLaunch, AgentProcess, AgentSpawnError } from './agentProcess';
import { AcpClientConnection, SessionRequestMethod } from './clientConnection';
import { errorCodeOf, invalidParamsError } from './errors';
import { describeFailure, FailedStep, FailureReport } from './failureMessage';
import { NdjsonMessageReader, NdjsonMessageWriter } from './ndjson';
import type { GroupGuard } from './processWatchdog';
import { RestartBudget } from './restartBudget';
import { ChildRoutes } from './childRoutes';
import { TappedReader, TappedWriter, TrafficObserver } from './trafficTap';

export type AgentState = 'starting' | 'ready' | 'failed' | 'stopped';

export interface AgentStateChange {
  state: AgentState;
  /** For failed and stopped: what happened, in a plain sentence for the user (which agent, what failed, what to do). */
  message?: string;
  /** For failed: the agent's own error and the last lines of its stderr (shown behind "Details"). */
  details?: string;
}

/** What a session gives the runtime so the agent's messages about it reach it. */
export interface SessionEndpoint {
  sessionUpdate(params: unknown): void;
  handleRequest(method: SessionRequestMethod, params: unknown, token: CancellationToken): Promise<unknown>;
  /** `elicitation/complete` reaches every session of the agent (it names no session). */
  elicitationComplete?(params: unknown): void;
}

export interface AgentLog extends Logger {
  /** One line the agent wrote to stderr. */
  stderr(line: string): void;
}

export interface AgentRuntimeOptions {
  /** How to run the agent; a function is asked again at every start (credentials may have changed). */
  launch: AgentLaunch | (() => Promise<AgentLaunch>);
  clientInfo: Implementation;
  clientCapabilities: ClientCapabilities;
  log: AgentLog;
  traffic: TrafficObserver;
  restartBudget?: RestartBudget;
  /** Masks secrets in what the runtime reports (failure messages carry the agent's stderr). */
  maskSecrets?: (text: string) => string;
  /** The agent's name as the user knows it, in messages; default "The agent". */
  name?: string;
  /** Ends the agent's process group should the host die first (the host's watchdog). */
  guard?: GroupGuard;
  /**
   * How long the agent has to answer `initialize`, counted from its spawn, in ms (0: no limit); a function is asked
   * at every start (a setting). Default 120000.
   */
  startTimeoutMs?: number | (() => number);
}

/** How long an agent has to answer `initialize` unless told otherwise: a first start through npx may download it. */
export const DEFAULT_START_TIMEOUT_MS = 120_000;

const CANCELLED: RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

function sessionIdOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const id = (params as { sessionId?: unknown }).sessionId;
  return typeof id === 'string' ? id : undefined;
}

function describeExit(exit: AgentExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

export class AgentRuntime {
  private readonly stateEmitter = new Emitter<AgentStateChange>();
  readonly onDidChangeState: Event<AgentStateChange> = this.stateEmitter.event;
  private current: AgentStateChange = { state: 'stopped' };
  private process: AgentProcess | undefined;
  private connectionInstance: AcpClientConnection | undefined;
  private initializeResult: InitializeResponse | undefined;
  private readonly sessions = new Map<string, SessionEndpoint>();
  /** Subagent (child) session ids, routed to the session that owns them. */
  private readonly children = new ChildRoutes<SessionEndpoint>();
  private readonly budget: RestartBudget;
  /** Bumped by every start and stop, so events of an older process are recognised and ignored. */
  private generation = 0;

  constructor(private readonly options: AgentRuntimeOptions) {
    this.budget = options.restartBudget ?? new RestartBudget();
  }

  get state(): AgentStateChange {
    return this.current;
  }

  /** The agent's process id while it runs. */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  get agentInfo(): InitializeResponse | undefined {
    return this.initializeResult;
  }

  /** The live connection; throws when the agent is not ready. */
  get connection(): AcpClientConnection {
    if (this.current.state !== 'ready' || !this.connectionInstance) {
      throw new Error(`The agent is not ready (${this.current.state}).`);
    }
    return this.connectionInstance;
  }

  registerSession(sessionId: string, endpoint: SessionEndpoint): { dispose(): void } {
    this.sessions.set(sessionId, endpoint);
    return {
      dispose: () => {
        if (this.sessions.get(sessionId) === endpoint) this.sessions.delete(sessionId);
        this.children.forget(endpoint);
      },
    };
  }

  /** Starts the agent and initializes the connection; resolves in `ready`, or rejects after entering `failed`. */
  async start(): Promise<InitializeResponse> {
    const generation = ++this.generation;
    this.setState({ state: 'starting' });
    const { log } = this.options;
    let agentProcess: AgentProcess | undefined;
    try {
      const launch = typeof this.options.launch === 'function' ? await this.options.launch() : this.options.launch;
      if (generation !== this.generation) throw new Error('The agent was stopped while starting.');
      agentProcess = new AgentProcess(launch, { onStderrLine: (line) => log.stderr(line), guard: this.options.guard });
      this.process = agentProcess;
      await agentProcess.start();
      const connection = this.connect(agentProcess);
      this.connectionInstance = connection;
      const running = agentProcess;
      // The end of the agent is acted on only after everything it wrote before is handled: its last words first.
      running.onExit((exit) => {
        void connection.dispatched().then(() => {
          // While starting, the failed initialize says it; afterwards the exit itself is the news.
          if (generation !== this.generation || this.current.state !== 'ready') return;
          this.fail({ summary: `${this.name} stopped: it ${describeExit(exit)}. Restart it, or send a message to start it again.` }, running);
        });
      });
      running.onOutputClosed(() => {
        void connection.dispatched().then(() => {
          if (generation !== this.generation || this.current.state !== 'ready') return;
          this.fail(
            {
              summary:
                `${this.name} closed its output (stdout) while still running, so nothing more can come from it. ` +
                'It was stopped; Restart it to go on.',
            },
            running,
          );
        });
      });
      const result = await this.untilAnswered(
        connection.initialize(this.options.clientInfo, this.options.clientCapabilities),
        agentProcess,
        this.startTimeoutMs(),
      );
      if (generation !== this.generation) throw new Error('The agent was stopped while starting.');
      this.initializeResult = result;
      this.setState({ state: 'ready' });
      return result;
    } catch (error) {
      if (generation === this.generation && this.current.state === 'starting') {
        const step: FailedStep = error instanceof AgentSpawnError ? 'spawn' : errorCodeOf(error) !== undefined ? 'initialize' : 'start';
        this.fail({ step, error }, agentProcess);
      }
      throw error;
    }
  }

  /** The agent's name as the user knows it. */
  get name(): string {
    return this.options.name ?? 'The agent';
  }

  /**
   * A failure of this agent in words (a sentence naming the agent and what failed, then its error and the last lines
   * of its stderr as details), secrets masked.
   */
  describeFailure(step: FailedStep, error: unknown): FailureReport {
    return this.masked(describeFailure(this.name, step, error, this.process?.stderrTail() ?? ''));
  }

  /** Stops the agent (close stdin, wait, kill the tree). Idempotent. */
  async stop(): Promise<void> {
    this.generation++;
    const agentProcess = this.process;
    this.teardownConnection();
    this.process = undefined;
    if (this.current.state !== 'stopped') this.setState({ state: 'stopped' });
    if (agentProcess) await agentProcess.stop();
  }

  /** Stops and starts again, within the budget (at most 4 restarts in 3 minutes by default). */
  async restart(): Promise<InitializeResponse> {
    if (!this.budget.tryConsume()) {
      await this.stop();
      const message =
        `${this.name} was restarted too often in a short time, so it was not restarted again. ` +
        'Check its settings and its log, then try again in a few minutes.';
      this.setState({ state: 'failed', message });
      throw new Error(message);
    }
    await this.stop();
    return this.start();
  }

  dispose(): Promise<void> {
    const stopped = this.stop();
    this.stateEmitter.dispose();
    return stopped;
  }

  /** The session a message is for: a registered session, or the owner of an announced subagent session. */
  private endpointOf(sessionId: string | undefined): SessionEndpoint | undefined {
    if (sessionId === undefined) return undefined;
    return this.sessions.get(sessionId) ?? this.children.get(sessionId);
  }

  private connect(agentProcess: AgentProcess): AcpClientConnection {
    const { log, traffic } = this.options;
    const reader = new NdjsonMessageReader(agentProcess.stdout, {
      onInvalidLine: (problem) =>
        log.warn(`Skipped a line from the agent (${problem.reason}, ${problem.byteLength} bytes): ${problem.preview}`),
    });
    const writer = new NdjsonMessageWriter(agentProcess.stdin);
    return new AcpClientConnection(
      new TappedReader(reader, traffic),
      new TappedWriter(writer, traffic),
      {
        sessionUpdate: (params) => {
          const endpoint = this.endpointOf(sessionIdOf(params));
          if (endpoint) {
            this.children.note(params, endpoint, (id) => this.sessions.has(id));
            endpoint.sessionUpdate(params);
          }
          else log.warn(`Ignored session/update for unknown session ${JSON.stringify(sessionIdOf(params))}`);
        },
        sessionRequest: (method, params, token) => {
          const sessionId = sessionIdOf(params);
          const endpoint = this.endpointOf(sessionId);
          if (endpoint) return endpoint.handleRequest(method, params, token);
          if (method === 'session/request_permission') {
            log.warn(`Answered "cancelled" to a permission request for unknown session ${JSON.stringify(sessionId)}`);
            return Promise.resolve(CANCELLED);
          }
          return Promise.reject(invalidParamsError(`${method}: unknown sessionId ${JSON.stringify(sessionId)}`));
        },
        elicitationComplete: (params) => {
          for (const endpoint of this.sessions.values()) endpoint.elicitationComplete?.(params);
        },
      },
      log,
    );
  }

  /**
   * Rejects as soon as the process exits or closes its output, or when `timeoutMs` (if > 0) passes first, so a dead
   * or stuck agent never leaves the start hanging.
   */
  private untilAnswered<T>(request: Promise<T>, agentProcess: AgentProcess, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const exited = agentProcess.exited;
      if (exited) {
        reject(new Error(`it ${describeExit(exited)}`));
        return;
      }
      const subscriptions = [
        agentProcess.onExit((exit) => reject(new Error(`it ${describeExit(exit)}`))),
        agentProcess.onOutputClosed(() => reject(new Error('it closed its output (stdout) without answering initialize'))),
      ];
      const timer =
        timeoutMs > 0
          ? setTimeout(
              () =>
                reject(
                  new Error(
                    `it did not answer initialize within ${describeDuration(timeoutMs)}, so it was stopped. ` +
                      'A first start may take longer while the agent is downloaded (npx): then raise the acp.agentStartTimeout ' +
                      "setting and Restart; otherwise see the agent's log.",
                  ),
                ),
              timeoutMs,
            )
          : undefined;
      request.then(resolve, reject).finally(() => {
        subscriptions.forEach((subscription) => subscription.dispose());
        if (timer) clearTimeout(timer);
      });
    });
  }

  private startTimeoutMs(): number {
    const configured = this.options.startTimeoutMs;
    const ms = typeof configured === 'function' ? configured() : configured;
    return ms === undefined || !Number.isFinite(ms) || ms < 0 ? DEFAULT_START_TIMEOUT_MS : ms;
  }

  /** Fails with a report, or with the report of a failed step (the stderr tail added to its details). */
  private fail(failure: FailureReport | { step: FailedStep; error: unknown }, agentProcess: AgentProcess | undefined): void {
    this.teardownConnection();
    const tail = agentProcess?.stderrTail() ?? '';
    const report =
      'step' in failure ? describeFailure(this.name, failure.step, failure.error, tail) : describeFailure(this.name, 'start', '', tail);
    const { summary, details } = this.masked('step' in failure ? report : { summary: failure.summary, details: report.details });
    this.setState(details ? { state: 'failed', message: summary, details } : { state: 'failed', message: summary });
    void agentProcess?.stop();
  }

  private masked(report: FailureReport): FailureReport {
    const mask = this.options.maskSecrets ?? ((text: string) => text);
    return report.details ? { summary: mask(report.summary), details: mask(report.details) } : { summary: mask(report.summary) };
  }

  private teardownConnection(): void {
    this.connectionInstance?.dispose();
    this.connectionInstance = undefined;
    this.initializeResult = undefined;
  }

  private setState(change: AgentStateChange): void {
    this.current = change;
    this.stateEmitter.fire(change);
  }
}
