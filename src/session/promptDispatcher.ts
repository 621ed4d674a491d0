// Sends the composer's prompts: at once when the agent is free, otherwise into the queue, which drains in order as
// turns end. After a cancelled or failed turn the queue pauses (the user stopped the agent for a reason) until the
// user resumes it or removes the items. The queue belongs to the shown session: when another session is shown, the
// queue waits with its session and comes back when that session is shown again (a prompt written while the first
// session is being created waits for that session). No `vscode` here.
import type { Event } from 'vscode-jsonrpc/node';
import type { ContentBlock, PromptCapabilities } from '../shared/acp';
import type { PromptParts } from '../shared/composerProtocol';
import type { SessionChange, SessionHeader } from '../shared/model';
import { ParkedQueue, PromptQueue } from './promptQueue';
import type { PromptBuilder } from './sessionManager';

/** The part of a Session the dispatcher watches. */
export interface DispatchSession {
  readonly busy: boolean;
  readonly ended: boolean;
  readonly state: { readonly header: Pick<SessionHeader, 'turn' | 'lastStopReason'> };
  readonly onDidChange: Event<SessionChange>;
}

/** The part of the SessionManager the dispatcher uses. */
export interface DispatchTarget {
  readonly session: DispatchSession | undefined;
  readonly onDidChangeSession: Event<DispatchSession | undefined>;
  prompt(build: PromptBuilder): Promise<void>;
}

export type PartsResolver = (parts: PromptParts, capabilities: PromptCapabilities) => Promise<ContentBlock[]>;

export class PromptDispatcher {
  readonly queue = new PromptQueue();
  /** Set from a send until its turn starts (or the send fails): the agent counts as busy meanwhile. */
  private starting: object | undefined;
  private watched: DispatchSession | undefined;
  /** The queues of sessions not shown, until they are shown again (gone with their session). */
  private readonly parked = new WeakMap<DispatchSession, ParkedQueue>();
  private sessionSubscription: { dispose(): void } | undefined;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly target: DispatchTarget,
    private readonly resolve: PartsResolver,
    /** A queued prompt that could not be sent (a direct one rejects its submit instead). */
    private readonly onError: (error: unknown) => void,
  ) {
    this.subscription = target.onDidChangeSession((session) => this.watch(session));
    this.watch(target.session);
  }

  /** Sends now (resolving when the turn is over) or queues (resolving at once). */
  submit(parts: PromptParts): Promise<void> {
    if (this.mustQueue()) {
      this.queue.add(parts);
      this.drain();
      return Promise.resolve();
    }
    return this.send(parts);
  }

  remove(id: string): boolean {
    return this.queue.remove(id);
  }

  resume(): void {
    this.queue.setPaused(false);
    this.drain();
  }

  dispose(): void {
    this.subscription.dispose();
    this.sessionSubscription?.dispose();
    this.queue.dispose();
  }

  private mustQueue(): boolean {
    const session = this.target.session;
    if (this.starting || (session !== undefined && !session.ended && session.busy)) return true;
    return this.queue.length > 0 && !this.queue.paused;
  }

  private async send(parts: PromptParts): Promise<void> {
    const token = {};
    this.starting = token;
    try {
      await this.target.prompt((capabilities) => this.resolve(parts, capabilities));
    } catch (error) {
      if (this.starting === token) {
        // It failed before its turn started (no agent, nothing to send): the queue waits for the user.
        this.starting = undefined;
        if (this.queue.length > 0) this.queue.setPaused(true);
      }
      throw error;
    }
    if (this.starting === token) this.starting = undefined;
    this.drain();
  }

  /** A turn ended: go on with the queue, unless the turn was cancelled or failed. */
  private afterTurn(session: DispatchSession): void {
    if (this.queue.length === 0) return;
    const reason = session.state.header.lastStopReason;
    if (session.ended || reason === undefined || reason === 'cancelled') this.queue.setPaused(true);
    else this.drain();
  }

  private drain(): void {
    if (this.starting || this.queue.paused || this.target.session?.busy) return;
    const next = this.queue.shift();
    if (next) this.send(next.parts).catch((error: unknown) => this.onError(error));
  }

  private watch(session: DispatchSession | undefined): void {
    if (session === this.watched) return;
    // A session our own prompt is creating adopts the queue; otherwise the queue waits with its session.
    if (this.watched !== undefined && !this.starting) {
      const parked = this.queue.takeAll();
      if (parked.items.length > 0) this.parked.set(this.watched, parked);
    }
    this.sessionSubscription?.dispose();
    this.watched = session;
    let wasBusy = session?.busy ?? false;
    this.sessionSubscription = session?.onDidChange((change) => {
      if (!change.header || session.busy === wasBusy) return;
      wasBusy = session.busy;
      if (wasBusy) this.starting = undefined;
      else this.afterTurn(session);
    });
    const waiting = session ? this.parked.get(session) : undefined;
    if (session && waiting) {
      this.parked.delete(session);
      this.queue.restore(waiting);
      this.drain();
    }
  }
}
