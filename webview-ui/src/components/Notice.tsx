// Something the client says in the transcript: stop reasons (max tokens, refusal, cancelled), agent errors and
// exits; and the agent's own notices (marked "Agent:", unknown severities drawn as a note). The sentence comes first;
// its detail (the agent's error, its stderr tail) is folded under "Details". A failure the user can act on offers
// its actions: a failed turn Retry, Edit and Show agent log; an agent that stopped Restart and Show agent log.
import type { NoticeEntry } from '../../../src/shared/transcript/model';
import { Disclosure } from './Disclosure';
import { Icon } from '../ui/Icon';
import { NoticeActions } from './NoticeActions';
import { RewindActions } from '../checkpoints/RewindActions';

const ICONS: Record<string, string> = { info: 'info', warning: 'warning', error: 'error' };
const LABELS: Record<string, string> = { info: 'Note', warning: 'Warning', error: 'Error' };

export function Notice({ entry }: { entry: NoticeEntry }) {
  const severity = Object.hasOwn(ICONS, entry.severity) ? entry.severity : 'info';
  return (
    <div
      class={`entry notice notice--${severity}`}
      data-entry-kind="notice"
      data-entry-id={entry.id}
      data-notice-severity={entry.severity}
      data-notice-source={entry.source}
      data-rewind={entry.rewind ? (entry.rewind.undone ? 'undone' : 'restored') : undefined}
    >
      <Icon name={ICONS[severity]} />
      <div class="notice__body">
        <div class="notice__text">
          <span class="visually-hidden">{LABELS[severity]}: </span>
          {entry.source === 'agent' ? <span class="notice__source">Agent: </span> : null}
          {entry.text}
        </div>
        {entry.detail ? (
          <Disclosure id={`${entry.id}:detail`} label="Details" class="notice__detail">
            <div class="mono-block" data-notice-detail>
              {entry.detail}
            </div>
          </Disclosure>
        ) : null}
        {entry.failure ? <NoticeActions failure={entry.failure} /> : null}
        <RewindActions entry={entry} />
      </div>
    </div>
  );
}
