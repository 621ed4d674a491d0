// The agent side of ACP for a scenario: initialize, authenticate, session/new, session/prompt, session/set_mode,
// session/set_config_option, the session lifecycle (load, list, resume, close, delete: lifecycle.ts, kept in a
// SessionStore) and the session/cancel notification. Unknown requests get -32601; unknown notifications (and
// `$/cancel_request`) are logged and ignored.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { AuthGate } from './auth';
import { CancelGate } from './cancel';
import type { ClientView, Outcome, SessionState, StepContext, StreamState } from './context';
import { isObject, Json, JsonObject, objectAt, stringAt } from './json';
import type { Log } from './log';
import { runSteps } from './runner';
import { childGate } from './subagentSteps';
import type { Scenario, Step } from './scenario';
import { Vars } from './template';
import { playPrompt, promptText } from './turn';
import {
  additionalDirectoriesOf,
  listSessions,
  promptChunks,
  requireMcpServers,
  requireOffered,
  storedOrFail,
  titleFrom,
} from './lifecycle';
import { SessionStore, StoredSession, storedChildUpdate } from './sessionStore';
import { ErrorCodes, Peer, RpcError, RpcNotification, RpcRequest } from './wire';

export const engineVersion = '0.1.0';

export interface AgentOptions {
  scenario: Scenario;
  peer: Peer;
  log: Log;
  /** Multiplies every delay (0: no pauses). */
  pace: number;
  exit(code: number): Promise<never>;
  /** Closes stdout for good while the process keeps running (step `closeStdout`); default: the step is skipped. */
  closeOutput?(): Promise<void>;
  /** Decides whether sessions may start (scenario `requireAuth`); default: from the scenario and this process. */
  auth?: AuthGate;
}

const defaultCapabilities: JsonObject = {
  loadSession: false,
  promptCapabilities: { image: false, audio: false, embeddedContext: false },
};

export class ScriptedAgent {
  private client: ClientView = { readTextFile: false, writeTextFile: false, terminal: false, terminalOutput: false };
  private readonly sessions = new Map<string, SessionState>();
  private readonly auth: AuthGate;
  private readonly store: SessionStore;
  /** What each live session has said, recorded for session/load (not while it replays). */
  private readonly records = new Map<string, StoredSession>();
  private readonly replaying = new Set<string>();
  /** The session each announced subagent belongs to (its updates are recorded in that session's history). */
  private readonly childOwners = new Map<string, string>();
  private readonly peer: Peer;
  /** session/new answered with the scenario's newError so far (see newErrorTimes). */
  private failedNews = 0;
  /** session/load answered with the scenario's loadError so far (see loadErrorTimes). */
  private failedLoads = 0;

  constructor(private readonly options: AgentOptions) {
    this.auth = options.auth ?? new AuthGate(options.scenario.requireAuth, process.env, process.cwd());
    this.store = new SessionStore(SessionStore.fileFor(options.scenario.store, process.env, process.cwd()));
    const peer = options.peer;
    this.peer = {
      request: (method, params) => peer.request(method, params),
      batch: (requests) => peer.batch(requests),
      notify: (method, params) => {
        if (method === 'session/update') this.record(params);
        peer.notify(method, params);
      },
      writeRaw: (data) => peer.writeRaw(data),
      drained: () => peer.drained(),
      flush: () => peer.flush(),
    };
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
      case 'session/resume':
        return this.resumeSession(params);
      case 'session/list':
        requireOffered(this.options.scenario, 'list');
        this.options.log.info(`session/list ${JSON.stringify(params)}`);
        return listSessions(this.options.scenario, this.store, params);
      case 'session/close':
        return this.closeSession(params);
      case 'session/delete': {
        requireOffered(this.options.scenario, 'delete');
        const id = stringAt(params, 'sessionId');
        if (id === undefined) throw new RpcError(ErrorCodes.invalidParams, 'session/delete needs a sessionId');
        this.options.log.info(`session/delete ${id}`);
        this.store.delete(id);
        return {};
      }
      case 'session/prompt': {
        const session = this.session(params);
        if (session.active) throw new RpcError(ErrorCodes.invalidRequest, `a turn is already running in session ${session.id}`);
        return this.prompt(session, params.prompt);
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
      const child = id === undefined ? undefined : childGate(id);
      if (child) {
        this.options.log.info(`session/cancel: cancelling the work of subagent ${id}`);
        child.raise();
      } else if (session?.active) {
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
    this.client = {
      readTextFile: fs?.readTextFile === true,
      writeTextFile: fs?.writeTextFile === true,
      terminal: caps?.terminal === true,
      terminalOutput: objectAt(caps, '_meta')?.terminal_output === true,
      capabilities: caps,
      subagents: isObject(caps?.subagents),
    };
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
    const failing = setup?.newError && (setup.newErrorTimes === undefined || this.failedNews++ < setup.newErrorTimes);
    if (setup?.newError && failing) throw new RpcError(setup.newError.code, setup.newError.message, setup.newError.data);
    this.auth.check();
    const directories = additionalDirectoriesOf(this.options.scenario, params);
    const session = this.createSession(setup?.sessionId ?? `scripted-${randomUUID()}`, params);
    this.startRecord(session, directories, undefined);
    const result: JsonObject = { sessionId: session.id };
    if (session.modes) result.modes = session.modes;
    if (session.configOptions) result.configOptions = session.configOptions;
    // After the answer is on the wire: the response is written in a microtask, this runs in a later task.
    setImmediate(() => void this.playOutsideTurn(setup?.afterNew, session, session.vars, false));
    return result;
  }

  private async loadSession(params: JsonObject): Promise<Json> {
    const { scenario, log } = this.options;
    if (scenario.agentCapabilities?.loadSession !== true) {
      throw new RpcError(ErrorCodes.methodNotFound, 'Method not found: session/load (loadSession is not offered)');
    }
    const id = stringAt(params, 'sessionId');
    if (id === undefined) throw new RpcError(ErrorCodes.invalidParams, 'session/load needs a sessionId');
    requireMcpServers('session/load', params);
    const setup = scenario.session;
    if (setup?.loadError && (setup.loadErrorTimes === undefined || this.failedLoads++ < setup.loadErrorTimes)) {
      throw new RpcError(setup.loadError.code, setup.loadError.message, setup.loadError.data);
    }
    const directories = additionalDirectoriesOf(scenario, params);
    // A session this agent never had can still be "loaded" when the scenario scripts a replay for it.
    const stored = this.store.get(id);
    if (!stored && !scenario.session?.replay?.length) storedOrFail(this.store, 'session/load', params);
    const session = this.createSession(id, params);
    log.info(`session/load ${id}: replaying ${stored?.history.length ?? 0} stored updates`);
    this.startRecord(session, directories, stored);
    this.replaying.add(id);
    try {
      const leftOut = new Set(scenario.session?.replayLeavesOut ?? []);
      for (const [index, item] of (stored?.history ?? []).entries()) {
        if (isObject(item) && leftOut.has(String(item.sessionUpdate))) continue;
        const child = storedChildUpdate(item);
        this.peer.notify('session/update', child ? { sessionId: child.childSessionId, update: child.update } : { sessionId: id, update: item });
        if (index % 100 === 99) await this.peer.drained();
      }
      await this.playOutsideTurn(scenario.session?.replay, session, session.vars, false);
    } finally {
      this.replaying.delete(id);
    }
    return this.setupResult(session);
  }

  private resumeSession(params: JsonObject): Json {
    const { scenario, log } = this.options;
    requireOffered(scenario, 'resume');
    requireMcpServers('session/resume', params);
    const directories = additionalDirectoriesOf(scenario, params);
    const stored = storedOrFail(this.store, 'session/resume', params);
    const session = this.createSession(stored.sessionId, params);
    this.startRecord(session, directories, stored);
    log.info(`session/resume ${stored.sessionId}: no replay`);
    return this.setupResult(session);
  }

  private closeSession(params: JsonObject): Json {
    requireOffered(this.options.scenario, 'close');
    const session = this.session(params);
    this.options.log.info(`session/close ${session.id}${session.active ? ': cancelling its turn' : ''}`);
    session.active?.raise();
    this.sessions.delete(session.id);
    this.records.delete(session.id);
    return {};
  }

  private async prompt(session: SessionState, prompt: Json | undefined): Promise<Json> {
    const record = this.records.get(session.id);
    record?.history.push(...promptChunks(prompt));
    try {
      return await playPrompt(this.options.scenario.turns, session, prompt, (owner, gate) => this.context(owner, gate));
    } finally {
      if (record && this.records.get(session.id) === record) {
        if (this.options.scenario.session?.titleFromPrompt && !record.title) {
          record.title = titleFrom(promptText(prompt)) || 'Untitled';
          this.peer.notify('session/update', { sessionId: session.id, update: { sessionUpdate: 'session_info_update', title: record.title, updatedAt: new Date().toISOString() } });
        }
        record.updatedAt = new Date().toISOString();
        this.store.upsert(record);
      }
    }
  }

  /** The session/new-like part of a load or resume answer. */
  private setupResult(session: SessionState): JsonObject {
    const result: JsonObject = {};
    if (session.modes) result.modes = session.modes;
    if (session.configOptions) result.configOptions = session.configOptions;
    return result;
  }

  /** Begins recording what the session says (on top of what was stored, for a loaded or resumed one). */
  private startRecord(session: SessionState, directories: string[] | undefined, stored: StoredSession | undefined): void {
    session.vars.set('additionalDirectories', JSON.stringify(directories ?? []));
    this.records.set(session.id, {
      sessionId: session.id,
      cwd: session.cwd,
      updatedAt: stored?.updatedAt ?? new Date().toISOString(),
      history: stored ? [...stored.history] : [],
      ...(directories?.length ? { additionalDirectories: directories } : {}),
      ...(stored?.title ? { title: stored.title } : {}),
    });
  }

  private record(params: Json | undefined): void {
    const id = stringAt(params, 'sessionId');
    const update = isObject(params) ? params.update : undefined;
    if (id === undefined || !isObject(update)) return;
    const owner = this.records.has(id) ? id : this.childOwners.get(id);
    if (owner === undefined) return;
    if (update.sessionUpdate === 'subagent_update' && typeof update.sessionId === 'string') this.childOwners.set(update.sessionId, owner);
    const record = this.records.get(owner);
    if (!record || this.replaying.has(owner)) return;
    if (update.sessionUpdate === 'session_info_update' && typeof update.title === 'string' && owner === id) record.title = update.title;
    record.history.push(owner === id ? update : { childSessionId: id, update });
  }

  private setMode(params: JsonObject): Json {
    const session = this.session(params);
    const modeId = stringAt(params, 'modeId');
    if (!session.modes || modeId === undefined) throw new RpcError(ErrorCodes.invalidParams, 'this session has no modes, or no modeId was given');
    session.modes.currentModeId = modeId;
    this.peer.notify('session/update', { sessionId: session.id, update: { sessionUpdate: 'current_mode_update', currentModeId: modeId } });
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
    vars.set('clientSubagents', this.client.subagents ? 'advertised' : 'not advertised');
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
    const { log, pace, exit, closeOutput, scenario } = this.options;
    const peer = this.peer;
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
      closeOutput: closeOutput ?? (() => Promise.resolve(log.warn('closeStdout: this agent cannot close its output'))),
    };
    return ctx;
  }
}
