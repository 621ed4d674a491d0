// How a tool call status is drawn: a label, a codicon and a tone (a CSS class picks the theme colour).
// Unknown statuses (newer spec, custom `_` values) are shown as they came, with a neutral look.
export type StatusTone = 'pending' | 'progress' | 'success' | 'failure' | 'cancelled' | 'awaiting' | 'unknown';

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

const AWAITING_PERMISSION: StatusLook = { label: 'Awaiting permission', icon: 'shield', tone: 'awaiting', spin: false };

/** The card's status: "Awaiting permission" while the agent waits for the user, else the tool call's status. */
export function toolCardLook(status: string, asking: boolean): StatusLook {
  return asking ? AWAITING_PERMISSION : toolStatusLook(status);
}

/** Finished cards (completed, cancelled) start folded; the rest, and every card that asks, start open. */
export function toolCardOpenByDefault(status: string, asking: boolean): boolean {
  return asking || !(status === 'completed' || status === 'cancelled');
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

/** A codicon for a tool kind; unknown and custom (`_`) kinds get a generic one of their own. */
export function toolKindIcon(kind: string): string {
  return Object.hasOwn(KIND_ICONS, kind) ? KIND_ICONS[kind] : 'symbol-misc';
}
