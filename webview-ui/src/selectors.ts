// Derived facts the components share. Pure.
import type { TurnState } from '../../src/shared/model';
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
