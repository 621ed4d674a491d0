// One content item of a tool call: content blocks (text as markdown that keeps every line break: tool output such as
// qwen-code's "Command: …\nOutput: …" is lines, not a paragraph), a diff with its hunks, a terminal, or an
// unknown type by name with its JSON folded.
import type { OpenToolCallContent } from '../../../src/shared/acp';
import { toolContentView } from '../logic/toolContent';
import { formatRawOutput } from '../logic/rawOutput';
import { ContentBlocks } from './ContentBlocks';
import { DiffContent } from './DiffContent';
import { Disclosure } from './Disclosure';
import { TerminalOutput } from './TerminalOutput';
import { LinkedSubagent, linkedSessionId } from './LinkedSubagent';

interface ToolContentItemProps {
  item: OpenToolCallContent;
  /** Which tool call and which of its items this is: for "Open diff" and folded parts' view state. */
  toolCallId?: string;
  index?: number;
  entryId?: string;
  /** A diff names its file (false when the card's header already does: its only diff). */
  showPath?: boolean;
}

export function ToolContentItem({ item, toolCallId = '', index = 0, entryId = toolCallId, showPath = true }: ToolContentItemProps) {
  const linked = linkedSessionId(item);
  if (linked !== undefined) return <LinkedSubagent sessionId={linked} />;
  const view = toolContentView(item);
  switch (view.kind) {
    case 'content':
      return (
        <li class="tool-content tool-content--text" data-content-type="content">
          <ContentBlocks blocks={[view.block]} streaming={false} idPrefix={`${entryId}:content:${index}`} breaks />
        </li>
      );
    case 'diff':
      return (
        <DiffContent
          item={item}
          toolCallId={toolCallId}
          index={index}
          path={view.path}
          oldText={view.oldText}
          newText={view.newText}
          roughAdded={view.added}
          roughRemoved={view.removed}
          showPath={showPath}
        />
      );
    case 'terminal':
      return (
        <li class="tool-content tool-content--terminal" data-content-type="terminal" data-terminal-id={view.terminalId}>
          <TerminalOutput terminalId={view.terminalId} />
        </li>
      );
    default:
      return (
        <li class="tool-content tool-content--other" data-content-type={view.type}>
          <Disclosure id={`${entryId}:other:${index}`} label={<span class="block-label">[{view.type}]</span>}>
            <div class="mono-block">{formatRawOutput(item)}</div>
          </Disclosure>
        </li>
      );
  }
}
