// Cancellation of one prompt turn: session/cancel raises the gate; steps look at it between chunks and pauses.
// `waitForCancel` acknowledges it, after which the turn's remaining steps play undisturbed.

export class CancelGate {
  private raised = false;
  private acknowledged = false;
  private readonly waiters: (() => void)[] = [];

  /** A cancel came (whether or not the scenario handled it). */
  get requested(): boolean {
    return this.raised;
  }

  /** A cancel came and the scenario did not take it in hand: steps should stop. */
  get interrupting(): boolean {
    return this.raised && !this.acknowledged;
  }

  raise(): void {
    if (this.raised) return;
    this.raised = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  acknowledge(): void {
    this.acknowledged = true;
  }

  whenRaised(): Promise<void> {
    if (this.raised) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves with `undefined` when the cancel comes first, else with the promise's value. */
  race<T>(work: Promise<T>): Promise<T | undefined> {
    if (this.interrupting) return Promise.resolve(undefined);
    return Promise.race([work, this.whenRaised().then(() => (this.interrupting ? undefined : work))]);
  }
}

/** A gate that never rises (for steps played outside a prompt turn). */
export function idleGate(): CancelGate {
  return new CancelGate();
}

/** Waits `ms`; returns true when a cancel cut the pause short. */
export async function pause(ms: number, gate: CancelGate): Promise<boolean> {
  if (gate.interrupting) return true;
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const cancelled = gate.whenRaised().then(() => gate.interrupting);
  const result = await Promise.race([elapsed, cancelled.then((interrupted) => (interrupted ? true : elapsed))]);
  clearTimeout(timer);
  return result;
}
