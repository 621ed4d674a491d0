// The subagent sessions (child sessions) of one session, host side: the agent's updates under a child's sessionId
// are folded into the child's thread (shared/transcript/subagents.ts), its permission requests are tracked per child (so
// cancelling the child answers them), and a child's work is cancelled alone when it advertises `cancel`. The
// runtime routes a child's messages to its parent's session (acp/childRoutes.ts). No `vscode` here.
import type { SessionChange, SessionState } from '../shared/transcript/model';
import { applySessionUpdate, markTurnToolCallsCancelled } from '../shared/transcript/reducer';
import { applyInSubagent, findSubagent, markReplayedChildren, markSubagentCancelling, subagentState } from '../shared/transcript/subagents';
import { canCancelSubagent, subagentLabel } from '../shared/transcript/subagentModel';
import { parseChildToolCallRef } from '../shared/transcript/subagentRefs';

/** Ledger tool call ids split into the session's own and its children's (by child session id). */
export function splitChildRefs(ids: readonly string[]): { own: string[]; byChild: Map<string, string[]> } {
  const own: string[] = [];
  const byChild = new Map<string, string[]>();
  for (const id of ids) {
    const ref = parseChildToolCallRef(id);
    if (!ref) {
      own.push(id);
      continue;
    }
    const list = byChild.get(ref.childSessionId) ?? [];
    list.push(ref.toolCallId);
    byChild.set(ref.childSessionId, list);
  }
  return { own, byChild };
}

function sessionIdOf(params: unknown): string | undefined {
  const id = typeof params === 'object' && params !== null ? (params as { sessionId?: unknown }).sessionId : undefined;
  return typeof id === 'string' ? id : undefined;
}

export class SessionChildren {
  /** Open permission request keys, by child session id. */
  private readonly requests = new Map<string, Set<string>>();

  constructor(
    private readonly state: SessionState,
    private readonly emit: (change: SessionChange) => void,
    private readonly log: (line: string) => void,
  ) {}

  /** True when the message names another session than this one (a child's, routed here by the runtime). */
  routes(params: unknown): boolean {
    const id = sessionIdOf(params);
    return id !== undefined && id !== this.state.sessionId;
  }

  /** The child a request is about (its sessionId names another session than this one), or undefined for this one. */
  childOf(params: unknown): string | undefined {
    return this.routes(params) ? sessionIdOf(params) : undefined;
  }

  /** A session/update under a child's sessionId. */
  update(params: unknown, update: unknown, now: number): void {
    const childId = sessionIdOf(params) ?? '';
    // Heard from: the child is live (its state from a replay is not history any more).
    const entry = findSubagent(this.state, childId);
    if (entry?.replayed) delete entry.replayed;
    const change = applyInSubagent(this.state, childId, (child) =>
      applySessionUpdate(child, update, now, (kind) => this.log(`Ignored unknown session update "${kind}" of subagent ${childId}`)),
    );
    if (change) this.emit(change);
    else this.log(`Ignored session/update for ${JSON.stringify(childId)}: no subagent of that id was announced`);
  }

  /** The session/load (or resume) was answered: children the replay left working are history until heard from. */
  replayEnded(): void {
    this.emit(markReplayedChildren(this.state));
  }

  /** Applies a change to this session's state, or to the child's when `childId` is given. */
  within(childId: string | undefined, apply: (state: SessionState) => SessionChange): SessionChange {
    if (childId === undefined) return apply(this.state);
    return applyInSubagent(this.state, childId, apply) ?? { entries: [], header: false };
  }

  /** The state a request is about: the child's, or this session's. */
  stateOf(childId: string | undefined): SessionState {
    return (childId !== undefined ? subagentState(this.state, childId) : undefined) ?? this.state;
  }

  /** True when the child was announced (at any depth). */
  has(childId: string): boolean {
    return findSubagent(this.state, childId) !== undefined;
  }

  /** The child's name for the user. */
  label(childId: string): string {
    const entry = findSubagent(this.state, childId);
    return entry ? subagentLabel(entry) : `Subagent ${childId}`;
  }

  opened(childId: string, key: string): void {
    let keys = this.requests.get(childId);
    if (!keys) this.requests.set(childId, (keys = new Set()));
    keys.add(key);
  }

  settled(childId: string, key: string): void {
    this.requests.get(childId)?.delete(key);
  }

  /**
   * The user cancels a child's work: throws when the child is unknown or does not advertise `cancel`; otherwise its
   * row says "cancelling", its unfinished tool calls show as cancelled, and the keys of its open permission requests
   * are returned (to be answered `cancelled`).
   */
  beginCancel(childId: string): string[] {
    const entry = findSubagent(this.state, childId);
    if (!entry) throw new Error('That subagent is not part of this session any more.');
    if (!canCancelSubagent(entry)) throw new Error(`${subagentLabel(entry)} cannot be stopped on its own: the agent does not offer it.`);
    this.emit(markSubagentCancelling(this.state, childId));
    this.emit(applyInSubagent(this.state, childId, (child) => markTurnToolCallsCancelled(child)) ?? { entries: [], header: false });
    const keys = [...(this.requests.get(childId) ?? [])];
    this.requests.delete(childId);
    return keys;
  }
}
