// The chat panel: header, transcript, plan, composer.
import { AgentNameContext } from '../agentName';
import { SessionKeyContext } from '../sessionKey';
import { failureInChat, type ChatState, type ChatStore } from '../store';
import { ChatStoreContext } from '../chatStoreContext';
import { useChatPanelState } from '../hooks/useChatState';
import { isTurnActive, sendBlocker } from '../selectors';
import type { ComponentChildren } from 'preact';
import { Composer } from './Composer';
import { EmptyState } from './EmptyState';
import { Header } from './Header';
import { LiveAnnouncer } from './LiveAnnouncer';
import { Plan } from './Plan';
import { Transcript } from './Transcript';
import { HistoryView } from '../sessions/HistoryView';
import { useSessions } from '../sessions/sessionsContext';
import { ChangesStrip } from '../changes/ChangesStrip';
import { ComposerEntry } from '../ui/ComposerEntry';
import { PlanCards } from './PlanCards';

function emptyState(state: ChatState, opening: boolean): ComponentChildren {
  if (!state.synced) return 'Connecting…';
  if (opening) return 'Loading the conversation…';
  return <EmptyState agent={state.agent} blocker={sendBlocker(state)} />;
}

export function App({ store }: { store: ChatStore }) {
  // Not on every new entry or streamed chunk: the transcript follows the list, rows their own entries.
  const state = useChatPanelState(store);
  const sessions = useSessions().state;
  const current = sessions.sessions?.sessions.find((row) => row.key === sessions.sessions?.currentKey);
  const opening = current?.activity === 'opening';
  const header = state.session?.header;
  const plan = header?.plan ?? [];
  return (
    <ChatStoreContext.Provider value={store}>
    <AgentNameContext.Provider value={state.agent?.name}>
    <SessionKeyContext.Provider value={state.session?.sessionKey}>
    <div class="chat">
      <ComposerEntry />
      <Header agent={state.agent} header={header} status={state.headerStatus} failureInChat={failureInChat(state)} />
      {sessions.historyOpen ? (
        <HistoryView />
      ) : (
        <Transcript
          // Another session shown: a fresh transcript (entry ids repeat across sessions, rows are memoized by id).
          key={state.session?.sessionKey ?? ''}
          store={store}
          empty={emptyState(state, opening)}
          starting={state.starting}
        />
      )}
      {opening && !sessions.historyOpen ? (
        <div class="session-opening" role="status" data-session-opening>
          Bringing the session back…
        </div>
      ) : null}
      {plan.length > 0 ? <Plan items={plan} running={isTurnActive(header?.turn)} stopped={header?.lastStopReason === 'cancelled'} /> : null}
      {header?.plans ? <PlanCards plans={header.plans} running={isTurnActive(header.turn)} stopped={header.lastStopReason === 'cancelled'} /> : null}
      <ChangesStrip />
      <Composer blocker={sendBlocker(state)} turn={header?.turn} header={header} agent={state.agent} />
      <LiveAnnouncer store={store} />
    </div>
    </SessionKeyContext.Provider>
    </AgentNameContext.Provider>
    </ChatStoreContext.Provider>
  );
}
