// The header's session switcher: a button with the number of open sessions (and a badge when a session behind the
// shown one waits for the user) that opens the list of open sessions (SessionRow), then "New session" and "History".
// Arrow keys, Home and End move, Enter chooses, Escape closes; the focus comes back to the button.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon } from '../ui/Icon';
import { useHost } from '../hostContext';
import { menuKeyTarget } from '../logic/menuKeys';
import { SessionRow } from './SessionRow';
import { useSessions } from './sessionsContext';
import { waitingElsewhere } from './sessionsStore';

export function SessionSwitcher() {
  const host = useHost();
  const { state, store } = useSessions();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const rows = state.sessions?.sessions ?? [];
  const waiting = waitingElsewhere(state.sessions);
  const historyWasOpen = useRef(state.historyOpen);

  useEffect(() => {
    if (!open) return;
    const current = list.current?.querySelector<HTMLElement>('[aria-current="true"]') ?? list.current?.querySelector<HTMLElement>('[role="menuitem"]');
    current?.focus();
  }, [open]);

  // The history view went away with the focus in it (Back, Escape, a session chosen): the focus comes back here.
  useEffect(() => {
    const closed = historyWasOpen.current && !state.historyOpen;
    historyWasOpen.current = state.historyOpen;
    if (closed && (document.activeElement === null || document.activeElement === document.body)) button.current?.focus();
  }, [state.historyOpen]);

  const close = (refocus: boolean): void => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (action: () => void): void => {
    action();
    close(true);
  };
  // The item that has the focus; a row's close button holds its row's place. -1 when none.
  const focusedIndex = (items: HTMLElement[]): number => {
    const focused = document.activeElement;
    return items.findIndex((item) => item === focused || (item.closest('[data-session-key]')?.contains(focused) ?? false));
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const next = menuKeyTarget(event.key, focusedIndex(items), items.length);
    if (next === undefined) return;
    event.preventDefault();
    items[next]?.focus();
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
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          // A menu button: the arrows open the menu too (the shown session gets the focus).
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
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
            // Not when the focus goes to the switcher button: its click closes the menu (closing here, then the click
            // would open it again).
            const next = (event as FocusEvent).relatedTarget as Node | null;
            if (!next || (!list.current?.contains(next) && next !== button.current)) setOpen(false);
          }}
        >
          {rows.map((row) => (
            <SessionRow
              key={row.key}
              row={row}
              current={row.key === state.sessions?.currentKey}
              multiRoot={state.sessions?.multiRoot ?? false}
              onChoose={() =>
                choose(() => {
                  store?.chooseOpenSession();
                  host.post({ type: 'switchSession', key: row.key });
                })
              }
              onClose={() => choose(() => host.post({ type: 'closeSession', key: row.key }))}
            />
          ))}
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
