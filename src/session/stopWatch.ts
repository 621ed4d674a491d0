// The grace an agent gets to stop a turn: after `session/cancel` the spec says the agent SHOULD end the prompt turn
// with stopReason "cancelled". One that has not done so STOP_GRACE_MS later is not stopping: the session says so and
// offers to restart it (the turn stays "Stopping…" until then, or until a late answer ends it). No `vscode` here.
import type { Event } from 'vscode-jsonrpc/node';
import type { SessionChange, TurnState } from '../shared/transcript/model';
import type { FrameScheduler } from '../shared/frameScheduler';

/** How long an agent has to end a turn it was asked to stop before the chat says it is not stopping. */
export const STOP_GRACE_MS = 5_000;

/** The part of a Session the watch looks at. */
export interface StoppableSession {
  readonly state: { readonly header: { readonly turn: TurnState } };
  readonly onDidChange: Event<SessionChange>;
  noteStopOverdue(text: string): void;
}

/** The timers the watch runs on (tests drive a manual one). */
export type Timers = Pick<FrameScheduler, 'schedule'>;

/** The sentence the chat shows when `agentName` has not stopped a turn within the grace. */
export function notStoppingText(agentName: string, graceMs = STOP_GRACE_MS): string {
  const seconds = Math.round(graceMs / 1000);
  return (
    `${agentName} is not stopping: it was asked to stop ${seconds} second${seconds === 1 ? '' : 's'} ago and has not ended its turn. ` +
    'Restart it to go on: a message you queued is kept and sent to it once it is back.'
  );
}

/** Watches the session's turns: a turn still stopping STOP_GRACE_MS after the stop was asked for is overdue. */
export function watchStops(session: StoppableSession, agentName: string, timers: Timers, graceMs = STOP_GRACE_MS): { dispose(): void } {
  let cancelTimer: (() => void) | undefined;
  const stopTimer = (): void => {
    cancelTimer?.();
    cancelTimer = undefined;
  };
  const subscription = session.onDidChange((change) => {
    if (!change.header) return;
    const stopping = session.state.header.turn === 'cancelling';
    if (!stopping) stopTimer();
    else if (!cancelTimer) {
      cancelTimer = timers.schedule(() => {
        cancelTimer = undefined;
        if (session.state.header.turn === 'cancelling') session.noteStopOverdue(notStoppingText(agentName, graceMs));
      }, graceMs);
    }
  });
  return {
    dispose: () => {
      stopTimer();
      subscription.dispose();
    },
  };
}
