// Subagent rows and messages between sessions as markdown (the transcript export and the child's own read-only
// view). Pure.
import type { TranscriptEntry } from './model';
import type { SessionMessageEntry, SubagentEntry, SubagentWorkState } from './subagentModel';
import { subagentLabel } from './subagentModel';

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** The child's work state in a few words ("running", "finished", "stopped: cancelled", "failed: ..."). */
export function workStateText(state: SubagentWorkState | undefined, cancelling = false, replayed = false): string {
  if (cancelling) return 'cancelling';
  if (!state) return 'state not reported';
  if (replayed && state.state === 'running') return 'last seen running';
  if (replayed && state.state === 'requires_action') return 'last seen waiting';
  switch (state.state) {
    case 'running':
      return 'running';
    case 'requires_action':
      return 'waiting for you';
    case 'idle':
      if (state.stopReason === undefined || state.stopReason === 'end_turn') return 'done';
      if (state.stopReason === 'error') return state.error ? `failed: ${state.error}` : 'failed';
      return `stopped: ${state.stopReason.replace(/_/g, ' ')}`;
    case 'unknown':
      return 'state unknown';
    default:
      return state.state.replace(/_/g, ' ');
  }
}

export function sessionMessageText(entry: SessionMessageEntry, text: string): string {
  const from = entry.senderSessionId ? ` from \`${entry.senderSessionId}\`` : '';
  const to = entry.recipientSessionId ? ` to \`${entry.recipientSessionId}\`` : '';
  return quoted(`**Message${from}${to}:**\n\n${text}`);
}

/** The child's section: its title, state and description, then its transcript one heading level down. */
export function subagentText(entry: SubagentEntry, entryText: (entry: TranscriptEntry) => string): string {
  const head = `## Subagent: ${subagentLabel(entry)} (${workStateText(entry.state, entry.cancelling)})`;
  const lines = [head, `Session: \`${entry.childSessionId}\``];
  if (entry.description && entry.title) lines.push(entry.description);
  const body = entry.entries.map((item) => entryText(item).replace(/^(#+) /gm, '#$1 '));
  return [lines.join('\n\n'), ...body].join('\n\n');
}
