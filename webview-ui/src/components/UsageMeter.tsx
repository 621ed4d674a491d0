// The session's context usage ("12.3k / 200k") and cost, in the header; the tooltip and the accessible name say
// it in words.
import type { UsageInfo } from '../../../src/shared/transcript/model';
import { usageText } from '../logic/usageText';
import { Icon } from '../ui/Icon';

export function UsageMeter({ usage }: { usage: UsageInfo | undefined }) {
  const text = usageText(usage);
  if (!text) return null;
  const high = text.fraction !== undefined && text.fraction >= 0.9;
  return (
    <span class={`usage-meter${high ? ' usage-meter--high' : ''}`} role="note" aria-label={text.description} title={text.description} data-usage>
      {text.context ? (
        <span class="usage-meter__context">
          <Icon name="dashboard" />
          <span>{text.context}</span>
        </span>
      ) : null}
      {text.cost ? <span class="usage-meter__cost">{text.cost}</span> : null}
    </span>
  );
}
