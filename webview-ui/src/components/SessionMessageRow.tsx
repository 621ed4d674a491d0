// A message between sessions (`session_message`): who sent it to whom, and its content.
import type { SessionMessageEntry } from '../../../src/shared/transcript/subagentModel';
import { ContentBlocks } from './ContentBlocks';
import { Icon } from '../ui/Icon';
import { useSessionName } from '../subagents/subagentScope';

export function SessionMessageRow({ entry }: { entry: SessionMessageEntry }) {
  const name = useSessionName();
  const sender = name(entry.senderSessionId);
  const recipient = name(entry.recipientSessionId);
  const from = sender ? `from ${sender}` : '';
  const to = recipient ? `to ${recipient}` : '';
  return (
    <div class="entry session-message" data-entry-kind="session_message" data-entry-id={entry.id}>
      <div class="session-message__head">
        <Icon name="mail" />
        <span title={[entry.senderSessionId, entry.recipientSessionId].filter(Boolean).join(' → ')}>Message {[from, to].filter(Boolean).join(' ')}</span>
      </div>
      <ContentBlocks blocks={entry.content} streaming={false} idPrefix={`${entry.id}:content`} />
    </div>
  );
}
