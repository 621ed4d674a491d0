// Gives components the host bridge without threading callbacks through memoized entries.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { HostBridge } from './vscodeApi';

export const HostContext = createContext<HostBridge | null>(null);

export function useHost(): HostBridge {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost outside HostContext');
  return host;
}
