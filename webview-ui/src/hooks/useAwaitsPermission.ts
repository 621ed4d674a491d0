// Whether a permission request of the running turn waits for the user, re-rendering only when that changes.
import { useEffect, useState } from 'preact/hooks';
import { useChatStore } from '../chatStoreContext';
import { awaitsPermission } from '../selectors';

export function useAwaitsPermission(): boolean {
  const store = useChatStore();
  const [waiting, setWaiting] = useState(() => (store ? awaitsPermission(store.getState()) : false));
  useEffect(() => {
    if (!store) return undefined;
    setWaiting(awaitsPermission(store.getState()));
    return store.subscribe((state) => setWaiting(awaitsPermission(state)));
  }, [store]);
  return waiting;
}
