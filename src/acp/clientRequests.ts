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

export type ClientRequestHandler = (params: unknown, scope: SessionScope, token: CancellationToken) => Promise<unknown>;

export interface ClientServices {
  readonly handlers: Partial<Record<ClientServiceMethod, ClientRequestHandler>>;
  /** The session ended (closed, replaced, or its agent is gone): release what it holds (terminals, consents). */
  sessionEnded(sessionKey: SessionKey): Promise<void>;
  /** How many things the service holds for the session (file baselines, answers, live terminals); 0 once it ended. */
  heldBy(sessionKey: SessionKey): number;
}

export const NO_CLIENT_SERVICES: ClientServices = { handlers: {}, sessionEnded: () => Promise.resolve(), heldBy: () => 0 };

/** One set of services made of several (each method served by at most one of them). */
export function combineServices(parts: readonly ClientServices[]): ClientServices {
  const handlers: ClientServices['handlers'] = {};
  for (const part of parts) {
    for (const [method, handler] of Object.entries(part.handlers) as [ClientServiceMethod, ClientRequestHandler][]) {
      if (handlers[method]) throw new Error(`Two services serve ${method}`);
      handlers[method] = handler;
    }
  }
  return {
    handlers,
    sessionEnded: async (sessionKey) => {
      await Promise.all(parts.map((part) => part.sessionEnded(sessionKey)));
    },
    heldBy: (sessionKey) => parts.reduce((sum, part) => sum + part.heldBy(sessionKey), 0),
  };
}
