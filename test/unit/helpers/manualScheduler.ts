// A frame scheduler with a hand-driven clock, for the coalescers' tests.
import type { FrameScheduler } from '../../../src/shared/frameScheduler';

export class ManualScheduler implements FrameScheduler {
  time = 0;
  private queue: { at: number; callback: () => void; cancelled: boolean }[] = [];

  schedule(callback: () => void, delayMs: number): () => void {
    const item = { at: this.time + delayMs, callback, cancelled: false };
    this.queue.push(item);
    return () => {
      item.cancelled = true;
    };
  }

  now(): number {
    return this.time;
  }

  advance(ms: number): void {
    this.time += ms;
    const due = this.queue.filter((i) => i.at <= this.time && !i.cancelled);
    this.queue = this.queue.filter((i) => i.at > this.time && !i.cancelled);
    due.forEach((i) => i.callback());
  }

  get pending(): number {
    return this.queue.filter((i) => !i.cancelled).length;
  }
}
