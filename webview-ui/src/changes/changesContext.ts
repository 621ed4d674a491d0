// The changes store for the components, and a hook that re-renders on its changes.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { ChangesMessage } from '../../../src/shared/protocol/changesProtocol';
import type { ChangesStore } from './changesStore';

export const ChangesContext = createContext<ChangesStore | null>(null);

export function useChanges(): ChangesMessage {
  const store = useContext(ChangesContext);
  const [state, setState] = useState<ChangesMessage>(() => store?.state ?? { type: 'changes', files: [] });
  useEffect(() => {
    if (!store) return undefined;
    setState(store.state);
    return store.subscribe(() => setState(store.state));
  }, [store]);
  return state;
}
