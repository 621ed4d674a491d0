// The agent's plan as a checklist (status icon and word, priority, text) between the transcript and the composer,
// so it stays in view. It opens when a turn starts and folds to its "n/m" line when the turn ends; the user's
// own open/fold choice holds until the next turn.
import { useEffect, useState } from 'preact/hooks';
import type { PlanItem } from '../../../src/shared/model';
import { planPriorityLook, planStatusLook } from '../logic/planStatus';
import { Icon } from '../ui/Icon';

interface PlanProps {
  items: readonly PlanItem[];
  /** A turn is under way. */
  running: boolean;
}

export function Plan({ items, running }: PlanProps) {
  const [choice, setChoice] = useState<boolean | undefined>(undefined);
  useEffect(() => setChoice(undefined), [running]);
  const open = choice ?? running;
  const done = items.filter((item) => planStatusLook(String(item.status)).done).length;
  return (
    <section class={`plan${open ? ' is-open' : ''}`} data-plan aria-label="Plan">
      <button
        type="button"
        class="plan__toggle"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls="plan-items"
        data-action="toggle-plan"
        onClick={() => setChoice(!open)}
      >
        <Icon name={open ? 'chevron-down' : 'chevron-right'} />
        <Icon name="tasklist" />
        <span class="plan__heading">Plan</span>
        <span class="plan__count" aria-label={`${done} of ${items.length} done`}>
          {done}/{items.length}
        </span>
      </button>
      {open ? (
        <ul id="plan-items" class="plan__items">
          {items.map((item, i) => {
            const status = String(item.status);
            const look = planStatusLook(status);
            const priority = planPriorityLook(String(item.priority));
            return (
              <li key={i} class={`plan__item${look.done ? ' is-done' : ''}`} data-plan-status={status} data-plan-priority={String(item.priority)}>
                <Icon name={look.icon} />
                <span class="plan__status">{look.label}</span>
                <span class="plan__content">{String(item.content)}</span>
                <span class={`plan__priority plan__priority--${priority.tone}`} title={`Priority: ${priority.label}`}>
                  {priority.label}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
