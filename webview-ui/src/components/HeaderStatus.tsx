// The header's status: the shown session's turn while there is one to tell of ("Working · 12 s", "Waiting for
// you", "Stopping…", "Last message failed"), otherwise the agent's own status. The elapsed time ticks once a second
// while the agent works, and only then.
import { useEffect, useState } from 'preact/hooks';
import type { SessionHeader } from '../../../src/shared/model';
import { turnLook } from '../logic/turnStatus';
import { Icon } from '../ui/Icon';

export interface AgentLook {
  label: string;
  icon: string;
  spin: boolean;
}

interface HeaderStatusProps {
  /** The agent's status as it came (kept in `data-agent-status` for whoever waits on it). */
  agentStatus: string;
  /** How the agent's status looks; undefined for a status this view does not know. */
  agentLook: AgentLook | undefined;
  header: SessionHeader | undefined;
  needsYou: boolean;
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

export function HeaderStatus({ agentStatus, agentLook, header, needsYou }: HeaderStatusProps) {
  const working = header?.turn === 'running' && !needsYou && header.turnStartedAt !== undefined;
  const now = useSecondTick(working);
  const turn = turnLook({ header, needsYou, now });
  const look = turn ?? agentLook ?? { label: agentStatus, icon: 'question', spin: false };
  const phase = turn?.phase ?? (agentLook ? agentStatus : 'unknown');
  return (
    <span class={`agent-status agent-status--${phase}`} data-agent-status={agentStatus} data-turn-phase={turn?.phase}>
      <Icon name={look.icon} spin={look.spin} />
      <span class="agent-status__label">{look.label}</span>
    </span>
  );
}
