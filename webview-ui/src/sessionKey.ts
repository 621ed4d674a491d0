// The key of the session the chat shows, for every message about it the view sends (the host acts on the session
// a message names, never on "whatever is shown now"). A context, so memoized transcript rows see it too.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SessionKey } from '../../src/shared/sessionKey';

export const SessionKeyContext = createContext<SessionKey | undefined>(undefined);

/** The shown session's key, or undefined while no session is shown. */
export function useSessionKey(): SessionKey | undefined {
  return useContext(SessionKeyContext);
}
