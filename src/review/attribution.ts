// Which tool call made a change: the latest one whose locations or diffs name the file, preferring calls still
// running (the change most likely came from one of them). No `vscode` here.
import type { SessionState, ToolCallEntry } from '../shared/model';
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

/** The id of the tool call that most likely changed `file`, if any names it. */
export function toolCallFor(state: Pick<SessionState, 'entries'> | undefined, file: string, keyOf: KeyOf): string | undefined {
  if (!state) return undefined;
  const key = keyOf(file);
  let finished: string | undefined;
  for (let index = state.entries.length - 1; index >= 0; index--) {
    const entry = state.entries[index];
    if (entry.kind !== 'tool_call') continue;
    if (!pathsNamedBy(entry).some((path) => keyOf(path) === key)) continue;
    if (RUNNING.has(entry.status)) return entry.toolCallId;
    finished ??= entry.toolCallId;
  }
  return finished;
}
