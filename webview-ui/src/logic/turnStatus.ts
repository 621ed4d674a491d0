// What the header says about the shown session's turn and its agent, in one short label: "Working · 12 s" while
// the agent works, "Waiting for you" while a permission request or question waits, "Stopping…", "Failed" after
// a turn that ended with an error; otherwise nothing (the header shows the agent's own status). Pure.
import type { SessionHeader } from '../../../src/shared/model';

/** How long something took or has been going on: "0 s", "42 s", "1 min 05 s", "1 h 02 min". */
export function elapsedLabel(ms: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(ms) ? ms / 1000 : 0));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export type TurnPhase = 'working' | 'waiting' | 'stopping' | 'failed';

export interface TurnLook {
  phase: TurnPhase;
  label: string;
  icon: string;
  spin: boolean;
  /** The label changes every second (elapsed time): the view ticks while this is set. */
  ticking: boolean;
}

export interface TurnInput {
  /** The shown session's header (none before the first session). */
  header?: Pick<SessionHeader, 'turn' | 'turnStartedAt' | 'turnFailed'>;
  /** A permission request or question of the shown session waits for the user. */
  needsYou: boolean;
  now: number;
}

/** The turn's state, or undefined when no turn runs and the last one did not fail (the agent's status shows then). */
export function turnLook({ header, needsYou, now }: TurnInput): TurnLook | undefined {
  const turn = header?.turn ?? 'idle';
  if (turn === 'cancelling') return { phase: 'stopping', label: 'Stopping…', icon: 'loading', spin: true, ticking: false };
  if (turn === 'running' && needsYou) return { phase: 'waiting', label: 'Waiting for you', icon: 'bell-dot', spin: false, ticking: false };
  if (turn === 'running') {
    const started = header?.turnStartedAt;
    const label = started === undefined ? 'Working…' : `Working · ${elapsedLabel(now - started)}`;
    // No spinning icon while the agent works: the ticking seconds say it is alive, and a running CSS animation keeps
    // the chat's style dirty every frame (each scroll read while following a stream would recalculate it).
    return { phase: 'working', label, icon: 'pulse', spin: false, ticking: started !== undefined };
  }
  if (header?.turnFailed) return { phase: 'failed', label: 'Last message failed', icon: 'error', spin: false, ticking: false };
  return undefined;
}
