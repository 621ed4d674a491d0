// Debounces a burst of values down to its latest one. Pure: the clock is injected, so tests drive time by hand.
// A value is delivered `quietMs` after the last push, or at the latest `maxWaitMs` after the first push of a burst
// (an agent that never pauses is still followed, just not at every step).

export interface Clock {
  /** Runs `callback` after about `delayMs`; returns a function that cancels it. */
  schedule(callback: () => void, delayMs: number): () => void;
  now(): number;
}

export const realClock: Clock = {
  schedule(callback, delayMs) {
    const handle = setTimeout(callback, delayMs);
    return () => clearTimeout(handle);
  },
  now: () => Date.now(),
};

export interface LatestOnlyTiming {
  quietMs: number;
  maxWaitMs: number;
}

export class LatestOnly<T> {
  private latest: { value: T } | undefined;
  private burstStartedAt = 0;
  private cancelTimer: (() => void) | undefined;

  constructor(
    private readonly timing: LatestOnlyTiming,
    private readonly deliver: (value: T) => void,
    private readonly clock: Clock = realClock,
  ) {}

  /** The value waiting to be delivered, if any. */
  get pending(): T | undefined {
    return this.latest?.value;
  }

  push(value: T): void {
    const now = this.clock.now();
    if (!this.latest) this.burstStartedAt = now;
    this.latest = { value };
    this.cancelTimer?.();
    const untilMax = this.burstStartedAt + this.timing.maxWaitMs - now;
    this.cancelTimer = this.clock.schedule(() => this.fire(), Math.max(0, Math.min(this.timing.quietMs, untilMax)));
  }

  /** Drops the waiting value. */
  cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.latest = undefined;
  }

  private fire(): void {
    const latest = this.latest;
    this.cancel();
    if (latest) this.deliver(latest.value);
  }
}
