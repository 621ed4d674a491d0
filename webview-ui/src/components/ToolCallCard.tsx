// A tool call: title, kind, status (text + icon + colour), its content items (or rawOutput when there are none),
// and the permission prompt while the agent waits for an answer.
import type { ToolCallEntry } from '../../../src/shared/model';
import { formatRawOutput } from '../logic/rawOutput';
import { toolKindIcon, toolStatusLook } from '../logic/toolStatus';
import { Icon } from './Icon';
import { PermissionPrompt } from './PermissionPrompt';
import { ToolContentItem } from './ToolContentItem';

export function ToolCallCard({ entry }: { entry: ToolCallEntry }) {
  const status = String(entry.status);
  const kind = String(entry.toolKind);
  const look = toolStatusLook(status);
  const showRaw = entry.content.length === 0 && entry.rawOutput !== undefined && entry.rawOutput !== null;
  return (
    <div
      class={`entry tool-call tone--${look.tone}${entry.permission ? ' tool-call--asking' : ''}`}
      data-entry-kind="tool_call"
      data-entry-id={entry.id}
      data-tool-call-id={entry.toolCallId}
      data-tool-status={status}
      data-tool-kind={kind}
    >
      <div class="tool-call__head">
        <Icon name={toolKindIcon(kind)} />
        <span class="tool-call__title">{entry.title || 'Tool call'}</span>
        <span class="tool-call__kind">{kind}</span>
        <span class="tool-call__status">
          <Icon name={look.icon} spin={look.spin} />
          <span>{look.label}</span>
        </span>
      </div>
      {entry.content.length > 0 ? (
        <ul class="tool-call__content">
          {entry.content.map((item, i) => (
            <ToolContentItem key={i} item={item} />
          ))}
        </ul>
      ) : null}
      {showRaw ? <div class="mono-block tool-call__raw">{formatRawOutput(entry.rawOutput)}</div> : null}
      {entry.permission ? <PermissionPrompt key={entry.permission.requestKey} permission={entry.permission} /> : null}
    </div>
  );
}
