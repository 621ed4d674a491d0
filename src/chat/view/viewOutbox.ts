// What the host posts to the chat view, held while the view cannot take it (not ready yet, or hidden): messages
// that carry state are not kept, since the view gets a fresh snapshot when it comes back; the latest answer of a
// kind (the history list) is kept; one-off messages (a mention to add, file search results) are kept in order, up
// to a bound. Pure: no `vscode`, no node.
import type { HostToWebview } from '../../shared/protocol/webviewProtocol';

/**
 * How a message is held while the view is away:
 * - `state`: covered by the snapshot (transcript, agent, sessions list, queue, permission level): not kept.
 * - `latest`: only the newest of its type is kept.
 * - `transient`: kept in order (bounded).
 */
export type Delivery = 'state' | 'latest' | 'transient';

export function deliveryOf(message: HostToWebview): Delivery {
  switch (message.type) {
    case 'snapshot':
    case 'agent':
    case 'headerStatus':
    case 'entries':
    case 'header':
    case 'olderEntries':
    case 'terminalOutput':
    case 'sessions':
    case 'queue':
    case 'permissionLevel':
    case 'starting':
    case 'changes':
    case 'checkpoints':
      return 'state';
    case 'history':
      return 'latest';
    default:
      return 'transient';
  }
}

/** How many held messages are kept at most; the oldest go first. */
export const HELD_LIMIT = 100;

/** The messages kept for a view that cannot take them, by their delivery class (a state message is not kept). */
export class HeldMessages {
  private held: HostToWebview[] = [];

  constructor(private readonly limit = HELD_LIMIT) {}

  /** Messages waiting for the view. */
  get pending(): readonly HostToWebview[] {
    return this.held;
  }

  /** Keeps the message for later; false when it is not kept (it carries state, which a snapshot covers). */
  hold(message: HostToWebview): boolean {
    const delivery = deliveryOf(message);
    if (delivery === 'state') return false;
    if (delivery === 'latest') this.held = this.held.filter((held) => held.type !== message.type);
    this.held.push(message);
    if (this.held.length > this.limit) this.held.splice(0, this.held.length - this.limit);
    return true;
  }

  /** The kept messages, in order; none are kept after. */
  take(): HostToWebview[] {
    const held = this.held;
    this.held = [];
    return held;
  }
}

export interface ViewOutboxDeps {
  /** Posts to the view (only called while it is open). */
  send(message: HostToWebview): void;
  /** Posts everything the view shows of the host's state, through `post` (called while open). */
  sendSnapshot(): void;
}

export class ViewOutbox {
  private open = false;
  /** The view missed state (or has none yet): it needs a snapshot when it opens. */
  private stale = true;
  private readonly held: HeldMessages;

  constructor(
    private readonly deps: ViewOutboxDeps,
    limit = HELD_LIMIT,
  ) {
    this.held = new HeldMessages(limit);
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Messages waiting for the view. */
  get pending(): readonly HostToWebview[] {
    return this.held.pending;
  }

  post(message: HostToWebview): void {
    if (this.open) {
      this.deps.send(message);
      return;
    }
    if (!this.held.hold(message)) this.stale = true;
  }

  /** The state changed wholesale (another session is shown): a snapshot now when open, else when it opens. */
  refresh(): void {
    if (this.open) this.sendSnapshot();
    else this.stale = true;
  }

  /**
   * The view can take messages (it said `ready`, or it is on screen again): a snapshot when it missed state
   * (always for a new document: `fresh`), then what was held, in order.
   */
  opened(fresh: boolean): void {
    this.open = true;
    if (fresh || this.stale) this.sendSnapshot();
    for (const message of this.held.take()) this.deps.send(message);
  }

  /** The view went away (hidden, or its document is gone); `lost`: it will start over with a new document. */
  closed(lost = false): void {
    this.open = false;
    if (lost) this.stale = true;
  }

  private sendSnapshot(): void {
    this.stale = false;
    this.deps.sendSnapshot();
  }
}
