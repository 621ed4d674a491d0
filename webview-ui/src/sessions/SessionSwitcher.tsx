// The header's session switcher: a button with the number of open sessions (and a badge when a session behind the
// shown one waits for the user) that opens the list of open sessions: agent, title, folder (several folders),
// what each does, a close button; then "New session" and "History". Arrow keys move, Enter chooses, Escape closes.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { OpenSessionActivity, OpenSessionView } from '../../../src/shared/sessionsProtocol';
import { Icon } from '../components/Icon';
import { useHost } from '../hostContext';
import { folderName } from './relativeTime';
import { useSessions } from './sessionsContext';
import { waitingElsewhere } from './sessionsStore';

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

export function SessionSwitcher() {
  const host = useHost();
  const { state, store } = useSessions();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const rows = state.sessions?.sessions ?? [];
  const waiting = waitingElsewhere(state.sessions);

  useEffect(() => {
    if (!open) return;
    const current = list.current?.querySelector<HTMLElement>('[aria-current="true"]') ?? list.current?.querySelector<HTMLElement>('[role="menuitem"]');
    current?.focus();
  }, [open]);

  const close = (refocus: boolean): void => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (action: () => void): void => {
    action();
    close(true);
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
      items[next]?.focus();
    }
  };

  return (
    <div class="session-switcher">
      <button
        ref={button}
        type="button"
        class="button button--icon session-switcher__button"
        data-action="switch-sessions"
        aria-haspopup="menu"
        aria-expanded={open}
        title={waiting > 0 ? `Sessions (${waiting} waiting for you)` : 'Sessions'}
        aria-label={waiting > 0 ? `Sessions, ${waiting} waiting for you` : `Sessions (${rows.length} open)`}
        onClick={() => setOpen(!open)}
      >
        <Icon name="layers" />
        {rows.length > 1 ? <span class="session-switcher__count">{rows.length}</span> : null}
        {waiting > 0 ? <span class="session-switcher__badge" data-waiting={waiting}>{waiting}</span> : null}
      </button>
      {open ? (
        <div
          ref={list}
          class="session-switcher__menu"
          role="menu"
          aria-label="Open sessions"
          onKeyDown={onKeyDown}
          onFocusOut={(event) => {
            const next = (event as FocusEvent).relatedTarget as Node | null;
            if (!next || !list.current?.contains(next)) setOpen(false);
          }}
        >
          {rows.map((row) => {
            const look = activityOf(row);
            const current = row.key === state.sessions?.currentKey;
            return (
              <div class="session-row" key={row.key} data-session-key={row.key} data-activity={row.activity} data-current={current ? 'true' : undefined}>
                <button
                  type="button"
                  role="menuitem"
                  class="session-row__main"
                  aria-current={current ? 'true' : undefined}
                  title={`${row.title} · ${row.agentName} · ${look.label}`}
                  onClick={() => choose(() => host.post({ type: 'switchSession', key: row.key }))}
                >
                  <span class={`session-row__activity session-row__activity--${row.activity}`}>
                    <Icon name={look.icon} spin={look.spin} />
                  </span>
                  <span class="session-row__text">
                    <span class="session-row__title">{row.title}</span>
                    <span class="session-row__detail">
                      {row.agentName}
                      {state.sessions?.multiRoot ? ` · ${folderName(row.cwd)}` : ''} · {look.label}
                    </span>
                  </span>
                </button>
                <button
                  type="button"
                  class="button button--icon session-row__close"
                  data-action="close-session"
                  aria-label={`Close ${row.title}`}
                  title="Close session"
                  onClick={() => host.post({ type: 'closeSession', key: row.key })}
                >
                  <Icon name="close" />
                </button>
              </div>
            );
          })}
          {rows.length > 0 ? <div class="session-switcher__separator" role="separator" /> : null}
          <button type="button" role="menuitem" class="session-switcher__action" data-action="new-session-menu" onClick={() => choose(() => host.post({ type: 'newSession' }))}>
            <Icon name="add" />
            <span>New session</span>
          </button>
          <button
            type="button"
            role="menuitem"
            class="session-switcher__action"
            data-action="show-history"
            onClick={() =>
              choose(() => {
                store?.setHistoryOpen(true);
                host.post({ type: 'showHistory' });
              })
            }
          >
            <Icon name="history" />
            <span>History…</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
