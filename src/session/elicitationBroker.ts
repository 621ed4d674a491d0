// Pending `elicitation/create` requests of one session: each settles exactly once, with the user's answer, or
// `cancel` when the turn is cancelled, the agent withdraws the request ($/cancel_request), or the session ends.
// Also reads the request's params: only the modes this client offers (form, url) are accepted; any other mode is
// invalid params (-32602), as the spec says for a mode the client has not advertised.
import type { CancellationToken } from 'vscode-jsonrpc/node';
import { formOf } from '../shared/elicitation/elicitationForm';
import type { ContentValue } from '../shared/elicitation/elicitationValues';
import type { ElicitationAction, ElicitationRequest } from '../shared/transcript/model';
import { isRecord } from '../shared/text/narrow';

/** What goes back to the agent. */
export type ElicitationResponse = { action: 'accept'; content?: Record<string, ContentValue> } | { action: 'decline' } | { action: 'cancel' };

export interface ElicitationParams {
  message: string;
  toolCallId?: string;
  request: ElicitationRequest;
}

const CANCEL: ElicitationResponse = { action: 'cancel' };

/** The parts of the request we rely on, or why it is invalid. */
export function parseElicitationRequest(params: unknown): ElicitationParams | string {
  if (!isRecord(params)) return 'params must be an object';
  const { mode, message, toolCallId } = params;
  if (typeof message !== 'string') return 'message must be a string';
  const scope = typeof toolCallId === 'string' ? { toolCallId } : {};
  if (mode === 'form') {
    const schema = params.requestedSchema;
    if (!isRecord(schema)) return 'requestedSchema must be an object';
    if (schema.properties !== undefined && !isRecord(schema.properties)) return 'requestedSchema.properties must be an object';
    return { message, ...scope, request: { mode: 'form', form: formOf(schema) } };
  }
  if (mode === 'url') {
    const { url, elicitationId } = params;
    if (typeof url !== 'string' || !URL.canParse(url)) return 'url must be a valid URL';
    if (typeof elicitationId !== 'string') return 'elicitationId must be a string';
    return { message, ...scope, request: { mode: 'url', url, elicitationId } };
  }
  return `mode ${JSON.stringify(mode)} is not supported by this client (it offers "form" and "url")`;
}

export class ElicitationBroker {
  private readonly waiters = new Map<string, (response: ElicitationResponse) => void>();
  private counter = 0;

  /** `keyPrefix`: the session's key and a slash, so request keys are unique across sessions (`s3/el1`). */
  constructor(private readonly keyPrefix: string) {}

  /** Registers a request; `onOpened` runs with its key, `onSettled` once when it settles, whichever way. */
  ask(
    token: CancellationToken,
    onOpened: (key: string) => void,
    onSettled: (key: string, action: ElicitationAction) => void,
  ): Promise<ElicitationResponse> {
    const key = `${this.keyPrefix}el${++this.counter}`;
    return new Promise<ElicitationResponse>((resolve) => {
      const cancellation = token.onCancellationRequested(() => this.answer(key, CANCEL));
      this.waiters.set(key, (response) => {
        cancellation.dispose();
        resolve(response);
        onSettled(key, response.action);
      });
      onOpened(key);
      if (token.isCancellationRequested) this.answer(key, CANCEL);
    });
  }

  /** Settles the request; false when it is gone (answered, withdrawn, or never existed). */
  answer(key: string, response: ElicitationResponse): boolean {
    const settle = this.waiters.get(key);
    if (!settle) return false;
    this.waiters.delete(key);
    settle(response);
    return true;
  }

  isPending(key: string): boolean {
    return this.waiters.has(key);
  }

  cancelAll(): void {
    for (const key of [...this.waiters.keys()]) this.answer(key, CANCEL);
  }
}
