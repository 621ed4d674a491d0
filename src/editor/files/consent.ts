// The user's say on files outside the session's roots. The policy comes from the user's settings
// (ask | allow | deny); with "ask", the prompt's answer is remembered per session (one SessionConsents each) and per kind of access
// (reading and writing are asked separately) until the session ends. Concurrent requests share one prompt.
// A dismissed prompt refuses that one request and is not remembered.

export type OutsideRootsPolicy = 'ask' | 'allow' | 'deny';
export type AccessKind = 'read' | 'write';
export type ConsentAnswer = 'allow' | 'deny' | undefined;

export interface ConsentRequest {
  sessionKey: string;
  kind: AccessKind;
  /** The normalised path asked for. */
  path: string;
  /** Where it really leads, when that differs (a symlink). */
  realPath: string;
}

/** Asks the user; undefined when they dismissed the question. */
export interface ConsentPrompt {
  ask(request: ConsentRequest): Promise<ConsentAnswer>;
}

export const OUTSIDE_ROOTS_POLICIES: readonly OutsideRootsPolicy[] = ['ask', 'allow', 'deny'];

export function outsideRootsPolicyOf(value: unknown): OutsideRootsPolicy {
  return OUTSIDE_ROOTS_POLICIES.find((policy) => policy === value) ?? 'ask';
}

/** One session's answers (a files part owns them; they go with the session). */
export class SessionConsents {
  private readonly answers = new Map<AccessKind, 'allow' | 'deny'>();
  private readonly pending = new Map<AccessKind, Promise<ConsentAnswer>>();
  private ended = false;

  /** `prompt` is looked up on every question, so a test can swap it. */
  constructor(private readonly prompt: () => ConsentPrompt) {}

  /** True when the access may go ahead. */
  async decide(policy: OutsideRootsPolicy, request: ConsentRequest): Promise<boolean> {
    if (policy !== 'ask') return policy === 'allow';
    const remembered = this.answers.get(request.kind);
    if (remembered) return remembered === 'allow';
    let pending = this.pending.get(request.kind);
    if (!pending) {
      const asked = this.prompt().ask(request);
      pending = asked;
      this.pending.set(request.kind, asked);
      const settle = (answer: ConsentAnswer): void => {
        if (this.pending.get(request.kind) === asked) this.pending.delete(request.kind);
        if (answer && !this.ended) this.answers.set(request.kind, answer);
      };
      asked.then(settle, () => settle(undefined));
    }
    return (await pending.catch(() => undefined)) === 'allow';
  }

  /** What was remembered (for tests and a future settings UI). */
  remembered(kind: AccessKind): 'allow' | 'deny' | undefined {
    return this.answers.get(kind);
  }

  /** The session ended: nothing is remembered, and a prompt still open no longer counts. */
  clear(): void {
    this.ended = true;
    this.answers.clear();
    this.pending.clear();
  }

  /** How many remembered answers there are (0 or 1 per kind of access). */
  get count(): number {
    return this.answers.size;
  }
}
