// A thought: collapsed by default; the user opens it (the browser keeps that open state across re-renders).
import type { ThoughtEntry } from '../../../src/shared/model';
import { thoughtLabel } from '../logic/thoughtLabel';
import { Blocks } from './Blocks';
import { Icon } from './Icon';

interface ThoughtProps {
  entry: ThoughtEntry;
  /** Still being written. */
  active: boolean;
}

export function Thought({ entry, active }: ThoughtProps) {
  return (
    <details class="entry entry--thought" data-entry-kind="thought" data-entry-id={entry.id}>
      <summary>
        <Icon name={active ? 'loading' : 'lightbulb'} spin={active} />
        <span>{thoughtLabel(active, entry.startedAt, entry.updatedAt)}</span>
      </summary>
      <div class="thought-body">
        <Blocks blocks={entry.content} />
      </div>
    </details>
  );
}
