// The user's say on files outside the session's roots, and on places where secrets are kept. The policy for outside
// files comes from the user's settings (ask | allow | deny). With "ask", an answer is a grant for the folder of the
// file asked about and everything below it (where it really leads: symlinks and `..` resolved), for one kind of
// access (reading and writing are asked separately), until the session ends. Concurrent requests about one folder
// (or one secret file) share one prompt. A dismissed prompt refuses that one request and is not remembered.
//
// A place where secrets are kept (secretLocations.ts) is asked about every time, its answer is for that one access,
// no grant covers it, and "allow" in the settings does not either; "deny" refuses it outside the roots as any file.
import { isWithin } from './pathAccess';
import type { SecretLocation } from './secretLocations';

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
  /** The folder an "allow for this session" answer covers (with everything below it): the real path's folder. */
  folder: string;
  /** The file is in a place where secrets are kept: the answer is for this access only. */
  secret?: SecretLocation;
}

/** Asks the user; undefined when they dismissed the question. */
export interface ConsentPrompt {
  ask(request: ConsentRequest): Promise<ConsentAnswer>;
}

export const OUTSIDE_ROOTS_POLICIES: readonly OutsideRootsPolicy[] = ['ask', 'allow', 'deny'];

export function outsideRootsPolicyOf(value: unknown): OutsideRootsPolicy {
  return OUTSIDE_ROOTS_POLICIES.find((policy) => policy === value) ?? 'ask';
}

interface Grant {
  kind: AccessKind;
  folder: string;
  answer: 'allow' | 'deny';
}

/** One session's answers (a files part owns them; they go with the session). */
export class SessionConsents {
  private readonly grants: Grant[] = [];
  private readonly pending = new Map<string, Promise<ConsentAnswer>>();
  private ended = false;

  /** `prompt` is looked up on every question, so a test can swap it. */
  constructor(private readonly prompt: () => ConsentPrompt) {}

  /** True when the access may go ahead. `policy`: the setting for this file ("allow" for a file in the roots). */
  async decide(policy: OutsideRootsPolicy, request: ConsentRequest): Promise<boolean> {
    if (request.secret) return policy !== 'deny' && (await this.ask(request, `secret\0${request.kind}\0${request.realPath}`, false)) === 'allow';
    if (policy !== 'ask') return policy === 'allow';
    const remembered = this.remembered(request.kind, request.realPath);
    if (remembered) return remembered === 'allow';
    return (await this.ask(request, `${request.kind}\0${request.folder}`, true)) === 'allow';
  }

  /** The answer a grant gives for this access (the grant of the nearest folder), if any. */
  remembered(kind: AccessKind, realPath: string): 'allow' | 'deny' | undefined {
    let nearest: Grant | undefined;
    for (const grant of this.grants) {
      if (grant.kind !== kind || !isWithin(realPath, grant.folder)) continue;
      if (!nearest || grant.folder.length > nearest.folder.length) nearest = grant;
    }
    return nearest?.answer;
  }

  /** The session ended: nothing is remembered, and a prompt still open no longer counts. */
  clear(): void {
    this.ended = true;
    this.grants.length = 0;
    this.pending.clear();
  }

  /** How many grants there are. */
  get count(): number {
    return this.grants.length;
  }

  private async ask(request: ConsentRequest, key: string, remember: boolean): Promise<ConsentAnswer> {
    let pending = this.pending.get(key);
    if (!pending) {
      const asked = this.prompt().ask(request);
      pending = asked;
      this.pending.set(key, asked);
      const settle = (answer: ConsentAnswer): void => {
        if (this.pending.get(key) === asked) this.pending.delete(key);
        if (answer && remember && !this.ended) this.grants.push({ kind: request.kind, folder: request.folder, answer });
      };
      asked.then(settle, () => settle(undefined));
    }
    return pending.catch(() => undefined);
  }
}
