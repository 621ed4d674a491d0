// Something the client says in the transcript (stop reasons, errors, agent exits).
import type { NoticeEntry } from '../../../src/shared/model';
import { Icon } from './Icon';

const ICONS: Record<string, string> = { info: 'info', warning: 'warning', error: 'error' };

export function Notice({ entry }: { entry: NoticeEntry }) {
  const severity = Object.hasOwn(ICONS, entry.severity) ? entry.severity : 'info';
  return (
    <div
      class={`entry notice notice--${severity}`}
      data-entry-kind="notice"
      data-entry-id={entry.id}
      data-notice-severity={entry.severity}
    >
      <Icon name={ICONS[severity]} />
      <div class="notice__body">
        <div class="notice__text">{entry.text}</div>
        {entry.detail ? (
          <details class="notice__detail">
            <summary>Details</summary>
            <div class="mono-block">{entry.detail}</div>
          </details>
        ) : null}
      </div>
    </div>
  );
}
