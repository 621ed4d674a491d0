// A session's elicitations: `elicitation/create` requests shown as transcript entries until the user answers them
// in the chat (or the turn is cancelled, the agent withdraws them, the session ends), and `elicitation/complete`
// marking URL ones done. The user's form values are checked again here (the webview is untrusted): only content
// that fits the requested schema is sent. A URL is only handed out to be opened when the user accepted it, and
// only http(s) ones. No `vscode` here.
import { CancellationToken, ErrorCodes, ResponseError } from 'vscode-jsonrpc/node';
import { checkForm } from '../shared/elicitationValues';
import { reviewUrl } from '../shared/elicitationUrl';
import type { SessionChange, SessionState } from '../shared/model';
import { isRecord } from '../shared/narrow';
import { addElicitation, completeElicitation, findElicitation, settleElicitation } from '../shared/reducer';
import { ElicitationBroker, ElicitationResponse, parseElicitationRequest } from './elicitationBroker';

/** The user's answer as the chat sends it (form values unchecked). */
export type ElicitationAnswer = { action: 'accept'; values?: unknown } | { action: 'decline' } | { action: 'cancel' };

export type ElicitationAnswerResult =
  | { ok: true; /** URL mode, accepted: the address to open now. */ openUrl?: string }
  | { ok: false; reason: string; errors?: Record<string, string> };

export class SessionElicitations {
  private readonly broker: ElicitationBroker;

  constructor(
    private readonly state: SessionState,
    private readonly emit: (change: SessionChange) => void,
    /** Prefix of the request keys: the session's key and a slash. */
    keyPrefix: string,
  ) {
    this.broker = new ElicitationBroker(keyPrefix);
  }

  /** `elicitation/create`; `dismissed`: answer `cancel` right away (the turn is being cancelled, the agent is gone). */
  create(params: unknown, token: CancellationToken, dismissed: boolean): Promise<ElicitationResponse> {
    const request = parseElicitationRequest(params);
    if (typeof request === 'string') return Promise.reject(new ResponseError(ErrorCodes.InvalidParams, `Invalid elicitation/create: ${request}`));
    if (dismissed) return Promise.resolve({ action: 'cancel' });
    return this.broker.ask(
      token,
      (requestKey) => this.emit(addElicitation(this.state, { requestKey, ...request })),
      (requestKey, action) => this.emit(settleElicitation(this.state, requestKey, action)),
    );
  }

  answer(requestKey: string, answer: ElicitationAnswer): ElicitationAnswerResult {
    const entry = findElicitation(this.state, requestKey);
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
    if (isRecord(params) && typeof params.elicitationId === 'string') this.emit(completeElicitation(this.state, params.elicitationId));
  }

  cancelAll(): void {
    this.broker.cancelAll();
  }

  private settle(requestKey: string, response: ElicitationResponse): { ok: true } | { ok: false; reason: string } {
    return this.broker.answer(requestKey, response) ? { ok: true } : { ok: false, reason: 'This request was already answered or withdrawn.' };
  }
}
