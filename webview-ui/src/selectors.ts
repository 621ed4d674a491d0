// Derived facts the components share. Pure.
import type { TurnState } from '../../src/shared/transcript/model';
import type { ChatState } from './store';

/** A turn is under way (or being cancelled): the Stop button shows. */
export function isTurnActive(turn: TurnState | undefined): boolean {
  return turn === 'running' || turn === 'cancelling';
}

/**
 * Why the composer cannot send right now, or undefined when it can. A stopped or failed agent does not block:
 * sending starts it (and a session) on demand.
 */
export function sendBlocker(state: ChatState): string | undefined {
  const { agent, session } = state;
  if (!agent) return 'No agent';
  if (agent.status === 'starting') return 'The agent is starting…';
  if (session && isTurnActive(session.header.turn)) return 'The agent is working…';
  return undefined;
}

/** The entry that is still being written: the last one while a turn runs. */
export function activeEntryId(state: ChatState): string | undefined {
  const session = state.session;
  if (!session || !isTurnActive(session.header.turn)) return undefined;
  return session.entries[session.entries.length - 1]?.id;
}

/**
 * A permission request of the running turn waits for the user. Only the turn's entries are looked at (back to the
 * user's last message), so this stays cheap on a long transcript.
 */
export function awaitsPermission(state: ChatState): boolean {
  const session = state.session;
  if (!session || !isTurnActive(session.header.turn)) return false;
  const entries = session.entries;
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index];
    if (entry.kind === 'tool_call' && entry.permission) return true;
    if (entry.kind === 'subagent' && entry.waiting > 0) return true;
    if (entry.kind === 'user') return false;
  }
  return false;
}
