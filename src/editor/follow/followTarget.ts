// Which tool call location to follow after a session change. Pure: no `vscode`, no node.
// A location is followed once: when a tool call first names it (tool_call, tool_call_update or a permission
// request's tool call). Only while a turn runs, so a session/load replay does not walk the editor through history.
import type { SessionChange, SessionState, ToolCallEntry } from '../../shared/transcript/model';
import type { SubagentEntry } from '../../shared/transcript/subagentModel';
import { subagentLabel } from '../../shared/transcript/subagentModel';

export interface FollowTarget {
  /** As the agent sent it (absolute per the protocol; a relative one is resolved by the caller). */
  path: string;
  /** 1-based, as the chat's location links read it; absent or 0 means the top of the file. */
  line?: number;
  toolCallId: string;
  /** The tool call is a subagent's (a child session's): its title. */
  subagent?: string;
}

function locationKey(path: string, line: number | null | undefined): string {
  return `${typeof line === 'number' ? line : ''}:${path}`;
}

function findEntry(state: SessionState, id: string): ToolCallEntry | SubagentEntry | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const entry = state.entries[i];
    if (entry.id === id) return entry.kind === 'tool_call' || entry.kind === 'subagent' ? entry : undefined;
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
      const found = entry.kind === 'subagent' ? this.inThread(entry) : this.firstNewLocation(entry);
      if (found) target = found;
    }
    return state.header.turn === 'idle' ? undefined : target;
  }

  /** A subagent's thread changed: the newest new location of its tool calls (and its own children's). */
  private inThread(thread: SubagentEntry): FollowTarget | undefined {
    let target: FollowTarget | undefined;
    for (const entry of thread.entries) {
      const found =
        entry.kind === 'subagent' ? this.inThread(entry) : entry.kind === 'tool_call' ? this.firstNewLocation(entry, thread) : undefined;
      if (found) target = found;
    }
    return target;
  }

  private firstNewLocation(entry: ToolCallEntry, thread?: SubagentEntry): FollowTarget | undefined {
    const seenKey = thread ? `${thread.childSessionId}\u001f${entry.toolCallId}` : entry.toolCallId;
    let seen = this.seen.get(seenKey);
    if (!seen) {
      seen = new Set();
      this.seen.set(seenKey, seen);
    }
    let first: FollowTarget | undefined;
    for (const location of entry.locations) {
      if (typeof location?.path !== 'string' || location.path === '') continue;
      const key = locationKey(location.path, location.line);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!first) {
        first = { path: location.path, toolCallId: entry.toolCallId, ...(thread ? { subagent: subagentLabel(thread) } : {}) };
        if (typeof location.line === 'number' && Number.isSafeInteger(location.line) && location.line > 0) first.line = location.line;
      }
    }
    return first;
  }
}
