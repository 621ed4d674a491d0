// The agent side of ACP for a scenario: initialize, authenticate, session/new, session/load, session/prompt,
// session/set_mode, session/set_config_option, and the session/cancel notification. Unknown requests get
// -32601; unknown notifications (and `$/cancel_request`) are logged and ignored.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { AuthGate } from './auth';
import { CancelGate } from './cancel';
import type { ClientView, Outcome, SessionState, StepContext, StreamState } from './context';
import { isObject, Json, JsonObject, objectAt, stringAt } from './json';
import type { Log } from './log';
import { runSteps } from './runner';
import type { Scenario, Step } from './scenario';
import { Vars } from './template';
import { playPrompt } from './turn';
import { ErrorCodes, Peer, RpcError, RpcNotification, RpcRequest } from './wire';

export const engineVersion = '0.1.0';

export interface AgentOptions {
  scenario: Scenario;
  peer: Peer;
  log: Log;
  /** Multiplies every delay (0: no pauses). */
  pace: number;
  exit(code: number): Promise<never>;
  /** Decides whether sessions may start (scenario `requireAuth`); default: from the scenario and this process. */
  auth?: AuthGate;
}

const defaultCapabilities: JsonObject = {
  loadSession: false,
  promptCapabilities: { image: false, audio: false, embeddedContext: false },
};

export class ScriptedAgent {
  private client: ClientView = { readTextFile: false, writeTextFile: false, terminal: false };
  private readonly sessions = new Map<string, SessionState>();
  private readonly auth: AuthGate;

  constructor(private readonly options: AgentOptions) {
    this.auth = options.auth ?? new AuthGate(options.scenario.requireAuth, process.env, process.cwd());
  }

  /** Answers a request. Plain answers resolve without extra ticks, so they go out in the order asked. */
  request(request: RpcRequest): Promise<Json> {
    try {
      return Promise.resolve(this.answer(request));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private answer(request: RpcRequest): Json | Promise<Json> {
    const params = isObject(request.params) ? request.params : {};
    switch (request.method) {
      case 'initialize':
        return this.initialize(params);
      case 'authenticate':
        this.auth.authenticate(stringAt(params, 'methodId'));
        return {};
      case 'logout':
        if (!isObject(objectAt(this.options.scenario.agentCapabilities, 'auth')?.logout)) {
          throw new RpcError(ErrorCodes.methodNotFound, 'Method not found: logout (auth.logout is not offered)');
        }
        this.auth.logout();
        return {};
      case 'session/new':
        return this.newSession(params);
      case 'session/load':
        return this.loadSession(params);
      case 'session/prompt': {
        const session = this.session(params);
        if (session.active) throw new RpcError(ErrorCodes.invalidRequest, `a turn is already running in session ${session.id}`);
        return playPrompt(this.options.scenario.turns, session, params.prompt, (owner, gate) => this.context(owner, gate));
      }
      case 'session/set_mode':
        return this.setMode(params);
      case 'session/set_config_option':
        return this.setConfigOption(params);
      default:
        this.options.log.info(`unknown request ${request.method}: -32601`);
        throw new RpcError(ErrorCodes.methodNotFound, `Method not found: ${request.method}`);
    }
  }

  notification(notification: RpcNotification): void {
    if (notification.method === 'session/cancel') {
      const id = stringAt(notification.params, 'sessionId');
      const session = id === undefined ? undefined : this.sessions.get(id);
      if (session?.active) {
        this.options.log.info(`session/cancel: cancelling the turn of ${id}`);
        session.active.raise();
      } else this.options.log.info(`session/cancel for ${id ?? '(no sessionId)'}: no turn running`);
    } else if (notification.method === '$/cancel_request') {
      this.options.log.info(`$/cancel_request ${JSON.stringify(notification.params)} ignored (prompt turns cancel with session/cancel)`);
    } else this.options.log.info(`unknown notification ${notification.method} ignored`);
  }

  private initialize(params: JsonObject): Json | Promise<Json> {
    const { scenario, log } = this.options;
    const caps = objectAt(params, 'clientCapabilities');
    const fs = objectAt(caps, 'fs');
    this.client = { readTextFile: fs?.readTextFile === true, writeTextFile: fs?.writeTextFile === true, terminal: caps?.terminal === true };
    const clientName = stringAt(objectAt(params, 'clientInfo'), 'name') ?? 'an unnamed client';
    log.info(`initialize from ${clientName}, protocol ${JSON.stringify(params.protocolVersion)}, client offers ${JSON.stringify(this.client)}`);
    const result: JsonObject = {
      protocolVersion: scenario.protocolVersion ?? 1,
      agentCapabilities: scenario.agentCapabilities ?? defaultCapabilities,
      agentInfo: {
        name: scenario.agentInfo?.name ?? 'acp-scripted-agent',
        title: scenario.agentInfo?.title ?? `Scripted agent (${scenario.name})`,
        version: scenario.agentInfo?.version ?? engineVersion,
      },
      authMethods: scenario.authMethods ?? [],
    };
    // Only wait when there are steps, so that without them the answer keeps its place in the order.
    if (!scenario.onInitialize?.length) return result;
    return this.playOutsideTurn(scenario.onInitialize, undefined, new Vars(), true).then(() => result);
  }

  private newSession(params: JsonObject): Json {
    const setup = this.options.scenario.session;
    if (setup?.newError) throw new RpcError(setup.newError.code, setup.newError.message, setup.newError.data);
    this.auth.check();
    const session = this.createSession(setup?.sessionId ?? `scripted-${randomUUID()}`, params);
    const result: JsonObject = { sessionId: session.id };
    if (session.modes) result.modes = session.modes;
    if (session.configOptions) result.configOptions = session.configOptions;
    // After the answer is on the wire: the response is written in a microtask, this runs in a later task.
    setImmediate(() => void this.playOutsideTurn(setup?.afterNew, session, session.vars, false));
    return result;
  }

  private async loadSession(params: JsonObject): Promise<Json> {
    const { scenario } = this.options;
    if (scenario.agentCapabilities?.loadSession !== true) {
      throw new RpcError(ErrorCodes.methodNotFound, 'Method not found: session/load (loadSession is not offered)');
    }
    const id = stringAt(params, 'sessionId');
    if (id === undefined) throw new RpcError(ErrorCodes.invalidParams, 'session/load needs a sessionId');
    const session = this.createSession(id, params);
    await this.playOutsideTurn(scenario.session?.replay, session, session.vars, false);
    const result: JsonObject = {};
    if (session.modes) result.modes = session.modes;
    if (session.configOptions) result.configOptions = session.configOptions;
    return result;
  }

  private setMode(params: JsonObject): Json {
    const session = this.session(params);
    const modeId = stringAt(params, 'modeId');
    if (!session.modes || modeId === undefined) throw new RpcError(ErrorCodes.invalidParams, 'this session has no modes, or no modeId was given');
    session.modes.currentModeId = modeId;
    this.options.peer.notify('session/update', { sessionId: session.id, update: { sessionUpdate: 'current_mode_update', currentModeId: modeId } });
    return {};
  }

  private setConfigOption(params: JsonObject): Json {
    const session = this.session(params);
    const configId = stringAt(params, 'configId');
    const option = session.configOptions?.find((item) => isObject(item) && item.id === configId);
    if (!isObject(option) || params.value === undefined) throw new RpcError(ErrorCodes.invalidParams, `unknown config option ${configId}`);
    option.currentValue = params.value;
    return { configOptions: session.configOptions ?? [] };
  }

  private session(params: JsonObject): SessionState {
    const id = stringAt(params, 'sessionId');
    const session = id === undefined ? undefined : this.sessions.get(id);
    if (!session) throw new RpcError(ErrorCodes.invalidParams, `unknown session ${JSON.stringify(id)}`);
    return session;
  }

  private createSession(id: string, params: JsonObject): SessionState {
    const cwd = stringAt(params, 'cwd');
    if (cwd === undefined || !path.isAbsolute(cwd)) throw new RpcError(ErrorCodes.invalidParams, `cwd must be an absolute path, got ${JSON.stringify(cwd)}`);
    const setup = this.options.scenario.session;
    const vars = new Vars();
    vars.set('cwd', cwd);
    vars.set('sessionId', id);
    vars.set('mcpServers', JSON.stringify(params.mcpServers ?? null));
    for (const [name, value] of this.auth.envVars()) vars.set(name, value);
    const session: SessionState = {
      id,
      cwd,
      vars,
      turns: 0,
      played: new Set(),
      remembered: new Map(),
      toolCalls: 0,
      modes: setup?.modes ? structuredClone(setup.modes) : undefined,
      configOptions: setup?.configOptions ? structuredClone(setup.configOptions) : undefined,
    };
    this.sessions.set(id, session);
    this.options.log.info(`session ${id} in ${cwd}`);
    return session;
  }

  /** Plays steps outside a prompt turn; an `error` outcome is thrown only where a request can carry it. */
  private async playOutsideTurn(steps: Step[] | undefined, session: SessionState | undefined, vars: Vars, answersRequest: boolean): Promise<void> {
    if (!steps || steps.length === 0) return;
    let outcome: Outcome | undefined;
    try {
      outcome = await runSteps(steps, this.context(session, new CancelGate(), vars));
    } catch (error) {
      this.options.log.warn(`steps outside a turn failed: ${String(error)}`);
      return;
    }
    if (outcome?.kind === 'error' && answersRequest) {
      throw new RpcError(outcome.error.code, outcome.error.message, outcome.error.data);
    }
  }

  private context(session: SessionState | undefined, gate: CancelGate, vars: Vars = session?.vars ?? new Vars()): StepContext {
    const { peer, log, pace, exit, scenario } = this.options;
    const stream: StreamState = {};
    const ctx: StepContext = {
      peer,
      log,
      client: this.client,
      session,
      vars,
      gate,
      pacing: { chunk: scenario.pacing?.chunk ?? 0, delayMs: scenario.pacing?.delayMs ?? 0 },
      pace,
      stream,
      play: (steps) => runSteps(steps, ctx),
      exit,
    };
    return ctx;
  }
}
