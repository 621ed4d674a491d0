// The checkpoint store for the components, and a hook that re-renders on its changes.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { CheckpointStore } from './checkpointStore';

export const CheckpointContext = createContext<CheckpointStore | null>(null);

/** The store, re-rendering the caller when it changes (also for a change between its render and its subscription). */
export function useCheckpoints(): CheckpointStore | null {
  const store = useContext(CheckpointContext);
  const [, setVersion] = useState(() => store?.version ?? 0);
  useEffect(() => {
    if (!store) return undefined;
    setVersion(store.version);
    return store.subscribe(() => setVersion(store.version));
  }, [store]);
  return store;
}
