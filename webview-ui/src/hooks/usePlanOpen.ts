// Whether a plan card is open: open while a turn runs, folded when it ends or while a permission request waits for
// the user (the question comes first); the user's own open/fold choice holds until that changes.
import { useEffect, useState } from 'preact/hooks';
import { useAwaitsPermission } from './useAwaitsPermission';

export function usePlanOpen(running: boolean): [open: boolean, toggle: () => void] {
  const waiting = useAwaitsPermission();
  const [choice, setChoice] = useState<boolean | undefined>(undefined);
  useEffect(() => setChoice(undefined), [running, waiting]);
  const open = choice ?? (running && !waiting);
  return [open, () => setChoice(!open)];
}
