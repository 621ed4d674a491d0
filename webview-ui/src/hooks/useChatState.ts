// Subscribes a part of the panel to the store: it re-renders when what it shows changes (its signature), not on
// every change. Rows follow their own entries (ChatStore.subscribeEntry), the transcript follows the list
// (`listSignature`), the panel around it follows the header, the agent and the like (`panelSignature`).
import { useEffect, useState } from 'preact/hooks';
import { listSignature, panelSignature, sameListSignature, type ChatState, type ChatStore } from '../store';

function useChatSelection(store: ChatStore, signatureOf: (state: ChatState) => unknown[]): ChatState {
  const [state, setState] = useState(store.getState());
  useEffect(() => {
    let signature = signatureOf(store.getState());
    setState(store.getState());
    return store.subscribe((next) => {
      const nextSignature = signatureOf(next);
      if (sameListSignature(signature, nextSignature)) return;
      signature = nextSignature;
      setState(next);
    });
  }, [store]);
  return state;
}

/**
 * The state, re-rendering only when the list or what surrounds it changes (`listSignature`), not when an entry's
 * content does. The entries' contents in the returned state may be older than the rows show.
 */
export function useChatListState(store: ChatStore): ChatState {
  return useChatSelection(store, listSignature);
}

/** The state, re-rendering only when what the panel around the transcript shows changes (`panelSignature`). */
export function useChatPanelState(store: ChatStore): ChatState {
  return useChatSelection(store, panelSignature);
}
