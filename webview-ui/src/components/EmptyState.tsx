// The empty chat: one sentence on the agent, "Connect a real agent" (the agent picker, with the presets and what
// each needs) while the Demo agent is in use, and two or three prompts a click sends.
import type { AgentSummary } from '../../../src/shared/protocol/webviewProtocol';
import { canSubmit } from '../composer/composerHint';
import { useHost } from '../hostContext';
import { onboardingFor } from '../logic/onboarding';
import { useSessionKey } from '../sessionKey';
import { Icon } from '../ui/Icon';

interface EmptyStateProps {
  agent: AgentSummary | null;
  /** Why nothing can be sent now (a send would not go anywhere); suggestions wait meanwhile. */
  blocker: string | undefined;
}

export function EmptyState({ agent, blocker }: EmptyStateProps) {
  const host = useHost();
  const sessionKey = useSessionKey();
  const { intro, suggestions, offerRealAgent } = onboardingFor(agent);
  const send = (text: string): void =>
    host.post({ type: 'prompt', text, mentions: [], images: [], ...(sessionKey ? { sessionKey } : {}) });
  return (
    <div class="empty-state" data-onboarding={agent?.id ?? 'none'}>
      <p class="empty-state__intro">{intro}</p>
      {suggestions.length > 0 ? (
        <div class="empty-state__suggestions" role="group" aria-label="Suggested prompts">
          {suggestions.map((text) => (
            <button
              key={text}
              type="button"
              class="button button--neutral empty-state__suggestion"
              data-action="suggested-prompt"
              disabled={!canSubmit(blocker, false, agent?.status === 'starting')}
              onClick={() => send(text)}
            >
              <Icon name="comment" />
              <span>{text}</span>
            </button>
          ))}
        </div>
      ) : null}
      {offerRealAgent ? (
        <div class="empty-state__connect">
          <button type="button" class="button button--primary" data-action="connect-agent" onClick={() => host.post({ type: 'pickAgent' })}>
            <Icon name="plug" />
            <span>Connect a real agent</span>
          </button>
          <p class="empty-state__note">Claude Code, Codex, Gemini CLI and more: pick one to see what it needs.</p>
        </div>
      ) : null}
    </div>
  );
}
