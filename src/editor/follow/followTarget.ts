// Which tool call location to follow after a session change. Pure: no `vscode`, no node.
// A location is followed once: when a tool call first names it (tool_call, tool_call_update or a permission
// request's tool call). Only while a turn runs, so a session/load replay does not walk the editor through history.
import type { SessionChange, SessionState, ToolCallEntry } from '../../shared/model';

export interface FollowTarget {
  /** As the agent sent it (absolute per the protocol; a relative one is resolved by the caller). */
  path: string;
  /** 1-based, as the chat's location links read it; absent or 0 means the top of the file. */
  line?: number;
  toolCallId: string;
}

function locationKey(path: string, line: number | null | undefined): string {
  return `${typeof line === 'number' ? line : ''}:${path}`;
}

function findEntry(state: SessionState, id: string): ToolCallEntry | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const entry = state.entries[i];
    if (entry.id === id) return entry.kind === 'tool_call' ? entry : undefined;
  }
  return undefined;
}

/** Remembers the locations each tool call has named, so only new ones are followed. */
export class LocationWatch {
  private readonly seen = new Map<string, Set<string>>();

  /** The location to follow after `change`: the first new location of the last changed tool call that named one. */
  next(state: SessionState, change: SessionChange): FollowTarget | undefined {
    let target: FollowTarget | undefined;
    for (const id of change.entries) {
      const entry = findEntry(state, id);
      if (!entry) continue;
      const found = this.firstNewLocation(entry);
      if (found) target = found;
    }
    return state.header.turn === 'idle' ? undefined : target;
  }

  private firstNewLocation(entry: ToolCallEntry): FollowTarget | undefined {
    let seen = this.seen.get(entry.toolCallId);
    if (!seen) {
      seen = new Set();
      this.seen.set(entry.toolCallId, seen);
    }
    let first: FollowTarget | undefined;
    for (const location of entry.locations) {
      if (typeof location?.path !== 'string' || location.path === '') continue;
      const key = locationKey(location.path, location.line);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!first) {
        first = { path: location.path, toolCallId: entry.toolCallId };
        if (typeof location.line === 'number' && Number.isSafeInteger(location.line) && location.line > 0) first.line = location.line;
      }
    }
    return first;
  }
}
