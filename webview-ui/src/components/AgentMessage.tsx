// An agent message: its text as markdown (drawn incrementally while it streams), other content blocks as such.
import type { AgentMessageEntry } from '../../../src/shared/transcript/model';
import { ContentBlocks } from './ContentBlocks';
import { CutNote } from './SpillNotes';

export function AgentMessage({ entry, active }: { entry: AgentMessageEntry; active: boolean }) {
  return (
    <div class="entry entry--agent" data-entry-kind="agent" data-entry-id={entry.id}>
      <ContentBlocks blocks={entry.content} streaming={active} idPrefix={entry.id} />
      <CutNote entryId={entry.id} cut={entry.cut} />
    </div>
  );
}
