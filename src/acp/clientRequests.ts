// The agent → client requests that act on the user's machine (fs/*, terminal/*), served per session by
// services the extension plugs in. Each handler validates its own params (invalid: -32602 naming the field).
import { type CancellationToken, ResponseError } from 'vscode-jsonrpc/node';
import type { ClientServiceMethod } from './clientConnection';
import type { SessionKey } from '../shared/sessionKey';

export type { ClientServiceMethod };

/** What a service knows of the session a request belongs to. */
export interface SessionScope {
  /** The client's key of the session: what services keep a session's state under. */
  readonly sessionKey: SessionKey;
  /** The agent's id of the session (what the agent's requests name). */
  readonly sessionId: string;
  /** The session's working directory (absolute). */
  readonly cwd: string;
  /** Folders the agent may use without asking: the workspace folders and the session's additional directories. */
  readonly roots: readonly string[];
}

/** An error answer the user should also see: the session shows `notice` in the chat when a handler rejects with it. */
export class NoticedError extends ResponseError<unknown> {
  constructor(
    code: number,
    message: string,
    readonly notice: string,
    data?: unknown,
  ) {
    super(code, message, data);
    // ResponseError's constructor resets the prototype to its own; keep this class's.
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** Serves one request of the part's session (validating its params). */
export type SessionRequestHandler = (params: unknown, token: CancellationToken) => Promise<unknown>;

/** What a feature keeps for one session (file baselines and consents, terminals): its handlers and its state. */
export interface SessionPart {
  /** The requests the part serves, bound to its session. */
  readonly handlers: Partial<Record<ClientServiceMethod, SessionRequestHandler>>;
  /** How many things the part holds (file baselines, remembered answers, live terminals); 0 once disposed. */
  held(): number;
  /** The session ended (closed, replaced, or its agent is gone): release what the part holds. Never rejects. */
  dispose(): Promise<void>;
}

/** A feature of the client that serves agent requests: it declares the methods it serves, and makes a part per session. */
export interface ClientFeature {
  /** The methods its parts serve; the client capabilities follow from them (see clientCapabilities.ts). */
  readonly methods: readonly ClientServiceMethod[];
  createPart(scope: SessionScope): SessionPart;
}

export const NO_CLIENT_FEATURES: readonly ClientFeature[] = [];

/** The methods the features serve together; each method is served by at most one of them. */
export function methodsOf(features: readonly ClientFeature[]): Set<ClientServiceMethod> {
  const methods = new Set<ClientServiceMethod>();
  for (const feature of features) {
    for (const method of feature.methods) {
      if (methods.has(method)) throw new Error(`Two features serve ${method}`);
      methods.add(method);
    }
  }
  return methods;
}

/** The parts a new session gets: one per feature. */
export function createParts(features: readonly ClientFeature[], scope: SessionScope): SessionPart[] {
  methodsOf(features);
  return features.map((feature) => feature.createPart(scope));
}
