// "3 min ago" for the history list. Pure.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago an ISO 8601 time was, in words; "" when it cannot be read. */
export function relativeTime(iso: string | undefined, now: number): string {
  const time = iso === undefined ? NaN : Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const ago = now - time;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 30 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return new Date(time).toISOString().slice(0, 10);
}

/** The last part of a folder path. */
export function folderName(path: string): string {
  const parts = path.split(/[\\/]+/).filter(Boolean);
  return parts[parts.length - 1] ?? path;
}
