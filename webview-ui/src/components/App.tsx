// The chat panel: header, transcript, plan, composer.
import { AgentNameContext } from '../agentName';
import { SessionKeyContext } from '../sessionKey';
import type { ChatState, ChatStore } from '../store';
import { ChatStoreContext } from '../chatStoreContext';
import { useChatListState } from '../hooks/useChatState';
import { activeEntryId, isTurnActive, sendBlocker } from '../selectors';
import { Composer } from './Composer';
import { Header } from './Header';
import { LiveAnnouncer } from './LiveAnnouncer';
import { Plan } from './Plan';
import { Transcript } from './Transcript';
import { HistoryView } from '../sessions/HistoryView';
import { useSessions } from '../sessions/sessionsContext';
import { ChangesStrip } from '../changes/ChangesStrip';

function emptyText(state: ChatState): string {
  if (!state.synced) return 'Connecting…';
  if (!state.agent) return 'No agent is selected.';
  return `Send a message to start a session with ${state.agent.name}.`;
}

export function App({ store }: { store: ChatStore }) {
  // Not on every streamed chunk: rows follow their own entries (ChatStore.subscribeEntry).
  const state = useChatListState(store);
  const sessions = useSessions().state;
  const opening = sessions.sessions?.sessions.some((row) => row.key === sessions.sessions?.currentKey && row.activity === 'opening') ?? false;
  const header = state.session?.header;
  const plan = header?.plan ?? [];
  return (
    <ChatStoreContext.Provider value={store}>
    <AgentNameContext.Provider value={state.agent?.name}>
    <SessionKeyContext.Provider value={state.session?.sessionKey}>
    <div class="chat">
      <Header agent={state.agent} sessionTitle={header?.title} usage={header?.usage} />
      {sessions.historyOpen ? (
        <HistoryView />
      ) : (
        <Transcript
          // Another session shown: a fresh transcript (entry ids repeat across sessions, rows are memoized by id).
          key={state.session?.sessionKey ?? ''}
          session={state.session}
          activeId={activeEntryId(state)}
          emptyText={opening ? 'Loading the conversation…' : emptyText(state)}
        />
      )}
      {opening && !sessions.historyOpen ? (
        <div class="session-opening" role="status" data-session-opening>
          Bringing the session back…
        </div>
      ) : null}
      {plan.length > 0 ? <Plan items={plan} running={isTurnActive(header?.turn)} stopped={header?.lastStopReason === 'cancelled'} /> : null}
      <ChangesStrip />
      <Composer blocker={sendBlocker(state)} turn={header?.turn} header={header} agent={state.agent} />
      <LiveAnnouncer store={store} />
    </div>
    </SessionKeyContext.Provider>
    </AgentNameContext.Provider>
    </ChatStoreContext.Provider>
  );
}
