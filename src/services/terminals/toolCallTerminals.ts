// Which terminals a session's tool calls show, with the tool call's title: pure, so the naming rule is unit-tested.
import type { EntryId, SessionState } from '../../shared/transcript/model';

export interface ShownTerminal {
  terminalId: string;
  title: string;
}

/** The terminals that the changed tool call entries show (content items of type "terminal"). */
export function terminalsShownBy(state: SessionState, changed: readonly EntryId[]): ShownTerminal[] {
  if (changed.length === 0) return [];
  const wanted = new Set(changed);
  const shown: ShownTerminal[] = [];
  for (let i = state.entries.length - 1; i >= 0 && wanted.size > 0; i--) {
    const entry = state.entries[i];
    if (!wanted.delete(entry.id) || entry.kind !== 'tool_call') continue;
    for (const item of entry.content) {
      const terminalId = (item as { terminalId?: unknown }).terminalId;
      if (item.type === 'terminal' && typeof terminalId === 'string') shown.push({ terminalId, title: entry.title });
    }
  }
  return shown;
}
