// How a tool call status is drawn: a label, a codicon and a tone (a CSS class picks the theme colour).
// Unknown statuses (newer spec, custom `_` values) are shown as they came, with a neutral look.
export type StatusTone = 'pending' | 'progress' | 'success' | 'failure' | 'cancelled' | 'unknown';

export interface StatusLook {
  label: string;
  icon: string;
  tone: StatusTone;
  /** The icon spins (work under way). */
  spin: boolean;
}

const KNOWN: Record<string, StatusLook> = {
  pending: { label: 'Pending', icon: 'circle-large-outline', tone: 'pending', spin: false },
  in_progress: { label: 'Running', icon: 'loading', tone: 'progress', spin: true },
  completed: { label: 'Completed', icon: 'pass', tone: 'success', spin: false },
  failed: { label: 'Failed', icon: 'error', tone: 'failure', spin: false },
  cancelled: { label: 'Cancelled', icon: 'circle-slash', tone: 'cancelled', spin: false },
};

export function toolStatusLook(status: string): StatusLook {
  return Object.hasOwn(KNOWN, status) ? KNOWN[status] : { label: status, icon: 'question', tone: 'unknown', spin: false };
}

const KIND_ICONS: Record<string, string> = {
  read: 'file',
  edit: 'edit',
  delete: 'trash',
  move: 'arrow-swap',
  search: 'search',
  execute: 'terminal',
  think: 'lightbulb',
  fetch: 'globe',
  switch_mode: 'arrow-both',
  other: 'tools',
};

/** A codicon for a tool kind; unknown kinds get the generic one. */
export function toolKindIcon(kind: string): string {
  return Object.hasOwn(KIND_ICONS, kind) ? KIND_ICONS[kind] : 'tools';
}
