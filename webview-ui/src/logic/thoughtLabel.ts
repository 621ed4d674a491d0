// The summary line of a thought: "Thinking…" while it is being written, then "Thought" (with how long, when known:
// "Thought for 12 s", "Thought for 1 min 05 s").
import { elapsedLabel } from '../../../src/shared/elapsedLabel';

export function thoughtLabel(active: boolean, startedAt: number, updatedAt: number): string {
  if (active) return 'Thinking…';
  const ms = updatedAt - startedAt;
  return Number.isFinite(ms) && ms >= 1000 ? `Thought for ${elapsedLabel(ms)}` : 'Thought';
}
