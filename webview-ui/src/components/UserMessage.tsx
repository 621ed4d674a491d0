import type { UserMessageEntry } from '../../../src/shared/model';
import { Blocks } from './Blocks';

export function UserMessage({ entry }: { entry: UserMessageEntry }) {
  return (
    <div class="entry entry--user" data-entry-kind="user" data-entry-id={entry.id}>
      <div class="user-bubble">
        <Blocks blocks={entry.content} />
      </div>
    </div>
  );
}
