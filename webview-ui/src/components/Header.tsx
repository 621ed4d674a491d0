// The agent (its name opens the agent picker; beside it, in the host's words, what the user can do next; on failure the
// reason and a Restart button; in an untrusted workspace why agents wait and a button to manage Workspace Trust;
// when it needs a sign-in, the ways to), the session title, the permission level, "New session".
import type { AgentSummary } from '../../../src/shared/protocol/webviewProtocol';
import type { HeaderStatusView } from '../../../src/shared/headerStatus';
import { useHost } from '../hostContext';
import { PermissionLevelPicker } from '../policy/PermissionLevelPicker';
import { SessionSwitcher } from '../sessions/SessionSwitcher';
import type { SessionHeader } from '../../../src/shared/transcript/model';
import { withVisibleMarkers } from '../../../src/shared/text/visibleText';
import { Icon } from '../ui/Icon';
import { HeaderStatus } from './HeaderStatus';
import { SignIn } from './SignIn';
import { AgentProblem } from './AgentProblem';
import { UsageMeter } from './UsageMeter';
import { VisibleText } from '../ui/VisibleText';


interface HeaderProps {
  agent: AgentSummary | null;
  header: SessionHeader | undefined;
  /** What the host says of the shown session and its agent (none before the host said it). */
  status: HeaderStatusView | undefined;
  /** The agent's failure is shown in the transcript (where it happened): the header does not repeat it. */
  failureInChat?: boolean;
}

export function Header({ agent, header, status, failureInChat }: HeaderProps) {
  const host = useHost();
  const sessionTitle = header?.title;
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
          {agent && status ? <HeaderStatus agentStatus={agent.status} status={status} /> : null}
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
