// The agent compacted its context: one row per compaction, at the point it started, updated in place (in
// progress, done, failed, cancelled, or an unknown status shown as it came). The retained summary, when the agent
// shares one, folds under "Summary".
import type { CompactionEntry } from '../../../src/shared/transcript/model';
import { ContentBlocks } from './ContentBlocks';
import { Disclosure } from './Disclosure';
import { Icon } from '../ui/Icon';

const STATUS_TEXT: Record<string, string> = {
  in_progress: 'Compacting the context…',
  completed: 'Context compacted',
  failed: 'Context compaction failed',
  cancelled: 'Context compaction cancelled',
};

export function CompactionRow({ entry }: { entry: CompactionEntry }) {
  const known = Object.hasOwn(STATUS_TEXT, entry.status);
  const text = known ? STATUS_TEXT[entry.status] : `Context compaction: ${entry.status.replace(/_/g, ' ')}`;
  return (
    <div class="entry compaction" data-entry-kind="compaction" data-entry-id={entry.id} data-compaction-status={entry.status}>
      <Icon name={entry.status === 'in_progress' ? 'loading' : entry.status === 'failed' ? 'error' : 'fold'} spin={entry.status === 'in_progress'} />
      <div class="compaction__body">
        <div class="compaction__text">{text}</div>
        {entry.error ? <div class="compaction__error">{entry.error}</div> : null}
        {entry.summary.length > 0 ? (
          <Disclosure id={`${entry.id}:summary`} label="Summary" class="compaction__summary">
            <ContentBlocks blocks={entry.summary} streaming={entry.status === 'in_progress'} idPrefix={`${entry.id}:summary`} />
          </Disclosure>
        ) : null}
      </div>
    </div>
  );
}
