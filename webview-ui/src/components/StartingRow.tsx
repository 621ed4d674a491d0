// The session the chat is starting, at the end of the transcript: the user's message (on screen the moment it is
// sent) with "Starting <agent>…" under it (for an agent fetched by npx, that the first start may download it; after
// STILL_STARTING_MS, that it is still starting, with Restart agent and Show agent log);
// when the start fails, the failure under the message, with Retry, Edit and Show agent log.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { StartingView } from '../../../src/shared/protocol/startingProtocol';
import { useComposerStore } from '../composer/composerContext';
import { useHost } from '../hostContext';
import { Icon } from '../ui/Icon';
import { VisibleText } from '../ui/VisibleText';
import { FailureAction, FailureReport } from './FailureReport';

/** How long a start runs before the chat says a package runner may be downloading the agent. */
export const DOWNLOAD_NOTE_AFTER_MS = 3000;

export function StartingRow({ starting }: { starting: StartingView }) {
  const host = useHost();
  const composer = useComposerStore();
  const [slow, setSlow] = useState(false);
  const row = useRef<HTMLDivElement>(null);
  const waiting = starting.state === 'starting';
  // It sits after the transcript's entries: brought into view as it comes and when it changes state.
  useEffect(() => row.current?.scrollIntoView({ block: 'nearest' }), [starting.state]);
  useEffect(() => {
    setSlow(false);
    if (!waiting || !starting.downloads) return undefined;
    const timer = setTimeout(() => setSlow(true), DOWNLOAD_NOTE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting, starting.downloads]);
  const prompt = starting.prompt;
  const attached = prompt ? prompt.images.length : 0;

  return (
    <div ref={row} class={`starting starting--${starting.state}${prompt ? '' : ' starting--no-prompt'}`} data-starting={starting.state}>
      {prompt ? (
        <div class="entry entry--user" data-entry-kind="user" data-pending-prompt>
          <div class="user-bubble">
            <div class="text-block">{prompt.text}</div>
            {attached > 0 ? <div class="block-label">{attached === 1 ? '[1 image]' : `[${attached} images]`}</div> : null}
          </div>
        </div>
      ) : null}
      {waiting ? (
        <div class="starting__status" role="status">
          <Icon name="loading" spin />
          <span>Starting {starting.agentName}…</span>
          {slow ? (
            <div class="starting__note" data-download-note>
              {starting.agentName} is downloaded with {starting.downloads} on its first start: this can take a minute.
            </div>
          ) : null}
          {starting.slow ? (
            <div class="starting__stuck" data-still-starting>
              <div class="starting__note">
                {starting.agentName} is still starting. If it seems stuck, restart it, or see its log for what it is doing.
              </div>
              <div class="failure__actions">
                <FailureAction action="restart-agent" icon="refresh" label="Restart agent" primary onClick={() => host.post({ type: 'restartAgent' })} />
                <FailureAction action="show-agent-log" icon="output" label="Show agent log" onClick={() => host.post({ type: 'showAgentLog', agentId: starting.agentId })} />
              </div>
            </div>
          ) : null}
        </div>
      ) : starting.failure ? (
        <>
        {starting.reopen ? (
          <div class="starting__reopen" data-reopen-failed>
            <Icon name="history" />
            <span>
              Bringing back “<VisibleText text={starting.reopen.title} />”
            </span>
          </div>
        ) : null}
        <FailureReport id="starting" failure={starting.failure}>
          <FailureAction action="retry-start" icon="refresh" label="Retry" primary onClick={() => host.post({ type: 'retryStart' })} />
          {prompt ? (
            <FailureAction
              action="edit-prompt"
              icon="edit"
              label="Edit"
              onClick={() => {
                composer.putBack(prompt);
                host.post({ type: 'dismissStart' });
              }}
            />
          ) : null}
          <FailureAction action="show-agent-log" icon="output" label="Show agent log" onClick={() => host.post({ type: 'showAgentLog', agentId: starting.agentId })} />
          {starting.failure.missingCommand ? (
            <FailureAction action="open-agent-settings" icon="settings-gear" label="Open Settings" onClick={() => host.post({ type: 'openAgentSettings' })} />
          ) : null}
        </FailureReport>
        </>
      ) : null}
    </div>
  );
}
