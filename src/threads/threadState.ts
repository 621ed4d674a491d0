// What an open session is doing, as its row in the Threads view says it, and the words for it. No `vscode`.
import { sessionActivity } from '../session/openSessionView';
import { elapsedLabel } from '../shared/elapsedLabel';
import type { SessionState } from '../shared/transcript/model';

export type ThreadState =
  /** Being loaded or resumed. */
  | { kind: 'opening' }
  /** A turn runs (or is being stopped); `since`: epoch ms it started. */
  | { kind: 'working'; since?: number }
  /** A permission request or question waits for the user (`answer`), or its agent waits to be signed in. */
  | { kind: 'waiting'; on: 'answer' | 'signIn' }
  /** Its last turn ended while it was not on screen, and it was not shown since. */
  | { kind: 'unread' }
  /** Its agent went away, or its last turn ended with an error. */
  | { kind: 'failed'; why: 'agentStopped' | 'turnFailed' }
  /** Nothing to tell: ready for a message (or a read-only copy). */
  | { kind: 'idle' };

/** What the state of an open session is made of. */
export interface ThreadFacts {
  state: SessionState;
  opening: boolean;
  ended: boolean;
  /** A local copy its agent cannot continue (ended by nature, not failed). */
  readOnly?: boolean;
  /** Its agent waits for the user to sign in. */
  signInNeeded: boolean;
  /** See UnreadTurns. */
  unread: boolean;
}

/** Waiting for the user first, then what the turn does, then how the last turn ended. */
export function threadState(facts: ThreadFacts): ThreadState {
  if (facts.readOnly) return { kind: 'idle' };
  const activity = sessionActivity(facts.state, { opening: facts.opening, ended: facts.ended });
  if (activity === 'opening') return { kind: 'opening' };
  if (activity === 'needsYou') return { kind: 'waiting', on: 'answer' };
  if (facts.signInNeeded) return { kind: 'waiting', on: 'signIn' };
  if (activity === 'ended') return { kind: 'failed', why: 'agentStopped' };
  if (activity === 'working') return { kind: 'working', since: facts.state.header.turnStartedAt };
  if (facts.state.header.turnFailed) return { kind: 'failed', why: 'turnFailed' };
  return facts.unread ? { kind: 'unread' } : { kind: 'idle' };
}

/** The words for a state (`now`: epoch ms, for the elapsed time of a working one); none for an idle session. */
export function stateLabel(state: ThreadState, now: number): string | undefined {
  switch (state.kind) {
    case 'opening':
      return 'Opening…';
    case 'working':
      return state.since === undefined ? 'Working' : `Working · ${elapsedLabel(now - state.since)}`;
    case 'waiting':
      return state.on === 'signIn' ? 'Waiting for you to sign in' : 'Waiting for you';
    case 'unread':
      return 'Done, unread';
    case 'failed':
      return state.why === 'agentStopped' ? 'Failed: the agent stopped' : 'Failed: the last turn ended with an error';
    case 'idle':
      return undefined;
  }
}
