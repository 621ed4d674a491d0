// The chat's answer to an elicitation, host-bound. Checked for shape here; the form values are checked against
// the requested schema by the session (sessionElicitations.ts), and a URL to open comes from the host's own copy
// of the request, never from the webview.
import type { ElicitationAction } from '../transcript/model';
import { isRecord } from '../text/narrow';

export interface ElicitationAnswerMessage {
  type: 'elicitation';
  requestKey: string;
  action: ElicitationAction;
  /** Form mode, accept: the values as edited (see elicitationValues.ts). */
  values?: Record<string, unknown>;
}

const ACTIONS: readonly string[] = ['accept', 'decline', 'cancel'];

export function parseElicitationAnswer(value: Record<string, unknown>): ElicitationAnswerMessage | undefined {
  const { requestKey, action, values } = value;
  if (typeof requestKey !== 'string' || typeof action !== 'string' || !ACTIONS.includes(action)) return undefined;
  if (values !== undefined && !isRecord(values)) return undefined;
  return { type: 'elicitation', requestKey, action: action as ElicitationAction, ...(values === undefined ? {} : { values }) };
}
