// Gives the composer's components the composer store and its state.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { MentionRef } from '../../../src/shared/composerProtocol';
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
