// Gives the composer's components the composer store and its state.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { MentionRef, PromptParts } from '../../../src/shared/protocol/composerProtocol';
import { ComposerStore, type ComposerHostState } from './composerStore';

export const ComposerContext = createContext<ComposerStore | null>(null);

export function useComposerHostState(): ComposerHostState {
  const store = useContext(ComposerContext);
  if (!store) throw new Error('useComposerHostState outside ComposerContext');
  const [state, setState] = useState(store.getState());
  useEffect(() => {
    setState(store.getState());
    return store.subscribe(setState);
  }, [store]);
  return state;
}

/** Calls `take` with the mentions added from the editor that this view has not taken yet. */
export function useMentionInbox(take: (mentions: MentionRef[]) => void): void {
  const store = useContext(ComposerContext);
  const { mentionInbox } = useComposerHostState();
  useEffect(() => {
    const fresh = store?.takeMentions() ?? [];
    if (fresh.length > 0) take(fresh);
    // `take` is a fresh closure each render; only new deliveries matter, so it is not a dependency.
  }, [store, mentionInbox]);
}

/** Calls `take` with a message put back into the composer ("Edit") that this view has not taken yet. */
export function usePutBack(take: (parts: PromptParts) => void): void {
  const store = useContext(ComposerContext);
  const { putBack } = useComposerHostState();
  useEffect(() => {
    const parts = store?.takePutBack();
    if (parts) take(parts);
    // As with mentions: only a new delivery matters.
  }, [store, putBack]);
}

/** The composer store (to put a message back into the composer from elsewhere in the chat). */
export function useComposerStore(): ComposerStore {
  const store = useContext(ComposerContext);
  if (!store) throw new Error('useComposerStore outside ComposerContext');
  return store;
}
