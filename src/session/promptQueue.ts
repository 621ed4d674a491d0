// Prompts written while the agent works, in the order written. Plain data and a change event; when they are sent is
// decided by the session's SessionPrompts. No `vscode` here.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { PromptParts, PromptQueueView } from '../shared/protocol/composerProtocol';

export interface QueuedPrompt {
  id: string;
  parts: PromptParts;
}

/** How much of a queued prompt's text the view gets. */
const PREVIEW_CHARS = 300;

export class PromptQueue {
  private items: QueuedPrompt[] = [];
  private isPaused = false;
  private counter = 0;
  private readonly changeEmitter = new Emitter<PromptQueueView>();
  readonly onDidChange: Event<PromptQueueView> = this.changeEmitter.event;

  get length(): number {
    return this.items.length;
  }

  get paused(): boolean {
    return this.isPaused;
  }

  add(parts: PromptParts): QueuedPrompt {
    const item = { id: `q${++this.counter}`, parts };
    this.items.push(item);
    this.changed();
    return item;
  }

  remove(id: string): boolean {
    const before = this.items.length;
    this.items = this.items.filter((item) => item.id !== id);
    if (this.items.length === before) return false;
    if (this.items.length === 0) this.isPaused = false;
    this.changed();
    return true;
  }

  /** Takes the oldest prompt out. */
  shift(): QueuedPrompt | undefined {
    const item = this.items.shift();
    if (item) this.changed();
    return item;
  }

  /** Takes every prompt out, oldest first (they go elsewhere: the session that takes over from this one). */
  takeAll(): QueuedPrompt[] {
    const items = this.items;
    this.items = [];
    this.isPaused = false;
    if (items.length > 0) this.changed();
    return items;
  }

  clear(): void {
    if (this.items.length === 0 && !this.isPaused) return;
    this.items = [];
    this.isPaused = false;
    this.changed();
  }

  setPaused(paused: boolean): void {
    if (this.isPaused === paused) return;
    this.isPaused = paused;
    this.changed();
  }

  view(): PromptQueueView {
    return {
      items: this.items.map(({ id, parts }) => ({
        id,
        text: parts.text.length > PREVIEW_CHARS ? `${parts.text.slice(0, PREVIEW_CHARS)}…` : parts.text,
        mentions: parts.mentions.length,
        images: parts.images.length,
      })),
      paused: this.isPaused,
    };
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }

  private changed(): void {
    this.changeEmitter.fire(this.view());
  }
}
