// The agent's plan as a checklist (a checkbox and the step; a priority only when it says something) between the
// transcript and the composer, so it stays in view. It opens while a turn runs, and folds to one line ("Plan 2/5" and
// the step it is at) when the turn ends or while a permission request waits for the user (the question comes first);
// the user's own open/fold choice holds until that changes. A plan left unfinished by Stop is marked as stale.
import type { PlanItem } from '../../../src/shared/transcript/model';
import { currentStep, planStatusLook, shownPriority } from '../logic/planStatus';
import { usePlanOpen } from '../hooks/usePlanOpen';
import { Icon } from '../ui/Icon';

interface PlanProps {
  items: readonly PlanItem[];
  /** A turn is under way. */
  running: boolean;
  /** The last turn was stopped (cancelled). */
  stopped?: boolean;
  /** An identified plan's id (`plan_update`); none for the legacy plan. */
  planId?: string;
}

function Check({ status }: { status: string }) {
  const look = planStatusLook(status);
  const state = look.done ? 'done' : status === 'in_progress' ? 'active' : 'open';
  return (
    <span class={`plan__check plan__check--${state}`} role="img" aria-label={look.label}>
      {look.done ? <Icon name="check" /> : null}
    </span>
  );
}

export function Plan({ items, running, stopped = false, planId }: PlanProps) {
  const [open, toggle] = usePlanOpen(running);
  const listId = planId === undefined ? 'plan-items' : `plan-items-${encodeURIComponent(planId)}`;
  const done = items.filter((item) => planStatusLook(String(item.status)).done).length;
  const stale = stopped && !running && done < items.length;
  const current = open ? undefined : currentStep(items);
  const priorities = items.map((item) => String(item.priority));
  return (
    <section class={`plan${open ? ' is-open' : ''}${stale ? ' is-stale' : ''}`} data-plan data-plan-id={planId} data-plan-stale={stale ? 'true' : undefined} aria-label="Plan">
      <button
        type="button"
        class="plan__toggle"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={listId}
        data-action="toggle-plan"
        onClick={toggle}
      >
        <Icon name={open ? 'chevron-down' : 'chevron-right'} />
        <span class="plan__heading">Plan</span>
        <span class="plan__count" aria-label={`${done} of ${items.length} done`}>
          {done}/{items.length}
        </span>
        {stale ? (
          <span class="plan__stale" title="The turn was stopped before the plan was finished: it may be out of date">
            stopped
          </span>
        ) : null}
        {current ? (
          <span class="plan__current" data-plan-current>
            {String(current.content)}
          </span>
        ) : null}
      </button>
      {open ? (
        <ul id={listId} class="plan__items">
          {items.map((item, i) => {
            const status = String(item.status);
            const look = planStatusLook(status);
            // A done step's priority no longer says anything.
            const priority = look.done ? undefined : shownPriority(String(item.priority), priorities);
            return (
              <li key={i} class={`plan__item${look.done ? ' is-done' : ''}${status === 'in_progress' ? ' is-active' : ''}`} data-plan-status={status} data-plan-priority={String(item.priority)}>
                <Check status={status} />
                <span class="plan__content">{String(item.content)}</span>
                {priority ? (
                  <span class={`plan__priority plan__priority--${priority.tone}`} title={`Priority: ${priority.label}`}>
                    {priority.label}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
