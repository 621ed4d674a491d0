// Earlier sessions brought back, for the registry that owns this: a session from the history is loaded (the agent
// replays the conversation) or resumed (no replay), whichever its agent offers, starting the agent when needed; asked
// for twice while its agent starts, it is opened once; closed while the agent still brings it back, it is given up on
// (SessionAbandonedError). A conversation kept locally that its agent cannot bring back is shown read-only. A session
// whose agent went away is revived by the restarted agent with `session/load`. No `vscode` here.
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { AuthRequiredError, isAuthRequired } from '../acp/authMethods';
import { AgentFailure } from '../acp/failureMessage';
import type { NewSessionRequest } from '../shared/acp';
import type { TranscriptEntry } from '../shared/transcript/model';
import { describeError } from '../shared/text/errors';
import type { AgentPool, PooledAgent } from './agentPool';
import { reopenMethod } from './lifecycleCapabilities';
import { sessionTitle } from './openSessionView';
import type { PlaceFor, SessionPlace } from './sessionPlace';
import type { OnAdded, OpenSession } from './sessionRegistry';

/** The session was closed while its agent was still bringing it back: nothing to show, nothing to report. */
export class SessionAbandonedError extends Error {
  constructor(agentName: string) {
    super(`The session was closed before ${agentName} brought it back.`);
    this.name = 'SessionAbandonedError';
  }
}

/** An earlier session to bring back. */
export interface ReopenRequest {
  agentId: string;
  sessionId: string;
  /** The session's working folder (from the history); the default folder when unknown. */
  cwd?: string;
  title?: string;
  /**
   * The conversation as kept locally (agents that cannot load): shown read-only when the agent cannot bring the
   * session back, and shown before a `session/resume` (which replays nothing).
   */
  transcript?: { entries: readonly TranscriptEntry[]; note(agentName: string, reason?: string): string };
}

/** What bringing a session back needs of the registry. */
export interface SessionReopenerDeps {
  readonly pool: AgentPool;
  readonly placeFor: PlaceFor;
  /** The open session of an agent's session id. */
  find(agentId: string, sessionId: string): OpenSession | undefined;
  /** The agent of this id: the running one, else one made from the settings (not started yet). */
  agentFor(agentId: string): PooledAgent;
  /** A session of the agent, not yet among the open ones; `live` false: the agent neither holds nor serves it. */
  attach(agent: PooledAgent, sessionId: string, place: SessionPlace, opening: boolean, live?: boolean): OpenSession;
  /** Puts it among the open sessions. */
  add(open: OpenSession): void;
  /** Takes it out of the open sessions; resolves once what it held is released. */
  remove(open: OpenSession): Promise<void>;
  /** What every session of the agent in this place is opened with (cwd, MCP servers, additional directories). */
  paramsFor(agent: PooledAgent, place: SessionPlace): NewSessionRequest;
  /** A session brought back is no longer opening: its conversation is all there. */
  ready(open: OpenSession): void;
}

export class SessionReopener {
  /** Sessions being brought back, by agent and session id, until they are among the open ones. */
  private readonly inFlight = new Map<string, Promise<OpenSession>>();

  constructor(private readonly deps: SessionReopenerDeps) {}

  /**
   * Brings an earlier session back: the open one when it is open, otherwise loads or resumes it. `added` is called
   * once it is among the open sessions, before the agent answers.
   */
  async reopen(request: ReopenRequest, added?: OnAdded): Promise<OpenSession> {
    const already = this.deps.find(request.agentId, request.sessionId);
    if (already) return already;
    // Asked twice while its agent starts (a chat tab restored beside the sessions the window had open): opened once.
    const id = `${request.agentId}\u0000${request.sessionId}`;
    const inFlight = this.inFlight.get(id);
    if (inFlight) {
      const open = await inFlight;
      added?.(open);
      return open;
    }
    const reopening = this.reopenNow(request, added);
    this.inFlight.set(id, reopening);
    try {
      return await reopening;
    } finally {
      this.inFlight.delete(id);
    }
  }

  /**
   * A session whose agent went away, brought back by the restarted agent with `session/load` (its conversation
   * replayed, so nothing is lost); undefined when the agent cannot load sessions (the caller starts a new one).
   */
  async revive(ended: OpenSession, added?: OnAdded): Promise<OpenSession | undefined> {
    const { pool } = this.deps;
    const agent = ended.agent;
    if (pool.get(agent.definition.id) !== agent) return undefined;
    await pool.ensureStarted(agent);
    if (!pool.lifecycle(agent).load) return undefined;
    const request = { agentId: agent.definition.id, sessionId: ended.session.sessionId, cwd: ended.cwd, title: sessionTitle(ended.session.state, ended.knownTitle) };
    await this.deps.remove(ended);
    return this.reopen(request, added);
  }

  private async reopenNow(request: ReopenRequest, added?: OnAdded): Promise<OpenSession> {
    const { pool } = this.deps;
    const agent = this.deps.agentFor(request.agentId);
    try {
      await pool.ensureStarted(agent);
    } catch (error) {
      if (!request.transcript) throw error;
      return this.openReadOnly(agent, request, `${agent.definition.name} could not start (${describeError(error)}), so this conversation cannot go on.`, added);
    }
    const method = reopenMethod(pool.lifecycle(agent));
    if (!method && request.transcript) return this.openReadOnly(agent, request, undefined, added);
    if (!method) throw new Error(`${agent.definition.name} cannot bring back earlier sessions.`);
    const place = this.deps.placeFor(request.cwd);
    const open = this.deps.attach(agent, request.sessionId, place, true);
    open.knownTitle = request.title;
    if (method === 'resume' && request.transcript) open.session.restoreTranscript(request.transcript.entries);
    this.deps.add(open);
    added?.(open);
    const params = { sessionId: request.sessionId, ...this.deps.paramsFor(agent, place) };
    const abandoned = new CancellationTokenSource();
    open.abandon = () => abandoned.cancel();
    try {
      const { connection } = agent.runtime;
      const request = method === 'load' ? connection.loadSession(params, abandoned.token) : connection.resumeSession(params, abandoned.token);
      // Given up on: settle now; the agent's late answer (a result, or -32800) is not waited for.
      request.catch(() => undefined);
      const givenUp = new Promise<never>((_, reject) => {
        abandoned.token.onCancellationRequested(() => reject(new SessionAbandonedError(agent.definition.name)));
      });
      const response = await Promise.race([request, givenUp]);
      open.session.applySetup(response, open.knownTitle);
    } catch (error) {
      await this.deps.remove(open);
      if (abandoned.token.isCancellationRequested) throw new SessionAbandonedError(agent.definition.name);
      if (isAuthRequired(error)) {
        pool.requireAuth(agent, error);
        throw new AuthRequiredError(agent.definition.name);
      }
      const step = method === 'load' ? 'session/load' : 'session/resume';
      throw new AgentFailure(agent.runtime.describeFailure(step, error), step, { cause: error });
    } finally {
      abandoned.dispose();
      delete open.abandon;
    }
    if (method === 'resume') open.session.resumedWithoutReplay();
    open.opening = false;
    this.deps.ready(open);
    return open;
  }

  /** A conversation's local copy, shown read-only (its agent is neither held nor asked), with why it cannot go on. */
  private openReadOnly(agent: PooledAgent, request: ReopenRequest, reason: string | undefined, added?: OnAdded): OpenSession {
    const transcript = request.transcript;
    const open = this.deps.attach(agent, request.sessionId, this.deps.placeFor(request.cwd), false, false);
    open.knownTitle = request.title;
    open.readOnly = true;
    open.session.restoreTranscript(transcript?.entries ?? []);
    open.session.openedReadOnly(transcript?.note(agent.definition.name, reason) ?? reason ?? '');
    this.deps.add(open);
    added?.(open);
    void this.deps.pool.stopIfUnused(agent);
    return open;
  }
}
