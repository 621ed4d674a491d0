// The conversation: a live log of keyed, memoized entries that follows the newest one while the user is at the
// bottom, plus a "jump to latest" button once they scroll up.
import { useEffect, useRef } from 'preact/hooks';
import type { SessionView } from '../store';
import { useStickToBottom } from '../hooks/useStickToBottom';
import { EntryItem } from './EntryItem';
import { Icon } from './Icon';

interface TranscriptProps {
  session: SessionView | null;
  /** The entry still being written, if any. */
  activeId: string | undefined;
  /** Shown when there is no session. */
  emptyText: string;
}

export function Transcript({ session, activeId, emptyText }: TranscriptProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { atBottom, scrollToBottom } = useStickToBottom(scroller, content);
  const sessionId = session?.sessionId;

  // Another session: start at its newest entry.
  useEffect(() => scrollToBottom(), [sessionId, scrollToBottom]);

  const hidden = session ? session.totalEntries - session.entries.length : 0;
  return (
    <div class="transcript">
      <div
        ref={scroller}
        class="transcript__scroller"
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        tabIndex={0}
      >
        <div ref={content} class="transcript__content">
          {hidden > 0 ? (
            <div class="transcript__hidden">
              {hidden === 1 ? '1 earlier entry not shown' : `${hidden} earlier entries not shown`}
            </div>
          ) : null}
          {session && session.entries.length > 0 ? (
            session.entries.map((entry) => <EntryItem key={entry.id} entry={entry} active={entry.id === activeId} />)
          ) : (
            <div class="transcript__empty" data-empty-state>
              {session ? 'Send a message to start.' : emptyText}
            </div>
          )}
        </div>
      </div>
      {atBottom ? null : (
        <button
          type="button"
          class="button button--secondary transcript__jump"
          data-action="jump-to-latest"
          onClick={scrollToBottom}
        >
          <Icon name="arrow-down" />
          <span>Latest</span>
        </button>
      )}
    </div>
  );
}
