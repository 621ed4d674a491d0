// Messages between the extension host and its diff worker thread.
import type { DiffOptions, DiffResult } from '../../shared/diff';

export interface DiffRequest {
  id: number;
  oldText: string;
  newText: string;
  options: DiffOptions;
}

export type DiffReply = { id: number; result: DiffResult } | { id: number; error: string };
