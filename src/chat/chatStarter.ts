// Starting, bringing back and prompting sessions for a chat surface: a new session (created on the selected agent
// and shown on the surface; one never used makes way for it), prompts that name no session (to the surface's one, or
// a new one) or the session a new one took the place of (to the new one), history reopening, sign-in, restart. Each
// method names the surface it acts for; what a surface shows of a start is its own (ChatSurface.start).
import type { PromptParts } from '../shared/protocol/composerProtocol';
import type { SessionKey } from '../shared/sessionKey';
import type { AgentPool, PooledAgent } from '../session/agentPool';
import type { AgentActions } from '../session/agentActions';
import { SessionAbandonedError, type OpenSession, type ReopenRequest, type SessionRegistry } from '../session/sessionRegistry';
import type { SessionStarter } from '../session/surfaceSessions';
import { AuthRequiredError } from '../acp/authMethods';
import type { ChatSurface } from './chatSurface';
import type { ChatSurfaces } from './chatSurfaces';

export class ChatStarter implements SessionStarter {
  constructor(
    private readonly pool: AgentPool,
    private readonly registry: SessionRegistry,
    private readonly actions: AgentActions,
    private readonly surfaces: ChatSurfaces,
    /** The extension's log. */
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /**
   * Starts a fresh session on the selected agent (starting the agent if needed) and shows it on the surface. While it
   * starts the surface says so; when it fails, it shows why (with a message waiting for it kept), and this rejects.
   */
  newSession(surface: ChatSurface, options: { cwd?: string } = {}): Promise<OpenSession> {
    const selected = this.pool.selected;
    const replaced = surface.currentKey;
    surface.replacedKey = replaced;
    // A failed message stays on screen (for Retry or Edit) while another session starts.
    const failedPrompt = surface.start.current?.state === 'failed' && surface.start.current.prompt;
    if (selected && !failedPrompt) surface.start.begin(selected);
    const creating = this.createShown(surface, options).then(
      (open) => {
        // A message waiting for it leaves the start row once it shows in the session (submitPrompt); a failed one stays.
        if (!surface.start.current?.prompt) surface.start.clear();
        return open;
      },
      (error: unknown) => {
        // The surface stays on the session it showed: prompts naming it go to it again.
        if (surface.currentKey === replaced && surface.replacedKey === replaced) surface.replacedKey = undefined;
        if (selected && this.pool.selected === selected) surface.start.fail(selected, error);
        throw error;
      },
    );
    const tracked = creating.finally(() => {
      if (surface.creating === tracked) surface.creating = undefined;
    });
    surface.creating = tracked;
    return tracked;
  }

  async startForView(surface: ChatSurface): Promise<void> {
    const status = surface.agent?.status;
    if (surface.session || surface.creating || (status !== 'notStarted' && status !== 'stopped')) return;
    await this.newSession(surface).catch(() => undefined);
  }

  /** Tries the failed start again: its message is sent once the session is up (or the earlier session is opened again). */
  async retryStart(surface: ChatSurface): Promise<void> {
    const view = surface.start.current;
    if (view?.state !== 'failed') return;
    if (view.reopen && surface.failedReopen) {
      await this.openFromHistory(surface, surface.failedReopen).catch(() => undefined);
      return;
    }
    const prompt = view.prompt;
    if (!prompt) {
      await this.newSession(surface).catch(() => undefined);
      return;
    }
    const live = surface.shown;
    // A session came up meanwhile (New session): the message goes there.
    if (live && !live.opening && !live.session.ended && !surface.creating) {
      await this.registry.submitPrompt(live.key, prompt, () => surface.start.clear());
      return;
    }
    await this.submitPrompt(surface, undefined, prompt);
  }

  dismissStart(surface: ChatSurface): void {
    if (surface.start.current?.state === 'failed') surface.start.clear();
  }

  async reopen(request: ReopenRequest, surface?: ChatSurface): Promise<OpenSession> {
    const already = this.registry.find(request.agentId, request.sessionId);
    if (already) {
      surface?.show(already.key);
      return already;
    }
    return this.registry.reopen(request, surface ? (open) => surface.show(open.key) : undefined);
  }

  async openFromHistory(surface: ChatSurface, request: ReopenRequest & { title: string }): Promise<void> {
    if (surface.start.current?.reopen) surface.start.clear();
    surface.failedReopen = undefined;
    try {
      await this.reopen(request, surface);
    } catch (error) {
      const agent = this.pool.get(request.agentId);
      if (!agent || error instanceof SessionAbandonedError || error instanceof AuthRequiredError) throw error;
      surface.failedReopen = request;
      surface.start.failReopen(agent, error, request.title);
    }
  }

  async close(key: SessionKey): Promise<void> {
    const sideBar = this.surfaces.sideBar;
    const wasShown = sideBar.currentKey === key;
    // The session leaves the open ones before close's first await: the last one left comes up right away.
    const closing = this.registry.close(key);
    const next = this.registry.openSessions.at(-1);
    if (wasShown && next) sideBar.show(next.key);
    await closing;
  }

  /**
   * Sends the composer's prompt to the session it names, or queues it there while its agent works. No session named
   * (none was shown): to the surface's one, or a new one; naming the session a new one replaces (sent before the
   * surface heard of the new one): to the new one. A session whose agent went away is brought back first where the
   * agent can load it (else a new session takes the prompt). `shown` is called once the message is on screen: in the
   * transcript or the queue, or, while a session is started for it, as the message waiting ("Starting <agent>…").
   * A failed start does not reject: the surface shows the failure under the message (see StartingState); a prompt
   * that could not be taken at all rejects before `shown`.
   */
  async submitPrompt(surface: ChatSurface, key: SessionKey | undefined, parts: PromptParts, shown: () => void = () => undefined): Promise<void> {
    const meant = this.meant(surface, key);
    const named = meant === undefined ? surface.shown : this.registry.require(meant);
    if (named?.opening) throw new Error('The session is still being brought back: wait until its conversation shows.');
    if (named && !named.session.ended && (meant !== undefined || !surface.creating)) {
      await this.registry.submitPrompt(named.key, parts, shown);
      return;
    }
    const agent = named?.session.ended ? named.agent : this.pool.selected;
    if (!agent) throw new Error('No agent is selected.');
    const earlier = surface.start.current?.prompt;
    if (earlier && surface.start.current?.state === 'starting') {
      throw new Error(`${agent.definition.name} is still starting with your previous message: send this one once that shows.`);
    }
    // (The failed message itself comes back with Retry.)
    if (earlier && earlier !== parts) throw new Error('Your earlier message was not sent: Retry it, or Edit it into this one, first.');
    surface.start.begin(agent, parts);
    shown();
    let target: OpenSession;
    try {
      target = await this.startTarget(surface, named);
    } catch (error) {
      // newSession said it already (a failure of its own start); a revive did not.
      if (surface.start.current?.state !== 'failed') surface.start.fail(agent, error, parts);
      return;
    }
    try {
      await this.registry.submitPrompt(target.key, parts, () => surface.start.clear());
    } catch (error) {
      if (surface.start.current?.prompt !== parts) throw error;
      surface.start.fail(agent, error, parts);
    }
  }

  async promptTarget(surface: ChatSurface, key: SessionKey | undefined): Promise<OpenSession> {
    const meant = this.meant(surface, key);
    const named = meant === undefined ? surface.shown : this.registry.require(meant);
    if (named?.opening) throw new Error('The session is still being brought back: wait until its conversation shows.');
    if (named && !named.session.ended && (meant !== undefined || !surface.creating)) return named;
    return this.startTarget(surface, named);
  }

  async authenticate(surface: ChatSurface, methodId: string): Promise<OpenSession> {
    await this.actions.authenticate(requireAgent(surface), methodId);
    return this.newSession(surface);
  }

  /** Restarts the agent (it reads new credentials from its environment or its own login), then starts a session. */
  async reconnect(surface: ChatSurface): Promise<OpenSession> {
    await this.restartAgent(surface);
    return this.newSession(surface);
  }

  /**
   * Restarts the surface's agent (ACP: Restart Agent, the chat's Restart buttons), also while it starts or hangs. The
   * surface's session's running turn (one that would not stop) ends cancelled and stays on screen; the messages queued
   * behind it are kept and go, in order, to the session that takes over (see sendQueued). A start under way for the
   * surface goes on with the restarted agent.
   */
  async restartAgent(surface: ChatSurface): Promise<void> {
    const agent = requireAgent(surface);
    const open = surface.shown;
    const stuck = open && open.agent === agent && !open.session.ended && open.session.busy ? open : undefined;
    const queued = stuck ? stuck.prompts.queue.takeAll().map((item) => item.parts) : [];
    const waiting = surface.start.current;
    // The message first in line waits on screen while the agent restarts; a start under way counts its time anew.
    if (queued[0]) surface.start.begin(agent, queued[0]);
    else if (waiting?.state === 'starting' && waiting.agentId === agent.definition.id) surface.start.begin(agent);
    try {
      await this.actions.restart(agent, stuck);
    } catch (error) {
      if (queued[0]) surface.start.fail(agent, error, queued[0]);
      throw error;
    }
    if (stuck && queued.length > 0) await this.sendQueued(surface, stuck, queued);
  }

  /**
   * The messages queued in a session whose agent was restarted go to the session that takes over from it: the same
   * conversation brought back with session/load when the agent offers it (nothing is lost), else a new session. The
   * first is sent there, the others queue behind it; resolves once the first is in that session's transcript.
   */
  private async sendQueued(surface: ChatSurface, ended: OpenSession, queued: PromptParts[]): Promise<void> {
    const [first, ...rest] = queued;
    let target: OpenSession;
    try {
      target = await this.startTarget(surface, ended);
    } catch (error) {
      if (surface.start.current?.state !== 'failed') surface.start.fail(ended.agent, error, first);
      return;
    }
    let onScreen!: () => void;
    const shown = new Promise<void>((resolve) => (onScreen = resolve));
    const turn = this.registry.submitPrompt(target.key, first, () => {
      surface.start.clear();
      onScreen();
    });
    for (const parts of rest) await this.registry.submitPrompt(target.key, parts);
    turn.catch((error: unknown) => {
      if (surface.start.current?.prompt === first) surface.start.fail(ended.agent, error, first);
      else this.log(`A queued message could not be sent to the restarted agent: ${error instanceof Error ? error.message : String(error)}`);
    });
    await Promise.race([shown, turn.catch(() => undefined)]);
  }

  /** The session a prompt naming `key` is meant for; none (the shown one, or the one being created) for the one a new session replaces. */
  private meant(surface: ChatSurface, key: SessionKey | undefined): SessionKey | undefined {
    if (key === undefined || key !== surface.replacedKey) return key;
    this.log(`A message to session ${key}, sent before the ${surface.name} showed the new session that replaces it, goes to the new one.`);
    return undefined;
  }

  /** The session a prompt that found none goes to: the ended one brought back (else a new one in its folder), the one being created, or a new one. */
  private async startTarget(surface: ChatSurface, named: OpenSession | undefined): Promise<OpenSession> {
    if (named?.session.ended) return (await this.registry.revive(named, (open) => surface.show(open.key))) ?? (await this.newSession(surface, { cwd: named.cwd }));
    return surface.creating ?? this.newSession(surface);
  }

  private async createShown(surface: ChatSurface, options: { cwd?: string }): Promise<OpenSession> {
    const selected = this.pool.selected;
    if (!selected) throw new Error('No agent is selected.');
    let previous: OpenSession | undefined;
    const open = await this.registry.create(selected, options, (added) => {
      previous = surface.shown;
      surface.show(added.key);
      // The surface may still show the previous session for a moment: a prompt sent under it comes here.
      surface.replacedKey = previous?.key;
    });
    // A session never used (nothing said in it) makes way for the new one instead of piling up in the list.
    if (previous && !previous.opening && previous.session.state.entries.length === 0 && this.surfaces.showing(previous.key).length === 0) {
      await this.close(previous.key);
    }
    return open;
  }
}

function requireAgent(surface: ChatSurface): PooledAgent {
  const agent = surface.shownAgent();
  if (!agent) throw new Error('No agent is selected.');
  return agent;
}
