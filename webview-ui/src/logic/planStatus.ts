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

/**
 * The priority a plan row shows, if any: only when it says something. Agents mark most steps "medium"; a "high" among
 * others stands out, a plan of all-"high" steps says nothing by it. Unknown priorities are shown as they came.
 */
export function shownPriority(priority: string, all: readonly string[]): PlanPriorityLook | undefined {
  if (priority === 'high') return all.every((other) => other === 'high') ? undefined : PRIORITIES.high;
  if (priority === 'medium' || priority === 'low' || priority === '' || priority === 'undefined') return undefined;
  return planPriorityLook(priority);
}

/** The step the plan is at (the first in progress, else the first not done), for the folded plan's one line. */
export function currentStep<T extends { status: unknown; content: unknown }>(items: readonly T[]): T | undefined {
  return items.find((item) => String(item.status) === 'in_progress') ?? items.find((item) => !planStatusLook(String(item.status)).done);
}
