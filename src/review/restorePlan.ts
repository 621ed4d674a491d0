// What restoring a checkpoint will do to each file, decided before anything is written (the user sees it first).
// No `vscode` here.
import type { Content, RestoreTarget } from './changeLedger';

export type RestoreAction = 'restore' | 'recreate' | 'delete' | 'unknown';

export interface RestoreStep {
  path: string;
  action: RestoreAction;
  /** The text the file gets (null: it is deleted). */
  target: string | null;
  /** The text it has now (null: there is no file), to undo the restore. */
  current: string | null;
}

export interface RestorePlan {
  steps: RestoreStep[];
  /** Files whose earlier text was not recorded: left as they are. */
  unknown: string[];
}

function actionFor(target: string | null, current: string | null): RestoreAction {
  if (target === null) return 'delete';
  return current === null ? 'recreate' : 'restore';
}

/** Steps for the files that differ from their checkpoint text; `current` reads a file's text now. */
export async function planRestore(targets: readonly RestoreTarget[], current: (file: string) => Promise<string | null>): Promise<RestorePlan> {
  const steps: RestoreStep[] = [];
  const unknown: string[] = [];
  for (const { path, text } of targets) {
    if (text === undefined) {
      unknown.push(path);
      continue;
    }
    const now = await current(path);
    if (now === text) continue;
    steps.push({ path, action: actionFor(text, now), target: text, current: now });
  }
  return { steps, unknown };
}

/** The plan that puts the files back as they were before `plan` ran. */
export function reversePlan(plan: RestorePlan): RestorePlan {
  return {
    steps: plan.steps.map((step) => ({ path: step.path, action: actionFor(step.current, step.target), target: step.current, current: step.target })),
    unknown: [],
  };
}

export function describeStep(step: RestoreStep): string {
  switch (step.action) {
    case 'delete':
      return 'delete (the agent created it)';
    case 'recreate':
      return 'bring back (the agent deleted it)';
    default:
      return 'restore the earlier text';
  }
}

export type { Content };
