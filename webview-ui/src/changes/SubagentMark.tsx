// In the changes strip: the file was changed by a subagent (a child session); its title in the tooltip.
import { Icon } from '../ui/Icon';

export function SubagentMark({ titles }: { titles: readonly string[] }) {
  const text = `Changed by the subagent${titles.length === 1 ? '' : 's'} ${titles.join(', ')}`;
  return (
    <span class="changes__subagent" title={text} data-by-subagent={titles.join('\n')}>
      <Icon name="hubot" />
    </span>
  );
}
