// How often an agent may be restarted: at most `maxRestarts` within a sliding window of `windowMs`
// (default 4 in 3 minutes, as the LSP client does). Pure: the clock is injectable.

export interface RestartBudgetOptions {
  /** Default 4. */
  maxRestarts?: number;
  /** Default 180000 (3 minutes). */
  windowMs?: number;
  /** Default Date.now. */
  now?: () => number;
}

export class RestartBudget {
  private readonly maxRestarts: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  /** When each restart still inside the window was granted, oldest first. */
  private granted: number[] = [];

  constructor(options: RestartBudgetOptions = {}) {
    this.maxRestarts = options.maxRestarts ?? 4;
    this.windowMs = options.windowMs ?? 180_000;
    this.now = options.now ?? Date.now;
  }

  /** Takes one restart from the budget; false (and nothing taken) when the budget is spent. */
  tryConsume(): boolean {
    const now = this.now();
    this.forgetOlderThan(now);
    if (this.granted.length >= this.maxRestarts) return false;
    this.granted.push(now);
    return true;
  }

  /** Restarts still allowed right now. */
  remaining(): number {
    this.forgetOlderThan(this.now());
    return Math.max(0, this.maxRestarts - this.granted.length);
  }

  private forgetOlderThan(now: number): void {
    const cutoff = now - this.windowMs;
    let drop = 0;
    while (drop < this.granted.length && this.granted[drop]! <= cutoff) drop++;
    if (drop > 0) this.granted = this.granted.slice(drop);
  }
}
