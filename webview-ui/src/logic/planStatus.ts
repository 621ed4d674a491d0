// How a plan item status is drawn. Unknown statuses are shown as they came.
export interface PlanStatusLook {
  label: string;
  icon: string;
  done: boolean;
}

const KNOWN: Record<string, PlanStatusLook> = {
  pending: { label: 'Pending', icon: 'circle-large-outline', done: false },
  in_progress: { label: 'In progress', icon: 'arrow-circle-right', done: false },
  completed: { label: 'Done', icon: 'pass-filled', done: true },
};

export function planStatusLook(status: string): PlanStatusLook {
  return Object.hasOwn(KNOWN, status) ? KNOWN[status] : { label: status, icon: 'circle-large-outline', done: false };
}

export interface PlanPriorityLook {
  label: string;
  tone: 'high' | 'medium' | 'low' | 'other';
}

const PRIORITIES: Record<string, PlanPriorityLook> = {
  high: { label: 'High', tone: 'high' },
  medium: { label: 'Medium', tone: 'medium' },
  low: { label: 'Low', tone: 'low' },
};

/** How a plan item's priority is drawn; unknown priorities are shown as they came. */
export function planPriorityLook(priority: string): PlanPriorityLook {
  return Object.hasOwn(PRIORITIES, priority) ? PRIORITIES[priority] : { label: priority, tone: 'other' };
}
