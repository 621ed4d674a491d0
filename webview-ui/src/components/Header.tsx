// The agent (name, status; on failure the reason and a Restart button; in an untrusted workspace why agents wait
// and a button to manage Workspace Trust; when it needs a sign-in, the ways to), the session title, the permission
// level, "New session".
import type { AgentStatus, AgentSummary } from '../../../src/shared/webviewProtocol';
import { useHost } from '../hostContext';
import { PermissionLevelPicker } from '../policy/PermissionLevelPicker';
import { SessionSwitcher } from '../sessions/SessionSwitcher';
import type { UsageInfo } from '../../../src/shared/model';
import { withVisibleMarkers } from '../../../src/shared/visibleText';
import { Icon } from '../ui/Icon';
import { SignIn } from './SignIn';
import { AgentProblem } from './AgentProblem';
import { UsageMeter } from './UsageMeter';
import { VisibleText } from '../ui/VisibleText';

const STATUS: Record<AgentStatus, { label: string; icon: string; spin: boolean }> = {
  notStarted: { label: 'Not started', icon: 'circle-outline', spin: false },
  starting: { label: 'Starting…', icon: 'loading', spin: true },
  ready: { label: 'Ready', icon: 'circle-filled', spin: false },
  failed: { label: 'Failed', icon: 'error', spin: false },
  stopped: { label: 'Stopped', icon: 'debug-stop', spin: false },
  untrusted: { label: 'Workspace not trusted', icon: 'shield', spin: false },
};

interface HeaderProps {
  agent: AgentSummary | null;
  sessionTitle: string | undefined;
  usage?: UsageInfo;
  /** The agent's failure is shown in the transcript (where it happened): the header does not repeat it. */
  failureInChat?: boolean;
}

export function Header({ agent, sessionTitle, usage, failureInChat }: HeaderProps) {
  const host = useHost();
  const look = agent && Object.hasOwn(STATUS, agent.status) ? STATUS[agent.status] : undefined;
  const down = agent?.status === 'failed' || agent?.status === 'stopped';
  const untrusted = agent?.status === 'untrusted';
  return (
    <header class="chat-header">
      <div class="chat-header__row">
        <div class="chat-header__agent">
          <span class="chat-header__name">{agent ? agent.name || agent.id : 'No agent'}</span>
          {agent ? (
            <span class={`agent-status agent-status--${look ? agent.status : 'unknown'}`} data-agent-status={agent.status}>
              <Icon name={look?.icon ?? 'question'} spin={look?.spin} />
              <span>{look?.label ?? agent.status}</span>
            </span>
          ) : null}
        </div>
        <UsageMeter usage={usage} />
        <PermissionLevelPicker />
        <SessionSwitcher />
        <button
          type="button"
          class="button button--icon"
          data-action="new-session"
          aria-label="New session"
          title="New session"
          onClick={() => host.post({ type: 'newSession' })}
        >
          <Icon name="add" />
        </button>
      </div>
      {sessionTitle ? (
        <div class="chat-header__title" title={withVisibleMarkers(sessionTitle)}>
          <VisibleText text={sessionTitle} />
        </div>
      ) : null}
      {down && !failureInChat ? <AgentProblem agent={agent} /> : null}
      {untrusted ? (
        <div class="agent-problem agent-problem--untrusted" role="alert">
          {agent.message ? <div class="agent-problem__message">{agent.message}</div> : null}
          <button type="button" class="button button--primary" data-action="manage-trust" onClick={() => host.post({ type: 'manageTrust' })}>
            <Icon name="shield" />
            <span>Manage Workspace Trust</span>
          </button>
        </div>
      ) : null}
      {agent?.auth && !down ? <SignIn auth={agent.auth} /> : null}
    </header>
  );
}
