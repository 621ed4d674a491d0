// Answers many single questions with few calls: the questions asked within one turn of the event loop go out as one
// batch, and those asked while a batch is out wait for it and go together as the next. A burst of file events costs
// one call, not one per file. Pure (the scheduling is given).

export type Schedule = (run: () => void) => void;

export class Batcher<Q, A> {
  private waiting = new Map<Q, ((answer: PromiseSettledResult<A>) => void)[]>();
  private scheduled = false;
  private running = false;

  constructor(
    /** Answers every question of a batch (a question it leaves out is refused). */
    private readonly answerAll: (questions: Q[]) => Promise<Map<Q, A>>,
    private readonly schedule: Schedule = setImmediate,
  ) {}

  ask(question: Q): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      const settle = (answer: PromiseSettledResult<A>): void => (answer.status === 'fulfilled' ? resolve(answer.value) : reject(answer.reason));
      const askers = this.waiting.get(question);
      if (askers) askers.push(settle);
      else this.waiting.set(question, [settle]);
      this.flushSoon();
    });
  }

  private flushSoon(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    this.running = true;
    let answers: Map<Q, A> | undefined;
    let failure: unknown;
    try {
      answers = await this.answerAll([...batch.keys()]);
    } catch (error) {
      failure = error;
    }
    this.running = false;
    for (const [question, askers] of batch) {
      const answer: PromiseSettledResult<A> =
        answers?.has(question) === true
          ? { status: 'fulfilled', value: answers.get(question) as A }
          : { status: 'rejected', reason: failure ?? new Error(`No answer for ${String(question)}`) };
      askers.forEach((settle) => settle(answer));
    }
    if (this.waiting.size > 0) this.flushSoon();
  }
}
