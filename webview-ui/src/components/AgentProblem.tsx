// The agent failed or was stopped, and nothing in the transcript says so: the sentence, the agent's error and stderr
// tail behind "Details", Restart, and (when its command is missing) what to install and Open Settings. Shown in the
// header.
import type { AgentSummary } from '../../../src/shared/protocol/webviewProtocol';
import { useHost } from '../hostContext';
import { FailureAction, FailureReport } from './FailureReport';

export function AgentProblem({ agent }: { agent: AgentSummary }) {
  const host = useHost();
  const failure = {
    summary: agent.message ?? (agent.status === 'stopped' ? `${agent.name} was stopped.` : `${agent.name} failed.`),
    ...(agent.details ? { details: agent.details } : {}),
    ...(agent.missingCommand ? { missingCommand: agent.missingCommand } : {}),
  };
  return (
    <div class={`agent-problem agent-problem--${agent.status}`} role="alert">
      <FailureReport id="agent-problem" failure={failure}>
        <FailureAction action="restart-agent" icon="refresh" label="Restart" primary onClick={() => host.post({ type: 'restartAgent' })} />
        <FailureAction action="show-agent-log" icon="output" label="Show agent log" onClick={() => host.post({ type: 'showAgentLog', agentId: agent.id })} />
        {agent.missingCommand ? (
          <FailureAction action="open-agent-settings" icon="settings-gear" label="Open Settings" onClick={() => host.post({ type: 'openAgentSettings' })} />
        ) : null}
      </FailureReport>
    </div>
  );
}
