// A session's elicitations: `elicitation/create` requests shown as transcript entries until the user answers them
// in the chat (or the turn is cancelled, the agent withdraws them, the session ends), and `elicitation/complete`
// marking URL ones done. The user's form values are checked again here (the webview is untrusted): only content
// that fits the requested schema is sent. A URL is only handed out to be opened when the user accepted it, and
// only http(s) ones. A subagent's request (under a child's sessionId) is shown in the child's thread, and answered
// `cancel` when the child is stopped or was never announced. No `vscode` here.
import { CancellationToken, ErrorCodes, ResponseError } from 'vscode-jsonrpc/node';
import { checkForm } from '../shared/elicitation/elicitationValues';
import { reviewUrl } from '../shared/elicitation/elicitationUrl';
import type { SessionChange, SessionState } from '../shared/transcript/model';
import { isRecord } from '../shared/text/narrow';
import { addElicitation, completeElicitation, findElicitation, settleElicitation } from '../shared/transcript/reducer';
import { ElicitationBroker, ElicitationResponse, parseElicitationRequest } from './elicitationBroker';

/** The user's answer as the chat sends it (form values unchecked). */
export type ElicitationAnswer = { action: 'accept'; values?: unknown } | { action: 'decline' } | { action: 'cancel' };

export type ElicitationAnswerResult =
  | { ok: true; /** URL mode, accepted: the address to open now. */ openUrl?: string }
  | { ok: false; reason: string; errors?: Record<string, string> };

/** Where a request is shown: this session's transcript or a child's (its thread). */
export interface ElicitationScopes {
  /** Applies a change to this session's state (childId undefined) or to the child's. */
  within(childId: string | undefined, apply: (state: SessionState) => SessionChange): SessionChange;
  /** The state a request is shown in. */
  stateOf(childId: string | undefined): SessionState;
  /** True when the child was announced (at any depth). */
  has(childId: string): boolean;
}

export class SessionElicitations {
  private readonly broker: ElicitationBroker;
  /** The child of each open request asked under a child's sessionId. */
  private readonly childOf = new Map<string, string>();
  /** The child that asked each URL elicitation, by elicitationId (elicitation/complete names no session). */
  private readonly urlChildren = new Map<string, string>();

  constructor(
    private readonly scopes: ElicitationScopes,
    private readonly emit: (change: SessionChange) => void,
    /** Prefix of the request keys: the session's key and a slash. */
    keyPrefix: string,
  ) {
    this.broker = new ElicitationBroker(keyPrefix);
  }

  /**
   * `elicitation/create`, of this session or of child `childId`; `dismissed`: answer `cancel` right away (the turn is
   * being cancelled, the agent is gone). A child never announced has no thread to ask in: `cancel`, never a hang.
   */
  create(params: unknown, token: CancellationToken, dismissed: boolean, childId?: string): Promise<ElicitationResponse> {
    const request = parseElicitationRequest(params);
    if (typeof request === 'string') return Promise.reject(new ResponseError(ErrorCodes.InvalidParams, `Invalid elicitation/create: ${request}`));
    if (dismissed || (childId !== undefined && !this.scopes.has(childId))) return Promise.resolve({ action: 'cancel' });
    if (childId !== undefined && request.request.mode === 'url') this.urlChildren.set(request.request.elicitationId, childId);
    const within = (apply: (state: SessionState) => SessionChange): void => this.emit(this.scopes.within(childId, apply));
    return this.broker.ask(
      token,
      (requestKey) => {
        if (childId !== undefined) this.childOf.set(requestKey, childId);
        within((state) => addElicitation(state, { requestKey, ...request }));
      },
      (requestKey, action) => {
        this.childOf.delete(requestKey);
        within((state) => settleElicitation(state, requestKey, action));
      },
    );
  }

  answer(requestKey: string, answer: ElicitationAnswer): ElicitationAnswerResult {
    const entry = findElicitation(this.scopes.stateOf(this.childOf.get(requestKey)), requestKey);
    if (!entry || !this.broker.isPending(requestKey)) return { ok: false, reason: 'This request was already answered or withdrawn.' };
    if (answer.action !== 'accept') return this.settle(requestKey, { action: answer.action });
    const request = entry.request;
    if (request.mode === 'url') {
      if (!reviewUrl(request.url).openable) return { ok: false, reason: 'This address cannot be opened from here.' };
      const settled = this.settle(requestKey, { action: 'accept' });
      return settled.ok ? { ok: true, openUrl: request.url } : settled;
    }
    const checked = checkForm(request.form, answer.values);
    if (!checked.ok) return { ok: false, reason: 'Some answers do not fit what the agent asked for.', errors: checked.errors };
    return this.settle(requestKey, { action: 'accept', content: checked.content });
  }

  /** `elicitation/complete` (connection-wide: ids this session does not know are ignored). */
  complete(params: unknown): void {
    if (!isRecord(params) || typeof params.elicitationId !== 'string') return;
    const elicitationId = params.elicitationId;
    this.emit(this.scopes.within(this.urlChildren.get(elicitationId), (state) => completeElicitation(state, elicitationId)));
  }

  cancelAll(): void {
    this.broker.cancelAll();
  }

  /** The child was stopped: its open requests answer `cancel`. */
  cancelChild(childId: string): void {
    for (const [requestKey, owner] of [...this.childOf]) if (owner === childId) this.broker.answer(requestKey, { action: 'cancel' });
  }

  private settle(requestKey: string, response: ElicitationResponse): { ok: true } | { ok: false; reason: string } {
    return this.broker.answer(requestKey, response) ? { ok: true } : { ok: false, reason: 'This request was already answered or withdrawn.' };
  }
}
