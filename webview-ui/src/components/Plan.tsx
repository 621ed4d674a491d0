// The agent's plan as a checklist above the composer (collapsible; open by default).
import { useState } from 'preact/hooks';
import type { PlanItem } from '../../../src/shared/model';
import { planStatusLook } from '../logic/planStatus';
import { Icon } from './Icon';

export function Plan({ items }: { items: readonly PlanItem[] }) {
  const [open, setOpen] = useState(true);
  const done = items.filter((item) => planStatusLook(String(item.status)).done).length;
  return (
    <details class="plan" data-plan open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span class="plan__heading">Plan</span>
        <span class="plan__count">
          {done}/{items.length}
        </span>
      </summary>
      <ol class="plan__items">
        {items.map((item, i) => {
          const status = String(item.status);
          const look = planStatusLook(status);
          return (
            <li key={i} class={`plan__item${look.done ? ' is-done' : ''}`} data-plan-status={status}>
              <Icon name={look.icon} />
              <span class="plan__status">{look.label}</span>
              <span class="plan__content">{String(item.content)}</span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
