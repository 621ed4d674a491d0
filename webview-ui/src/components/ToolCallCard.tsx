// A tool call: one header line that folds and unfolds the card (Enter or Space) and says what the call did
// ("Edited hello.js +3 −1", "Ran `npm test`" with its exit), a line when the user's permission policy answered for
// the user, and the body: the content items (diff hunks, terminal output, text) and the folded "Details" (kind, tool
// name, full title, locations, raw input and output). Finished cards start folded; a card that asks for permission
// stays open with its prompt. Open state is view state only.
import type { ToolCallEntry } from '../../../src/shared/transcript/model';
import { domIdFor, useDisclosure } from '../disclosure';
import { cardTexts } from '../logic/permissionTexts';
import { decisionText } from '../logic/permissionDecision';
import { itemDiff } from '../logic/diffHunks';
import { diffStats, type DiffStats } from '../logic/diffStats';
import { commandExit, toolHeadline } from '../logic/toolHeadline';
import { toolCardLook, toolCardOpenByDefault } from '../logic/toolStatus';
import { useAgentTerminalId, useTerminalView } from '../terminals/terminalContext';
import { CallOutput, extraOutput, STILL_RUNNING_LOOK } from './CallOutput';
import { Icon } from '../ui/Icon';
import { PermissionPrompt } from './PermissionPrompt';
import { ToolCardHead } from './ToolCardHead';
import { ToolCallDetails } from './ToolCallDetails';
import { ToolContentItem } from './ToolContentItem';
import { useLinkedSubagentWaits } from '../subagents/subagentScope';

/** The id of the call's first terminal, whose command and exit the header shows. */
function firstTerminalId(entry: ToolCallEntry): string {
  for (const item of entry.content) {
    const terminalId = (item as { terminalId?: unknown }).terminalId;
    if (item?.type === 'terminal' && typeof terminalId === 'string') return terminalId;
  }
  return '';
}

/** A diff's counts as its hunks say (computed once per item, shared with the diff itself); roughly past the caps. */
function counts(item: object, oldText: string | null | undefined, newText: string): DiffStats {
  const result = itemDiff(item, oldText, newText);
  if (result.kind === 'hunks') return { added: result.added, removed: result.removed };
  const rough = result.added === undefined || result.removed === undefined ? diffStats(oldText, newText) : undefined;
  return { added: result.added ?? rough?.added ?? 0, removed: result.removed ?? rough?.removed ?? 0 };
}

function diffCount(entry: ToolCallEntry): number {
  return entry.content.filter((item) => item?.type === 'diff').length;
}

export function ToolCallCard({ entry }: { entry: ToolCallEntry }) {
  const status = String(entry.status);
  const asking = entry.permission !== undefined;
  const contentTerminal = useTerminalView(firstTerminalId(entry));
  const agentTerminalId = useAgentTerminalId(entry.toolCallId);
  const agentTerminal = useTerminalView(agentTerminalId);
  const terminal = contentTerminal ?? agentTerminal;
  const look = !asking && !terminal?.exitStatus && terminal?.agentState === 'running-after-cancel' ? STILL_RUNNING_LOOK : toolCardLook(status, asking);
  const [chosenOpen, toggle] = useDisclosure(`${entry.id}:card`, toolCardOpenByDefault(status, asking));
  // While the agent waits for an answer, the card cannot fold away the question (nor a linked subagent's).
  const open = chosenOpen || asking || useLinkedSubagentWaits(entry);
  const bodyId = domIdFor(`${entry.id}:body`);
  const exited = entry.toolKind === 'execute' && commandExit(entry.rawOutput, terminal?.exitStatus) !== undefined;
  const headline = toolHeadline(entry, { asking, terminalCommand: terminal?.command, exited, countLines: counts });
  const oneDiff = diffCount(entry) === 1 && headline.path !== undefined;
  const extra = open ? extraOutput(entry, agentTerminalId, contentTerminal !== undefined) : undefined;
  return (
    <div
      class={`entry tool-call tone--${look.tone}${asking ? ' tool-call--asking' : ''}${open ? ' is-open' : ''}${entry.undone ? ' is-undone' : ''}`}
      data-entry-kind="tool_call"
      data-entry-id={entry.id}
      data-tool-call-id={entry.toolCallId}
      data-tool-status={status}
      data-tool-kind={String(entry.toolKind)}
    >
      <ToolCardHead entry={entry} headline={headline} look={look} open={open} asking={asking} bodyId={bodyId} terminal={terminal} onToggle={toggle} />
      {entry.decidedBy ? (
        <div class={`tool-call__decision tool-call__decision--${entry.decidedBy.decision}`} data-policy-decision={entry.decidedBy.decision}>
          <Icon name={entry.decidedBy.decision === 'reject' ? 'shield' : 'workspace-trusted'} />
          <span>{decisionText(entry.decidedBy)}</span>
        </div>
      ) : null}
      {open ? (
        <div id={bodyId} class="tool-call__body">
          {entry.content.length > 0 ? (
            <ul class="tool-call__content">
              {entry.content.map((item, i) => (
                <ToolContentItem key={i} item={item} toolCallId={entry.toolCallId} index={i} entryId={entry.id} showPath={!oneDiff} />
              ))}
            </ul>
          ) : null}
          <CallOutput entry={entry} shown={extra} />
          <ToolCallDetails entry={entry} headline={headline} defaultOpen={entry.content.length === 0 && !extra} />
        </div>
      ) : null}
      {entry.permission ? <PermissionPrompt key={entry.permission.requestKey} permission={entry.permission} title={entry.title} texts={cardTexts(entry)} /> : null}
    </div>
  );
}
