// A tool call's output that its content items do not show: the command the agent ran itself when no content item
// names its terminal (its `_meta` output, live), else output the agent put only in the raw output (codex-acp's
// commands), drawn in the same pane as a terminal's. Nothing when the content shows the output already.
import type { ToolCallEntry } from '../../../src/shared/transcript/model';
import { rawOutputToShow, type RawCommandOutput } from '../logic/commandOutput';
import { terminalStatus, type TerminalStatusLook } from '../terminals/terminalStatus';
import { TerminalOutput, TerminalPane } from './TerminalOutput';

function terminalIdsOf(entry: ToolCallEntry): string[] {
  const ids: string[] = [];
  for (const item of entry.content) {
    const terminalId = (item as { terminalId?: unknown }).terminalId;
    if (item?.type === 'terminal' && typeof terminalId === 'string') ids.push(terminalId);
  }
  return ids;
}

/** How a raw output's command ended, from its exit code or else the tool call's status. */
function rawStatus(exitCode: number | undefined, status: string): TerminalStatusLook {
  if (exitCode !== undefined) return terminalStatus({ exitCode, signal: null });
  if (status === 'completed') return { text: 'Finished', tone: 'success', icon: 'check' };
  if (status === 'failed') return { text: 'Failed', tone: 'failure', icon: 'error' };
  if (status === 'cancelled') return { text: 'Cancelled', tone: 'ended', icon: 'circle-slash' };
  return { text: 'Running…', tone: 'running', icon: 'loading' };
}

/** What a card shows below its content items. */
export type ExtraOutput = { kind: 'agent'; terminalId: string } | { kind: 'raw'; output: RawCommandOutput } | undefined;

/**
 * The output a card shows beyond its content: the agent's own command when no content item names its terminal;
 * else the raw output's, unless a content terminal has output (a terminal the client does not know, and that the
 * agent reported nothing about, hides nothing).
 */
export function extraOutput(entry: ToolCallEntry, agentTerminalId: string | undefined, contentTerminalShown: boolean): ExtraOutput {
  if (agentTerminalId !== undefined) return terminalIdsOf(entry).includes(agentTerminalId) ? undefined : { kind: 'agent', terminalId: agentTerminalId };
  if (contentTerminalShown) return undefined;
  const content = entry.content.filter((item) => item?.type !== 'terminal');
  const output = rawOutputToShow({ toolKind: String(entry.toolKind), content, rawOutput: entry.rawOutput });
  return output ? { kind: 'raw', output } : undefined;
}

export function CallOutput({ entry, shown }: { entry: ToolCallEntry; shown: ExtraOutput }) {
  if (!shown) return null;
  if (shown.kind === 'agent') {
    return (
      <div class="tool-content tool-content--terminal tool-call__output" data-content-type="agent-terminal" data-terminal-id={shown.terminalId}>
        <TerminalOutput terminalId={shown.terminalId} />
      </div>
    );
  }
  return (
    <div class="tool-content tool-content--terminal tool-call__output" data-content-type="raw-output">
      <TerminalPane id={entry.toolCallId} view={{ text: shown.output.text, truncated: false }} status={rawStatus(shown.output.exitCode, String(entry.status))} />
    </div>
  );
}

/** The card's status when the agent left a cancelled command running (its output still comes). */
export const STILL_RUNNING_LOOK = { label: 'Still running', icon: 'loading', tone: 'unknown', spin: true } as const;
