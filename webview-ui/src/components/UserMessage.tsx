import type { UserMessageEntry } from '../../../src/shared/transcript/model';
import { Blocks } from './Blocks';
import { SpeakerLabel } from './SpeakerLabel';
import { CutNote } from './SpillNotes';
import { RestoreCheckpoint } from '../checkpoints/RestoreCheckpoint';

export function UserMessage({ entry }: { entry: UserMessageEntry }) {
  return (
    <div class="entry entry--user" data-entry-kind="user" data-entry-id={entry.id}>
      <SpeakerLabel speaker="You" />
      <div class="user-bubble">
        <Blocks blocks={entry.content} />
      </div>
      <CutNote entryId={entry.id} cut={entry.cut} />
      <RestoreCheckpoint entryId={entry.id} />
    </div>
  );
}
