// A message between sessions (`session_message`): who sent it to whom, and its content.
import type { SessionMessageEntry } from '../../../src/shared/subagentModel';
import { ContentBlocks } from '../components/ContentBlocks';
import { Icon } from '../ui/Icon';

export function SessionMessageRow({ entry }: { entry: SessionMessageEntry }) {
  const from = entry.senderSessionId ? `from ${entry.senderSessionId}` : '';
  const to = entry.recipientSessionId ? `to ${entry.recipientSessionId}` : '';
  return (
    <div class="entry session-message" data-entry-kind="session_message" data-entry-id={entry.id}>
      <div class="session-message__head">
        <Icon name="mail" />
        <span>Message {[from, to].filter(Boolean).join(' ')}</span>
      </div>
      <ContentBlocks blocks={entry.content} streaming={false} idPrefix={`${entry.id}:content`} />
    </div>
  );
}
