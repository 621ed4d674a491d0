// The summary line of a thought: "Thinking…" while it is being written, then "Thought" (with how long, when known).
export function thoughtLabel(active: boolean, startedAt: number, updatedAt: number): string {
  if (active) return 'Thinking…';
  const seconds = Math.round((updatedAt - startedAt) / 1000);
  return Number.isFinite(seconds) && seconds >= 1 ? `Thought for ${seconds} s` : 'Thought';
}
