// The folded "Details" of a tool call card: what the one-line headline leaves out. The kind, the agent's tool name,
// its title when it says more than the headline, the files and lines it touches (links), and its raw input and output.
import type { ToolCallEntry } from '../../../src/shared/transcript/model';
import { titleAddsToHeadline, type ToolHeadline } from '../logic/toolHeadline';
import { Disclosure } from './Disclosure';
import { RawValue } from './RawValue';
import { ToolLocations } from './ToolLocations';
import { VisibleText } from '../ui/VisibleText';

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null;
}

interface ToolCallDetailsProps {
  entry: ToolCallEntry;
  headline: ToolHeadline;
  /** Open at first (a card with no content has nothing else to show). */
  defaultOpen: boolean;
}

export function ToolCallDetails({ entry, headline, defaultOpen }: ToolCallDetailsProps) {
  const kind = String(entry.toolKind);
  const name = typeof entry.name === 'string' && entry.name.trim() !== '' ? entry.name : undefined;
  const title = titleAddsToHeadline(entry.title, headline) ? entry.title : undefined;
  return (
    <Disclosure id={`${entry.id}:details`} label="Details" defaultOpen={defaultOpen} class="tool-call__details">
      <div class="tool-details" data-tool-details>
        <div class="tool-details__facts">
          <span class="tool-call__kind" title="The kind of tool call" data-tool-details-kind>
            {kind}
          </span>
          {name ? (
            <span class="tool-details__name" title="The agent's name for the tool" data-tool-name>
              <VisibleText text={name} />
            </span>
          ) : null}
        </div>
        {title ? (
          <div class="tool-details__title" data-tool-details-title>
            <VisibleText text={title} />
          </div>
        ) : null}
        <ToolLocations locations={entry.locations} />
        {hasValue(entry.rawInput) ? <RawValue id={`${entry.id}:raw-input`} label="Raw input" value={entry.rawInput} /> : null}
        {hasValue(entry.rawOutput) ? (
          <RawValue id={`${entry.id}:raw-output`} label="Raw output" value={entry.rawOutput} defaultOpen={entry.content.length === 0} />
        ) : null}
      </div>
    </Disclosure>
  );
}
