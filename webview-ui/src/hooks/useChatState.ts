// Subscribes the panel to the store.
import { useEffect, useState } from 'preact/hooks';
import { listSignature, sameListSignature, type ChatState, type ChatStore } from '../store';

/**
 * The state, re-rendering only when the list or what surrounds it changes (`listSignature`), not when an entry's
 * content does: rows follow their own entries. The entries' contents in the returned state may be older than the
 * rows show.
 */
export function useChatListState(store: ChatStore): ChatState {
  const [state, setState] = useState(store.getState());
  useEffect(() => {
    let signature = listSignature(store.getState());
    setState(store.getState());
    return store.subscribe((next) => {
      const nextSignature = listSignature(next);
      if (sameListSignature(signature, nextSignature)) return;
      signature = nextSignature;
      setState(next);
    });
  }, [store]);
  return state;
}
