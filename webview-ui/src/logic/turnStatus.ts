// How the header's status looks: the host's words (src/shared/headerStatus.ts) with an icon, and the elapsed time
// beside "Working". Pure.
import type { HeaderState, HeaderStatusView } from '../../../src/shared/headerStatus';
import { elapsedLabel } from '../../../src/shared/elapsedLabel';

/** The phase of the shown session's turn a state tells of (the header's `data-turn-phase`), if any. */
export type TurnPhase = 'working' | 'waiting' | 'stopping' | 'notStopping' | 'failed';

export interface StatusLook {
  label: string;
  icon: string;
  spin: boolean;
  phase?: TurnPhase;
}

const ICONS: Record<HeaderState, { icon: string; spin?: boolean; phase?: TurnPhase }> = {
  untrusted: { icon: 'shield' },
  notStarted: { icon: 'circle-outline' },
  stopped: { icon: 'debug-stop' },
  noSession: { icon: 'circle-outline' },
  starting: { icon: 'loading', spin: true },
  loading: { icon: 'loading', spin: true },
  ready: { icon: 'circle-filled' },
  // No spinning icon while the agent works: the ticking seconds say it is alive, and a running CSS animation keeps
  // the chat's style dirty every frame (each scroll read while following a stream would recalculate it).
  working: { icon: 'pulse', phase: 'working' },
  waiting: { icon: 'bell-dot', phase: 'waiting' },
  stopping: { icon: 'loading', spin: true, phase: 'stopping' },
  notStopping: { icon: 'warning', phase: 'notStopping' },
  lastFailed: { icon: 'error', phase: 'failed' },
  ended: { icon: 'debug-disconnect' },
  failed: { icon: 'error' },
};

/** The label changes every second (the elapsed time of "Working"): the view ticks while this holds. */
export function statusTicks(status: HeaderStatusView): boolean {
  return status.state === 'working' && status.since !== undefined;
}

/** The status as drawn at `now`: "Working · 12 s" while the agent works (its start known), else the host's label. */
export function statusLook(status: HeaderStatusView, now: number): StatusLook {
  const known = Object.hasOwn(ICONS, status.state) ? ICONS[status.state] : { icon: 'question' };
  const label = statusTicks(status)
    ? `${status.label} · ${elapsedLabel(now - (status.since ?? now))}`
    : status.state === 'working'
      ? `${status.label}…`
      : status.label;
  return { label, icon: known.icon, spin: known.spin ?? false, ...(known.phase ? { phase: known.phase } : {}) };
}
