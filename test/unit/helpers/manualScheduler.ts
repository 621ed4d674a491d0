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

  /** Due at once: runs on the next `advance` (or `turn`), as the turn of the event loop after this one. */
  soon(callback: () => void): () => void {
    return this.schedule(callback, 0);
  }

  now(): number {
    return this.time;
  }

  /** Moves the clock on by `ms` and runs what is due, also what that schedules due by then (turn after turn). */
  advance(ms: number): void {
    this.time += ms;
    for (let turns = 0; turns < 10_000 && this.turn(); turns++);
  }

  /** Runs what is due now, once (one turn of the event loop); false when nothing was. */
  turn(): boolean {
    const due = this.queue.filter((i) => i.at <= this.time && !i.cancelled);
    this.queue = this.queue.filter((i) => i.at > this.time && !i.cancelled);
    due.forEach((i) => i.callback());
    return due.length > 0;
  }

  get pending(): number {
    return this.queue.filter((i) => !i.cancelled).length;
  }
}
