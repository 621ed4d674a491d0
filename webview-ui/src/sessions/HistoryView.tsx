// The history of earlier sessions, in place of the transcript: title, agent, when, folder (several folders); open
// ones marked; choosing one brings it back (when its agent can); delete where offered; "Load more" pages on.
import { useEffect, useRef } from 'preact/hooks';
import type { HistoryItemView } from '../../../src/shared/protocol/sessionsProtocol';
import { withVisibleMarkers } from '../../../src/shared/text/visibleText';
import { Icon } from '../ui/Icon';
import { VisibleText } from '../ui/VisibleText';
import { useHost } from '../hostContext';
import { folderName, relativeTime } from './relativeTime';
import { useSessions } from './sessionsContext';

export function HistoryView() {
  const host = useHost();
  const { state, store } = useSessions();
  const back = useRef<HTMLButtonElement>(null);
  const history = state.history;
  const multiRoot = state.sessions?.multiRoot ?? false;
  const now = Date.now();
  useEffect(() => back.current?.focus(), []);
  const leave = (): void => store?.setHistoryOpen(false);
  const open = (item: HistoryItemView): void => {
    if (item.opening) return;
    store?.chooseHistoryItem(item);
    host.post({ type: 'openHistorySession', agentId: item.agentId, sessionId: item.sessionId });
  };

  return (
    <section
      class="history"
      aria-label="Session history"
      data-history
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          leave();
        }
      }}
    >
      <div class="history__bar">
        <button ref={back} type="button" class="button button--icon" data-action="close-history" aria-label="Back to the chat" title="Back to the chat" onClick={leave}>
          <Icon name="arrow-left" />
        </button>
        <span class="history__heading">History</span>
        {history?.loading ? (
          <span class="history__loading" data-history-loading>
            <Icon name="loading" spin />
            <span>Loading…</span>
          </span>
        ) : null}
      </div>
      {history?.error ? (
        <div class="history__error" role="alert">
          {history.error}
        </div>
      ) : null}
      <ul class="history__list">
        {(history?.items ?? []).map((item) => (
          <li
            class="history-item"
            key={`${item.agentId}/${item.sessionId}`}
            data-history-session={item.sessionId}
            data-can-open={item.canOpen ? 'true' : 'false'}
            data-read-only={item.readOnly ? 'true' : undefined}
            data-opening={item.opening ? 'true' : undefined}
          >
            <button
              type="button"
              class="history-item__main"
              disabled={!item.canOpen && !item.open}
              aria-busy={item.opening ? 'true' : undefined}
              title={withVisibleMarkers(item.canOpen || item.open ? `Open ${item.title ?? 'this session'}` : `${item.agentName} cannot bring this session back`)}
              onClick={() => open(item)}
            >
              <span class="history-item__title">{typeof item.title === 'string' ? <VisibleText text={item.title} /> : 'Untitled session'}</span>
              <span class="history-item__detail">
                {item.opening ? (
                  <span class="history-item__opening" role="status">
                    <Icon name="loading" spin />
                    <span>Opening… · </span>
                  </span>
                ) : null}
                {item.readOnly && !item.open ? 'Read-only copy · ' : ''}
                {item.agentName}
                {item.updatedAt ? ` · ${relativeTime(item.updatedAt, now)}` : ''}
                {multiRoot ? ` · ${folderName(item.cwd)}` : ''}
                {item.open ? ' · open' : ''}
              </span>
            </button>
            {item.canDelete ? (
              <button
                type="button"
                class="button button--icon history-item__delete"
                data-action="delete-history-session"
                aria-label={withVisibleMarkers(`Delete ${item.title ?? 'this session'}`)}
                title="Delete session"
                onClick={() => host.post({ type: 'deleteHistorySession', agentId: item.agentId, sessionId: item.sessionId })}
              >
                <Icon name="trash" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {history && !history.loading && history.items.length === 0 ? <p class="history__empty">No earlier sessions.</p> : null}
      {history?.hasMore ? (
        <button type="button" class="button history__more" data-action="more-history" disabled={history.loading} onClick={() => host.post({ type: 'moreHistory' })}>
          Load more
        </button>
      ) : null}
    </section>
  );
}
