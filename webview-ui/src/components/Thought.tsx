// A thought: folded by default under a button that says how long the agent thought; open, it shows the thought as
// markdown. The open state is view state (kept across the entry scrolling away), the duration comes from the entry.
import type { ThoughtEntry } from '../../../src/shared/transcript/model';
import { domIdFor, useDisclosure } from '../disclosure';
import { thoughtLabel } from '../logic/thoughtLabel';
import { ContentBlocks } from './ContentBlocks';
import { Icon } from '../ui/Icon';
import { CutNote } from './SpillNotes';

interface ThoughtProps {
  entry: ThoughtEntry;
  /** Still being written. */
  active: boolean;
}

export function Thought({ entry, active }: ThoughtProps) {
  const [open, toggle] = useDisclosure(`${entry.id}:thought`, false);
  const bodyId = domIdFor(`${entry.id}:thought`);
  return (
    <div class={`entry entry--thought${open ? ' is-open' : ''}`} data-entry-kind="thought" data-entry-id={entry.id}>
      <button
        type="button"
        class="thought__toggle"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={bodyId}
        data-action="toggle-thought"
        onClick={toggle}
      >
        <Icon name={open ? 'chevron-down' : 'chevron-right'} />
        <Icon name={active ? 'loading' : 'lightbulb'} spin={active} />
        <span>{thoughtLabel(active, entry.startedAt, entry.updatedAt)}</span>
      </button>
      {open ? (
        <div id={bodyId} class="thought-body">
          <ContentBlocks blocks={entry.content} streaming={active} idPrefix={entry.id} />
          <CutNote entryId={entry.id} cut={entry.cut} />
        </div>
      ) : null}
    </div>
  );
}
