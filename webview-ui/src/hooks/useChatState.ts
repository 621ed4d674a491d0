// Subscribes a component to the store.
import { useEffect, useState } from 'preact/hooks';
import type { ChatState, ChatStore } from '../store';

export function useChatState(store: ChatStore): ChatState {
  const [state, setState] = useState(store.getState());
  useEffect(() => {
    setState(store.getState());
    return store.subscribe(setState);
  }, [store]);
  return state;
}
