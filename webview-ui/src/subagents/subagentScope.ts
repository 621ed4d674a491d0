// Where a subagent's row is looked up: the entries of the thread being drawn (a child of a child lives in its
// parent's thread), then the shown session's transcript in the store.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { ToolCallEntry, TranscriptEntry } from '../../../src/shared/transcript/model';
import type { SubagentEntry } from '../../../src/shared/transcript/subagentModel';
import { subagentEntryId } from '../../../src/shared/transcript/subagentModel';
import { useChatStore } from '../chatStoreContext';

/** The entries of the thread being drawn, by id (undefined at the top of the transcript). */
export const ThreadEntries = createContext<ReadonlyMap<string, TranscriptEntry> | undefined>(undefined);

function asSubagent(entry: TranscriptEntry | undefined): SubagentEntry | undefined {
  return entry?.kind === 'subagent' ? entry : undefined;
}

/** The name of the child whose thread is being drawn (its title, ...): who asks its questions. */
export const ThreadTitle = createContext<string | undefined>(undefined);

/** The child session whose thread is being drawn (undefined at the top of the transcript). */
export const ThreadChild = createContext<string | undefined>(undefined);

/** A session id in words: a known child's title, "this subagent" inside its own thread, else the main session. */
export function useSessionName(): (sessionId: string | undefined) => string | undefined {
  const own = useContext(ThreadChild);
  const thread = useContext(ThreadEntries);
  const store = useChatStore();
  return (sessionId) => {
    if (sessionId === undefined) return undefined;
    if (sessionId === own) return 'this subagent';
    const id = subagentEntryId(sessionId);
    const known = asSubagent(thread?.get(id) ?? store?.entry(id));
    if (known) return known.title?.trim() || `subagent ${sessionId}`;
    return own !== undefined ? 'the main agent' : `session ${sessionId}`;
  };
}

/** The row of child `childId`, following its changes in the store. */
export function useSubagent(childId: string): SubagentEntry | undefined {
  const thread = useContext(ThreadEntries);
  const store = useChatStore();
  const id = subagentEntryId(childId);
  const [fromStore, setFromStore] = useState(() => asSubagent(store?.entry(id)));
  useEffect(() => {
    if (!store || thread) return undefined;
    setFromStore(asSubagent(store.entry(id)));
    return store.subscribeEntry(id, (entry) => setFromStore(asSubagent(entry)));
  }, [store, thread, id]);
  return thread ? asSubagent(thread.get(id)) : fromStore;
}

/** True when a tool call of the same transcript shows this child (so its own row steps aside). */
export function useLinkedElsewhere(entry: SubagentEntry): boolean {
  const thread = useContext(ThreadEntries);
  const store = useChatStore();
  const linked = entry.linkedToolCallId;
  if (linked === undefined) return false;
  const id = `t:${linked}`;
  return thread ? thread.has(id) : store?.entry(id) !== undefined;
}

/** True when a child this tool call links (`session` content) waits for the user (read when the card renders). */
export function useLinkedSubagentWaits(call: ToolCallEntry): boolean {
  const thread = useContext(ThreadEntries);
  const store = useChatStore();
  for (const item of call.content) {
    const { type, sessionId } = (item ?? {}) as { type?: unknown; sessionId?: unknown };
    if (type !== 'session' || typeof sessionId !== 'string') continue;
    const id = subagentEntryId(sessionId);
    const entry = asSubagent(thread ? thread.get(id) : store?.entry(id));
    if (entry && entry.waiting > 0) return true;
  }
  return false;
}
