// The sessions store for the components, and a hook that re-renders on its changes.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { SessionsState, SessionsStore } from './sessionsStore';

export const SessionsContext = createContext<SessionsStore | null>(null);

export function useSessions(): { state: SessionsState; store: SessionsStore | null } {
  const store = useContext(SessionsContext);
  const [state, setState] = useState<SessionsState>(() => store?.state ?? { historyOpen: false });
  useEffect(() => {
    if (!store) return undefined;
    setState(store.state);
    return store.subscribe(() => setState(store.state));
  }, [store]);
  return { state, store };
}
