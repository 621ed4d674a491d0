// A tool call: a header button (kind icon, title, kind, status) that folds and unfolds the card (Enter or Space),
// and the body: content items, locations, raw input, raw output (open when there is no content). Finished cards
// start folded; a card that asks for permission stays open with its prompt. Open state is view state only.
import type { ToolCallEntry } from '../../../src/shared/model';
import { domIdFor, useDisclosure } from '../disclosure';
import { withVisibleMarkers } from '../../../src/shared/visibleText';
import { cardTexts } from '../logic/permissionTexts';
import { toolCardLook, toolCardOpenByDefault, toolKindIcon } from '../logic/toolStatus';
import { Icon } from '../ui/Icon';
import { PermissionPrompt } from './PermissionPrompt';
import { RawValue } from './RawValue';
import { ToolContentItem } from './ToolContentItem';
import { ToolLocations } from './ToolLocations';
import { VisibleText } from '../ui/VisibleText';

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function ToolCallBody({ entry }: { entry: ToolCallEntry }) {
  const noContent = entry.content.length === 0;
  return (
    <>
      {entry.content.length > 0 ? (
        <ul class="tool-call__content">
          {entry.content.map((item, i) => (
            <ToolContentItem key={i} item={item} toolCallId={entry.toolCallId} index={i} entryId={entry.id} />
          ))}
        </ul>
      ) : null}
      <ToolLocations locations={entry.locations} />
      {hasValue(entry.rawInput) ? <RawValue id={`${entry.id}:raw-input`} label="Raw input" value={entry.rawInput} /> : null}
      {hasValue(entry.rawOutput) ? (
        <RawValue id={`${entry.id}:raw-output`} label="Raw output" value={entry.rawOutput} defaultOpen={noContent} />
      ) : null}
    </>
  );
}

export function ToolCallCard({ entry }: { entry: ToolCallEntry }) {
  const status = String(entry.status);
  const kind = String(entry.toolKind);
  const asking = entry.permission !== undefined;
  const look = toolCardLook(status, asking);
  const [chosenOpen, toggle] = useDisclosure(`${entry.id}:card`, toolCardOpenByDefault(status, asking));
  // While the agent waits for an answer, the card cannot fold away the question.
  const open = chosenOpen || asking;
  const bodyId = domIdFor(`${entry.id}:body`);
  const title = entry.title || 'Tool call';
  return (
    <div
      class={`entry tool-call tone--${look.tone}${asking ? ' tool-call--asking' : ''}${open ? ' is-open' : ''}`}
      data-entry-kind="tool_call"
      data-entry-id={entry.id}
      data-tool-call-id={entry.toolCallId}
      data-tool-status={status}
      data-tool-kind={kind}
    >
      <button
        type="button"
        class="tool-call__head"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={bodyId}
        aria-disabled={asking ? 'true' : undefined}
        data-action="toggle-tool-call"
        onClick={() => {
          if (!asking) toggle();
        }}
      >
        <Icon name={open ? 'chevron-down' : 'chevron-right'} />
        <Icon name={toolKindIcon(kind)} />
        <span class="tool-call__title" title={withVisibleMarkers(title)}>
          <VisibleText text={title} />
        </span>
        <span class="tool-call__kind">{kind}</span>
        <span class="tool-call__status">
          <Icon name={look.icon} spin={look.spin} />
          <span>{look.label}</span>
        </span>
      </button>
      {open ? (
        <div id={bodyId} class="tool-call__body">
          <ToolCallBody entry={entry} />
        </div>
      ) : null}
      {entry.permission ? <PermissionPrompt key={entry.permission.requestKey} permission={entry.permission} title={entry.title} texts={cardTexts(entry)} /> : null}
    </div>
  );
}
