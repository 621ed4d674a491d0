// The header's status: what the host says the user can do next with the shown session and its agent ("No session",
// "Starting…", "Ready", "Working · 12 s", "Waiting for you", "Stopping…", "Not stopping", …). The elapsed time ticks
// once a second while the agent works, and only then.
import { useEffect, useState } from 'preact/hooks';
import type { HeaderStatusView } from '../../../src/shared/headerStatus';
import { statusLook, statusTicks } from '../logic/turnStatus';
import { Icon } from '../ui/Icon';

interface HeaderStatusProps {
  /** The agent's status as it came (kept in `data-agent-status` for whoever waits on it). */
  agentStatus: string;
  status: HeaderStatusView;
}

/** Re-renders once a second while `on`. */
function useSecondTick(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return on ? now : Date.now();
}

export function HeaderStatus({ agentStatus, status }: HeaderStatusProps) {
  const now = useSecondTick(statusTicks(status));
  const look = statusLook(status, now);
  return (
    <span
      class={`agent-status agent-status--${status.state}`}
      data-agent-status={agentStatus}
      data-header-state={status.state}
      data-turn-phase={look.phase}
    >
      <Icon name={look.icon} spin={look.spin} />
      <span class="agent-status__label">{look.label}</span>
    </span>
  );
}
