// The agent's identified plans (`plan_update`, see src/shared/transcript/plans.ts), one card each, in the order they first came,
// between the transcript and the composer like the legacy plan. A checklist is the legacy plan's card; a Markdown
// plan folds to its title and opens to the whole document, with a link that opens its file in the editor (the card
// then follows the file); a plan of a type this client does not know shows its type and its data, folded. A removed
// plan (`plan_removed`) is no longer in the list: its card goes.
import type { IdentifiedPlan } from '../../../src/shared/transcript/plans';
import { Plan } from './Plan';
import { LocationLink } from './LocationLink';
import { Markdown } from './Markdown';
import { RawValue } from './RawValue';
import { Icon } from '../ui/Icon';
import { markdownPlanTitle } from '../logic/planTitle';
import { usePlanOpen } from '../hooks/usePlanOpen';

interface PlanCardsProps {
  plans: readonly IdentifiedPlan[];
  running: boolean;
  stopped: boolean;
}

function MarkdownPlan({ plan, running }: { plan: IdentifiedPlan; running: boolean }) {
  const [open, toggle] = usePlanOpen(running);
  const content = plan.content ?? '';
  const title = markdownPlanTitle(content, plan.path);
  const bodyId = `plan-body-${encodeURIComponent(plan.planId)}`;
  return (
    <section class={`plan plan--markdown${open ? ' is-open' : ''}`} data-plan data-plan-id={plan.planId} data-plan-type="markdown" aria-label={`Plan: ${title}`}>
      <div class="plan__bar">
        <button type="button" class="plan__toggle" aria-expanded={open ? 'true' : 'false'} aria-controls={bodyId} data-action="toggle-plan" onClick={toggle}>
          <Icon name={open ? 'chevron-down' : 'chevron-right'} />
          <span class="plan__heading">Plan</span>
          <span class="plan__current" data-plan-title>
            {title}
          </span>
        </button>
        {plan.fromFile ? (
          <span class="plan__source" data-plan-from-file title="Shows the file as it is now: it changed after the agent sent the plan">
            file
          </span>
        ) : null}
        {plan.path ? <LocationLink path={plan.path} class="plan__file" /> : null}
      </div>
      {open ? (
        <div id={bodyId} class="plan__markdown" data-plan-markdown>
          {content === '' ? <p class="plan__empty">The plan is in its file.</p> : <Markdown text={content} streaming={false} />}
        </div>
      ) : null}
    </section>
  );
}

function OtherPlan({ plan }: { plan: IdentifiedPlan }) {
  return (
    <section class="plan plan--other" data-plan data-plan-id={plan.planId} data-plan-type={plan.type} aria-label="Plan">
      <div class="plan__bar">
        <span class="plan__heading">Plan</span>
        <span class="plan__current">A plan of type “{plan.type}”, which this client cannot draw</span>
      </div>
      <RawValue id={`plan-raw-${encodeURIComponent(plan.planId)}`} label="Plan data" value={plan.raw ?? {}} />
    </section>
  );
}

export function PlanCards({ plans, running, stopped }: PlanCardsProps) {
  if (plans.length === 0) return null;
  return (
    <div class="plans" data-plans>
      {plans.map((plan) => {
        if (plan.type === 'items') return <Plan key={plan.planId} planId={plan.planId} items={plan.entries ?? []} running={running} stopped={stopped} />;
        if (plan.type === 'markdown') return <MarkdownPlan key={plan.planId} plan={plan} running={running} />;
        return <OtherPlan key={plan.planId} plan={plan} />;
      })}
    </div>
  );
}
