// Gives terminal output components the terminal store without threading it through memoized entries.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { TerminalStore, TerminalView } from './terminalStore';

export const TerminalContext = createContext<TerminalStore | null>(null);

/**
 * The view of one terminal, re-rendering when it changes; undefined when the host sent nothing for it, or when there
 * is no terminal to follow (no id: nothing is subscribed, as for most tool cards).
 */
export function useTerminalView(terminalId: string | undefined): TerminalView | undefined {
  const store = useContext(TerminalContext);
  const [view, setView] = useState(() => (terminalId ? store?.get(terminalId) : undefined));
  useEffect(() => {
    if (!store || !terminalId) {
      setView(undefined);
      return undefined;
    }
    setView(store.get(terminalId));
    return store.subscribe(terminalId, () => setView(store.get(terminalId)));
  }, [store, terminalId]);
  return view;
}

/** The terminal of the command the agent ran itself for a tool call (its `_meta` output), re-rendering when it comes. */
export function useAgentTerminalId(toolCallId: string): string | undefined {
  const store = useContext(TerminalContext);
  const [terminalId, setTerminalId] = useState(() => store?.agentTerminalOf(toolCallId));
  useEffect(() => {
    if (!store) return undefined;
    setTerminalId(store.agentTerminalOf(toolCallId));
    return store.subscribeToolCall(toolCallId, () => setTerminalId(store.agentTerminalOf(toolCallId)));
  }, [store, toolCallId]);
  return terminalId;
}
