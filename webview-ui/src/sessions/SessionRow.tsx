// One open session in the switcher's menu: what it does (an icon), its title, agent and folder (several folders);
// choosing it shows it, its close button closes it.
import type { OpenSessionActivity, OpenSessionView } from '../../../src/shared/protocol/sessionsProtocol';
import { withVisibleMarkers } from '../../../src/shared/text/visibleText';
import { Icon } from '../ui/Icon';
import { VisibleText } from '../ui/VisibleText';
import { folderName } from './relativeTime';

const ACTIVITY: Record<OpenSessionActivity, { icon: string; label: string; spin?: boolean }> = {
  opening: { icon: 'loading', label: 'Opening', spin: true },
  idle: { icon: 'comment-discussion', label: 'Idle' },
  working: { icon: 'sync', label: 'Working', spin: true },
  needsYou: { icon: 'bell-dot', label: 'Waits for you' },
  ended: { icon: 'circle-slash', label: 'Ended' },
};

function activityOf(row: OpenSessionView) {
  return Object.hasOwn(ACTIVITY, row.activity) ? ACTIVITY[row.activity] : { icon: 'question', label: String(row.activity) };
}

interface SessionRowProps {
  row: OpenSessionView;
  current: boolean;
  multiRoot: boolean;
  onChoose: () => void;
  onClose: () => void;
}

export function SessionRow({ row, current, multiRoot, onChoose, onClose }: SessionRowProps) {
  const look = activityOf(row);
  return (
    <div class="session-row" data-session-key={row.key} data-activity={row.activity} data-current={current ? 'true' : undefined}>
      <button
        type="button"
        role="menuitem"
        class="session-row__main"
        aria-current={current ? 'true' : undefined}
        title={withVisibleMarkers(`${row.title} · ${row.agentName} · ${look.label}`)}
        onClick={onChoose}
      >
        <span class={`session-row__activity session-row__activity--${row.activity}`}>
          <Icon name={look.icon} spin={look.spin} />
        </span>
        <span class="session-row__text">
          <span class="session-row__title">
            <VisibleText text={row.title} />
          </span>
          <span class="session-row__detail">
            {row.agentName}
            {multiRoot ? ` · ${folderName(row.cwd)}` : ''} · {look.label}
          </span>
        </span>
      </button>
      <button
        type="button"
        class="button button--icon session-row__close"
        data-action="close-session"
        aria-label={withVisibleMarkers(`Close ${row.title}`)}
        title="Close session"
        onClick={onClose}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
