// The agent (its name opens the agent picker; the shown session's turn or else the agent's status; on failure the
// reason and a Restart button; in an untrusted workspace why agents wait and a button to manage Workspace Trust;
// when it needs a sign-in, the ways to), the session title, the permission level, "New session".
import type { AgentStatus, AgentSummary } from '../../../src/shared/webviewProtocol';
import { useHost } from '../hostContext';
import { PermissionLevelPicker } from '../policy/PermissionLevelPicker';
import { SessionSwitcher } from '../sessions/SessionSwitcher';
import type { SessionHeader } from '../../../src/shared/model';
import { withVisibleMarkers } from '../../../src/shared/visibleText';
import { Icon } from '../ui/Icon';
import { HeaderStatus } from './HeaderStatus';
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
  header: SessionHeader | undefined;
  /** A permission request or question of the shown session waits for the user. */
  needsYou: boolean;
  /** The agent's failure is shown in the transcript (where it happened): the header does not repeat it. */
  failureInChat?: boolean;
}

export function Header({ agent, header, needsYou, failureInChat }: HeaderProps) {
  const host = useHost();
  const sessionTitle = header?.title;
  const look = agent && Object.hasOwn(STATUS, agent.status) ? STATUS[agent.status] : undefined;
  const down = agent?.status === 'failed' || agent?.status === 'stopped';
  const untrusted = agent?.status === 'untrusted';
  return (
    <header class="chat-header">
      <div class="chat-header__row">
        <div class="chat-header__agent">
          <button
            type="button"
            class="chat-header__name"
            data-action="pick-agent"
            aria-haspopup="true"
            aria-label={`Agent: ${agent ? agent.name || agent.id : 'none'}. Choose another agent`}
            title="Choose the agent (agents, presets, Add agent…)"
            onClick={() => host.post({ type: 'pickAgent' })}
          >
            <span class="chat-header__name-text">{agent ? agent.name || agent.id : 'No agent'}</span>
            <Icon name="chevron-down" />
          </button>
          {agent ? <HeaderStatus agentStatus={agent.status} agentLook={look} header={header} needsYou={needsYou} /> : null}
        </div>
        <div class="chat-header__tools">
        <UsageMeter usage={header?.usage} />
        <PermissionLevelPicker />
        {/* New session: the view's title bar (+) and the sessions menu; one button each place, not two here. */}
        <SessionSwitcher />
        </div>
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
