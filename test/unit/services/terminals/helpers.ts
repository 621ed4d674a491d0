// Test helpers for the terminal service: a part per session, calling its handlers the way a session does, and waiting on output events.
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { CancellationToken, CancellationTokenSource } from 'vscode-jsonrpc/node';
import type { ClientServiceMethod, SessionScope } from '../../../../src/acp/clientRequests';
import type { TerminalService } from '../../../../src/services/terminals/terminalService';
import type { TerminalsPart } from '../../../../src/services/terminals/terminalsPart';
import type { SessionKey } from '../../../../src/shared/sessionKey';
import { secretRules } from '../../../../src/shared/text/secretText';

/** The chat's secret rules when no secret is configured (the well-known token shapes still apply). */
export const NO_SECRETS = secretRules([]);

export function scopeFor(sessionId: string, cwd: string = realpathSync(tmpdir())): SessionScope {
  return { sessionKey: sessionId as SessionKey, sessionId, cwd, roots: [cwd] };
}

/** Each service's parts by session key, as the sessions of a registry would own them. */
const partsOf = new WeakMap<TerminalService, Map<SessionKey, TerminalsPart>>();

/** The part session `scope` has of `service` (made on first use, as a session gets its parts when it opens). */
export function partFor(service: TerminalService, scope: SessionScope): TerminalsPart {
  const parts = partsOf.get(service) ?? new Map<SessionKey, TerminalsPart>();
  partsOf.set(service, parts);
  let part = parts.get(scope.sessionKey);
  if (!part) {
    part = service.createPart(scope);
    parts.set(scope.sessionKey, part);
  }
  return part;
}

/** The session ends: its part is disposed (what Session.dispose does); nothing when it never had one. */
export function endSession(service: TerminalService, sessionKey: SessionKey): Promise<void> {
  return partsOf.get(service)?.get(sessionKey)?.dispose() ?? Promise.resolve();
}

export class Caller {
  readonly part: TerminalsPart;

  constructor(
    readonly service: TerminalService,
    readonly scope: SessionScope,
  ) {
    this.part = partFor(service, scope);
  }

  call(method: ClientServiceMethod, params: Record<string, unknown>, token: CancellationToken = new CancellationTokenSource().token): Promise<unknown> {
    const handler = this.part.handlers[method];
    if (!handler) throw new Error(`no handler for ${method}`);
    return handler({ sessionId: this.scope.sessionId, ...params }, token);
  }

  async create(params: Record<string, unknown>): Promise<string> {
    const created = (await this.call('terminal/create', params)) as { terminalId: string };
    return created.terminalId;
  }

  output(terminalId: string): Promise<{ output: string; truncated: boolean; exitStatus?: { exitCode: number | null; signal: string | null } }> {
    return this.call('terminal/output', { terminalId }) as Promise<{ output: string; truncated: boolean }>;
  }

  wait(terminalId: string, token?: CancellationToken): Promise<{ exitCode: number | null; signal: string | null }> {
    return this.call('terminal/wait_for_exit', { terminalId }, token) as Promise<{ exitCode: number | null; signal: string | null }>;
  }

  /** Resolves with the output once it matches `pattern` (checked on every output event, no polling). */
  outputMatching(terminalId: string, pattern: RegExp): Promise<RegExpMatchArray> {
    const record = this.service.book.get(this.scope.sessionKey, terminalId);
    if (!record) return Promise.reject(new Error(`no terminal ${terminalId}`));
    const text = (): string => record.process.output.readFrom(0, Number.MAX_SAFE_INTEGER).text;
    const read = (): RegExpMatchArray | null => text().match(pattern);
    return new Promise((resolve, reject) => {
      const now = read();
      if (now) return resolve(now);
      const subscription = this.service.book.onDidChange(({ record: changed, kind }) => {
        if (changed !== record) return;
        const match = read();
        if (match) {
          subscription.dispose();
          resolve(match);
        } else if (kind === 'exited') {
          subscription.dispose();
          reject(new Error(`exited without output matching ${pattern}: ${JSON.stringify(text())}`));
        }
      });
    });
  }
}

/** The JSON-RPC error code a promise rejects with. */
export async function errorCode(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: number }).code;
  }
  throw new Error('expected a rejection');
}

/** A session key for tests that name their sessions. */
export const key = (name: string): SessionKey => name as SessionKey;
