// The user's say on files outside the session's roots. The policy comes from the user's settings
// (ask | allow | deny); with "ask", the prompt's answer is remembered per session and per kind of access
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

interface SessionMemory {
  answers: Map<AccessKind, 'allow' | 'deny'>;
  pending: Map<AccessKind, Promise<ConsentAnswer>>;
}

export class SessionConsents {
  private readonly sessions = new Map<string, SessionMemory>();

  /** `prompt` is looked up on every question, so a test can swap it. */
  constructor(private readonly prompt: () => ConsentPrompt) {}

  /** True when the access may go ahead. */
  async decide(policy: OutsideRootsPolicy, request: ConsentRequest): Promise<boolean> {
    if (policy !== 'ask') return policy === 'allow';
    const memory = this.memoryOf(request.sessionKey);
    const remembered = memory.answers.get(request.kind);
    if (remembered) return remembered === 'allow';
    let pending = memory.pending.get(request.kind);
    if (!pending) {
      pending = this.prompt().ask(request);
      memory.pending.set(request.kind, pending);
      const settle = (answer: ConsentAnswer): void => {
        if (memory.pending.get(request.kind) === pending) memory.pending.delete(request.kind);
        if (answer) memory.answers.set(request.kind, answer);
      };
      pending.then(settle, () => settle(undefined));
    }
    return (await pending.catch(() => undefined)) === 'allow';
  }

  /** What was remembered for the session (for tests and a future settings UI). */
  remembered(sessionKey: string, kind: AccessKind): 'allow' | 'deny' | undefined {
    return this.sessions.get(sessionKey)?.answers.get(kind);
  }

  forget(sessionKey: string): void {
    this.sessions.delete(sessionKey);
  }

  /** How many remembered answers the session holds (0 or 1 per kind of access). */
  count(sessionKey: string): number {
    return this.sessions.get(sessionKey)?.answers.size ?? 0;
  }

  private memoryOf(sessionKey: string): SessionMemory {
    let memory = this.sessions.get(sessionKey);
    if (!memory) {
      memory = { answers: new Map(), pending: new Map() };
      this.sessions.set(sessionKey, memory);
    }
    return memory;
  }
}
