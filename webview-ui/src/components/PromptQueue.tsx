// Messages written while the agent works, shown under the composer in the order they will be sent; each can be
// removed. After a stopped or failed turn the queue waits until the user resumes it.
import type { PromptQueueView } from '../../../src/shared/protocol/composerProtocol';
import { useHost } from '../hostContext';
import { Icon } from '../ui/Icon';
import { useSessionKey } from '../sessionKey';

function attachmentsText(mentions: number, images: number): string {
  const parts: string[] = [];
  if (mentions > 0) parts.push(mentions === 1 ? '1 mention' : `${mentions} mentions`);
  if (images > 0) parts.push(images === 1 ? '1 image' : `${images} images`);
  return parts.join(', ');
}

export function PromptQueue({ queue }: { queue: PromptQueueView }) {
  const host = useHost();
  const sessionKey = useSessionKey();
  if (queue.items.length === 0) return null;
  return (
    <section class="prompt-queue" aria-label="Queued messages" data-queue-paused={queue.paused ? 'true' : 'false'}>
      <div class="prompt-queue__head">
        <span>
          {queue.paused
            ? 'Queued, paused after the last turn was stopped or failed'
            : `Queued, sent when the agent is done (${queue.items.length})`}
        </span>
        {queue.paused ? (
          <button type="button" class="button button--secondary" data-action="resume-queue" onClick={() => sessionKey && host.post({ type: 'resumeQueue', sessionKey })}>
            <Icon name="play" />
            <span>Send queued</span>
          </button>
        ) : null}
      </div>
      <ol class="prompt-queue__list">
        {queue.items.map((item) => {
          const extra = attachmentsText(item.mentions, item.images);
          return (
            <li key={item.id} class="prompt-queue__item" data-queued-id={item.id}>
              <span class="prompt-queue__text">{item.text || '(no text)'}</span>
              {extra ? <span class="prompt-queue__extra">{extra}</span> : null}
              <button
                type="button"
                class="button button--icon"
                aria-label="Remove queued message"
                title="Remove from the queue"
                onClick={() => sessionKey && host.post({ type: 'removeQueued', id: item.id, sessionKey })}
              >
                <Icon name="close" />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
