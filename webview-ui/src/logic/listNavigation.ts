// Moving through a completion list with the arrow keys: wraps around at both ends. Pure.
export function moveActive(active: number, count: number, delta: number): number {
  if (count <= 0) return 0;
  return (((active + delta) % count) + count) % count;
}
