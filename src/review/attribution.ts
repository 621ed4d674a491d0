// Which tool call made a change: the latest one whose locations or diffs name the file, preferring calls still
// running (the change most likely came from one of them). No `vscode` here.
import type { SessionState, ToolCallEntry, TranscriptEntry } from '../shared/transcript/model';
import { childToolCallRef } from '../shared/transcript/subagentRefs';
import { subagentLabel } from '../shared/transcript/subagentModel';
import type { KeyOf } from './changeLedger';

const RUNNING = new Set(['pending', 'in_progress']);

function pathsNamedBy(call: ToolCallEntry): string[] {
  const paths: string[] = [];
  for (const location of call.locations) if (typeof location?.path === 'string') paths.push(location.path);
  for (const item of call.content) {
    const path = (item as { type?: unknown; path?: unknown }).type === 'diff' ? (item as { path?: unknown }).path : undefined;
    if (typeof path === 'string') paths.push(path);
  }
  return paths;
}

/**
 * The id of the tool call that most likely changed `file`, if any names it. A subagent's tool calls (in its thread,
 * at the place of its row) count too: their id names the child (subagentRefs.ts), so the change is the child's.
 */
export function toolCallFor(state: Pick<SessionState, 'entries'> | undefined, file: string, keyOf: KeyOf): string | undefined {
  if (!state) return undefined;
  const found = search(state.entries, keyOf(file), keyOf, (call) => call.toolCallId);
  return found.running ?? found.finished;
}

function search(entries: readonly TranscriptEntry[], key: string, keyOf: KeyOf, idOf: (call: ToolCallEntry) => string): { running?: string; finished?: string } {
  let finished: string | undefined;
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index];
    if (entry.kind === 'subagent') {
      const title = subagentLabel(entry);
      const inner = search(entry.entries, key, keyOf, (call) => childToolCallRef({ childSessionId: entry.childSessionId, toolCallId: call.toolCallId, title }));
      if (inner.running) return inner;
      finished ??= inner.finished;
      continue;
    }
    if (entry.kind !== 'tool_call') continue;
    if (!pathsNamedBy(entry).some((path) => keyOf(path) === key)) continue;
    if (RUNNING.has(entry.status)) return { running: idOf(entry) };
    finished ??= idOf(entry);
  }
  return { finished };
}
