// The actions of a failure notice in the transcript: a failed turn offers Retry (its message sent again), Edit (its
// text back into the composer) and Show agent log; an agent that stopped, or does not stop, offers Restart agent and Show agent log.
import type { NoticeFailure } from '../../../src/shared/transcript/model';
import { useChatStore } from '../chatStoreContext';
import { useComposerStore } from '../composer/composerContext';
import { useHost } from '../hostContext';
import { useSessionKey } from '../sessionKey';
import { FailureAction } from './FailureReport';
import { promptPartsOfEntry } from '../logic/promptOfEntry';

export function NoticeActions({ failure }: { failure: NoticeFailure }) {
  const host = useHost();
  const store = useChatStore();
  const composer = useComposerStore();
  const sessionKey = useSessionKey();
  const promptEntryId = failure.promptEntryId;
  const showLog = (): void => {
    const agentId = store?.getState().agent?.id;
    if (agentId) host.post({ type: 'showAgentLog', agentId });
  };
  return (
    <div class="failure__actions">
      {promptEntryId && sessionKey ? (
        <>
          <FailureAction action="retry-prompt" icon="refresh" label="Retry" primary onClick={() => host.post({ type: 'retryPrompt', sessionKey, entryId: promptEntryId })} />
          <FailureAction
            action="edit-prompt"
            icon="edit"
            label="Edit"
            onClick={() => {
              const entry = store?.entry(promptEntryId);
              if (entry?.kind === 'user') composer.putBack(promptPartsOfEntry(entry.content));
            }}
          />
        </>
      ) : null}
      {failure.restart ? (
        <FailureAction action="restart-agent" icon="refresh" label="Restart agent" primary onClick={() => host.post({ type: 'restartAgent' })} />
      ) : null}
      <FailureAction action="show-agent-log" icon="output" label="Show agent log" onClick={showLog} />
    </div>
  );
}
