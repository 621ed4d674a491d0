// The @-mention picker's search: the query goes to the host after a short pause in typing; the newest answer wins
// (older answers show meanwhile, so the list does not flicker).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FileHit } from '../../../src/shared/protocol/composerProtocol';
import { useHost } from '../hostContext';
import { useSessionKey } from '../sessionKey';
import { useComposerHostState } from './composerContext';

export const SEARCH_DEBOUNCE_MS = 120;

export interface FileSearch {
  files: FileHit[];
  /** The answer to the newest query has not come yet. */
  loading: boolean;
}

export function useFileSearch(query: string | undefined): FileSearch {
  const host = useHost();
  const { fileResults } = useComposerHostState();
  // The search runs in the roots of the session a prompt would go to (none yet: where a new one would work).
  const sessionKey = useSessionKey();
  const counter = useRef(0);
  const [latest, setLatest] = useState(0);
  useEffect(() => {
    if (query === undefined) return undefined;
    const timer = setTimeout(() => {
      const requestId = ++counter.current;
      setLatest(requestId);
      host.post({ type: 'searchFiles', requestId, query, ...(sessionKey ? { sessionKey } : {}) });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [host, query, sessionKey]);
  const answered = fileResults !== null && latest > 0 && fileResults.requestId <= latest;
  return { files: answered ? fileResults.files : [], loading: !(answered && fileResults.requestId === latest) };
}
