// A session's prompts as the composer sends them: at once when its agent is free, otherwise into the session's own
// queue, which drains in order as the session's turns end. After a cancelled or failed turn the queue pauses (the
// user stopped the agent for a reason) until the user resumes it or removes the items. Each session has its own
// queue, which stays with it while another session is shown and goes when it closes. No `vscode` here.
import type { Event } from 'vscode-jsonrpc/node';
import type { PromptParts } from '../shared/protocol/composerProtocol';
import type { SessionChange, SessionHeader } from '../shared/transcript/model';
import { PromptQueue } from './promptQueue';

/** The part of a Session its prompts watch. */
export interface PromptingSession {
  readonly busy: boolean;
  readonly ended: boolean;
  readonly state: { readonly header: Pick<SessionHeader, 'turn' | 'lastStopReason'> };
  readonly onDidChange: Event<SessionChange>;
}

export class SessionPrompts {
  readonly queue = new PromptQueue();
  /** Set from a send until its turn starts (or the send fails): the agent counts as busy meanwhile. */
  private starting: object | undefined;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly session: PromptingSession,
    /** Builds the prompt for the agent and sends it (`shown`: its message is in the transcript); resolves when the turn is over. */
    private readonly send: (parts: PromptParts, shown?: () => void) => Promise<void>,
    /** A queued prompt that could not be sent (a direct one rejects its submit instead). */
    private readonly onError: (error: unknown) => void,
  ) {
    let wasBusy = session.busy;
    this.subscription = session.onDidChange((change) => {
      if (!change.header || session.busy === wasBusy) return;
      wasBusy = session.busy;
      if (wasBusy) this.starting = undefined;
      else this.afterTurn();
    });
  }

  /**
   * Sends now (resolving when the turn is over) or queues (resolving at once). `shown` is called once the message is
   * on screen: in the transcript, or in the queue.
   */
  submit(parts: PromptParts, shown?: () => void): Promise<void> {
    if (this.mustQueue()) {
      this.queue.add(parts);
      shown?.();
      this.drain();
      return Promise.resolve();
    }
    return this.sendNow(parts, shown);
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
    this.queue.dispose();
  }

  private mustQueue(): boolean {
    if (this.starting || (!this.session.ended && this.session.busy)) return true;
    return this.queue.length > 0 && !this.queue.paused;
  }

  private async sendNow(parts: PromptParts, shown?: () => void): Promise<void> {
    const token = {};
    this.starting = token;
    try {
      await this.send(parts, shown);
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
  private afterTurn(): void {
    if (this.queue.length === 0) return;
    const reason = this.session.state.header.lastStopReason;
    if (this.session.ended || reason === undefined || reason === 'cancelled') this.queue.setPaused(true);
    else this.drain();
  }

  private drain(): void {
    if (this.starting || this.queue.paused || this.session.busy) return;
    const next = this.queue.shift();
    if (next) this.sendNow(next.parts).catch((error: unknown) => this.onError(error));
  }
}
