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
