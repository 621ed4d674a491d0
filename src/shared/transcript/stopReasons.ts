// What the user is told when a turn ends for a reason other than a normal end.
import type { NoticeSeverity } from './model';

export interface StopNotice {
  severity: NoticeSeverity;
  text: string;
}

export function describeStopReason(stopReason: unknown): StopNotice | undefined {
  switch (stopReason) {
    case 'end_turn':
      return undefined;
    case 'cancelled':
      return { severity: 'info', text: 'Cancelled.' };
    case 'max_tokens':
      return { severity: 'warning', text: 'The agent stopped: it reached its token limit.' };
    case 'max_turn_requests':
      return { severity: 'warning', text: 'The agent stopped: it reached its limit of model requests for one turn.' };
    case 'refusal':
      return { severity: 'warning', text: 'The agent refused to continue.' };
    default:
      return { severity: 'info', text: `The turn ended (${typeof stopReason === 'string' ? stopReason : 'no stop reason given'}).` };
  }
}
