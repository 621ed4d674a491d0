// Gives rows the chat store, so each can follow its own entry (ChatStore.subscribeEntry) without the list
// re-rendering for a change of one entry's content.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { ChatStore } from './store';

export const ChatStoreContext = createContext<ChatStore | null>(null);

export function useChatStore(): ChatStore | null {
  return useContext(ChatStoreContext);
}
