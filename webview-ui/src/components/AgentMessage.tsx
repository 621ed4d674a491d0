import type { AgentMessageEntry } from '../../../src/shared/model';
import { Blocks } from './Blocks';

export function AgentMessage({ entry }: { entry: AgentMessageEntry }) {
  return (
    <div class="entry entry--agent" data-entry-kind="agent" data-entry-id={entry.id}>
      <Blocks blocks={entry.content} />
    </div>
  );
}
