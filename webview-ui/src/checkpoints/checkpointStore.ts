// The user messages of the shown session that have a checkpoint, and the restore plans the host sent for them, as
// the host last sent them. Pure (runs under mocha).
import type { CheckpointHostMessage, CheckpointLink } from '../../../src/shared/protocol/checkpointProtocol';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';

export type RestorePlanMessage = Extract<CheckpointHostMessage, { type: 'checkpointPlan' }>;

export class CheckpointStore {
  private sessionKey: SessionKey | undefined;
  private links = new Map<string, CheckpointLink>();
  private plans = new Map<string, RestorePlanMessage>();
  private readonly listeners = new Set<() => void>();
  private changes = 0;

  /** Bumped on every change (a component that subscribes late can tell it missed one). */
  get version(): number {
    return this.changes;
  }

  /** The checkpoint of a message of session `sessionKey`, if it has one. */
  link(sessionKey: SessionKey | undefined, entryId: string): CheckpointLink | undefined {
    return sessionKey !== undefined && sessionKey === this.sessionKey ? this.links.get(entryId) : undefined;
  }

  /** The plan the host sent for a message, until it is dismissed. */
  plan(sessionKey: SessionKey | undefined, entryId: string): RestorePlanMessage | undefined {
    const plan = this.plans.get(entryId);
    return plan && plan.sessionKey === sessionKey ? plan : undefined;
  }

  dismissPlan(entryId: string): void {
    if (this.plans.delete(entryId)) this.changed();
  }

  apply(message: HostToWebview): void {
    if (message.type === 'checkpoints') {
      if (message.sessionKey !== this.sessionKey) this.plans.clear();
      this.sessionKey = message.sessionKey;
      this.links = new Map(message.links.map((link) => [link.entryId, link]));
      this.changed();
    } else if (message.type === 'checkpointPlan') {
      this.plans.set(message.entryId, message);
      this.changed();
    }
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.changes++;
    for (const listener of [...this.listeners]) listener();
  }
}
