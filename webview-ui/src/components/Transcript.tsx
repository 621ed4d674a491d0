// The conversation, virtualized: only the entries near the viewport are in the DOM (between two spacers), so the
// DOM does not grow with the transcript. It follows the newest entry while the user is at the bottom, shows a
// "jump to latest" button once they scroll up, and pages in older entries from the host at the top.
import type { ComponentChildren } from 'preact';
import { useCallback, useRef } from 'preact/hooks';
import { useHost } from '../hostContext';
import { useVirtualTranscript } from '../hooks/useVirtualTranscript';
import type { ChatStore, SessionView } from '../store';
import { useChatListState } from '../hooks/useChatState';
import { activeEntryId } from '../selectors';
import { Icon } from '../ui/Icon';
import { DroppedNote } from './SpillNotes';
import { TranscriptRow } from './TranscriptRow';
import { StartingRow } from './StartingRow';
import type { StartingView } from '../../../src/shared/protocol/startingProtocol';

interface TranscriptProps {
  /** The transcript follows the list of entries in the store itself (a new entry re-renders it, not the panel). */
  store: ChatStore;
  /** Shown while there are no entries (the App's empty state). */
  empty: ComponentChildren;
  /** A session being started for the chat (the message waiting for it), or its failure: after the entries. */
  starting?: StartingView | null;
}

const NO_ENTRIES: SessionView['entries'] = [];
const NO_POSITIONS: SessionView['positions'] = new Map();

export function Transcript({ store, empty, starting }: TranscriptProps) {
  const host = useHost();
  const state = useChatListState(store);
  const session = state.session;
  const activeId = activeEntryId(state);
  const scroller = useRef<HTMLDivElement>(null);
  const topSpacer = useRef<HTMLDivElement>(null);
  const entries = session?.entries ?? NO_ENTRIES;
  const hidden = session ? session.totalEntries - session.entries.length : 0;
  const sessionKey = session?.sessionKey;
  const requestOlder = useCallback(
    (before: string) => {
      if (sessionKey) host.post({ type: 'loadOlder', sessionKey, before });
    },
    [host, sessionKey],
  );
  const virtual = useVirtualTranscript({
    scroller,
    topSpacer,
    sessionKey,
    entries,
    positions: session?.positions ?? NO_POSITIONS,
    olderAvailable: hidden > 0,
    requestOlder,
  });
  const { window } = virtual;

  return (
      <div class="transcript">
        <div
          ref={scroller}
          class="transcript__scroller"
          role="log"
          aria-live="off"
          aria-label="Conversation"
          tabIndex={0}
          data-total-entries={session?.totalEntries ?? 0}
        >
          {session && hidden <= 0 ? <DroppedNote sessionKey={session.sessionKey} dropped={session.header.dropped} /> : null}
          {hidden > 0 ? (
            <div class="transcript__hidden">
              <button type="button" class="link-button" data-action="load-older" onClick={virtual.loadOlder}>
                {hidden === 1 ? 'Load 1 earlier entry' : `Load ${hidden} earlier entries`}
              </button>
            </div>
          ) : null}
          <div ref={topSpacer} class="transcript__spacer" style={{ height: `${window.padTop}px` }} />
          {entries.slice(window.start, window.end).map((entry) => (
            <TranscriptRow key={entry.id} entry={entry} active={entry.id === activeId} measurer={virtual.measurer} />
          ))}
          <div class="transcript__spacer" style={{ height: `${window.padBottom}px` }} />
          {starting ? <StartingRow starting={starting} /> : null}
          {entries.length === 0 && !starting ? (
            <div class="transcript__empty" data-empty-state>
              {empty}
            </div>
          ) : null}
        </div>
        {virtual.atBottom ? null : (
          <button
            type="button"
            class="button button--secondary transcript__jump"
            data-action="jump-to-latest"
            onClick={virtual.scrollToBottom}
          >
            <Icon name="arrow-down" />
            <span>Latest</span>
          </button>
        )}
      </div>
  );
}
