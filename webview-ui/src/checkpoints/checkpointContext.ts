// The checkpoint store for the components, and a hook that re-renders on its changes.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { CheckpointStore } from './checkpointStore';

export const CheckpointContext = createContext<CheckpointStore | null>(null);

/** The store, re-rendering the caller when it changes. */
export function useCheckpoints(): CheckpointStore | null {
  const store = useContext(CheckpointContext);
  const [, setVersion] = useState(0);
  useEffect(() => (store ? store.subscribe(() => setVersion((version) => version + 1)) : undefined), [store]);
  return store;
}
