// What the chat header says of the session on screen and its agent, in a word or two: what the user can do next.
// The host computes it from the real state (the shown session and its turn, the start under way for the chat, the
// agent's status) with `headerStatusOf`; the webview draws it (and ticks the seconds of "Working"). It never says
// "Ready" without a session that can take a message. Pure: both sides import it.
import type { TurnState } from './transcript/model';
import type { AgentStatus } from './agentStatus';

/**
 * Each state and what the user can do then:
 * - `untrusted` "Workspace not trusted": trust the workspace (no agent starts until then);
 * - `notStarted` "Not started": send a message (the agent starts, and a session for it; it never ran yet);
 * - `stopped` "Stopped": send a message, or Restart (the agent ran and was stopped);
 * - `noSession` "No session": send a message (the agent runs, a session starts for it);
 * - `starting` "Starting…": wait, or Restart the agent if it hangs (the agent starts, or the chat's session opens);
 * - `loading` "Loading…": wait (an earlier session is brought back);
 * - `ready` "Ready": send a message;
 * - `working` "Working" (with the elapsed time): wait, Stop, or queue a message;
 * - `waiting` "Waiting for you": answer the agent's permission request or question;
 * - `stopping` "Stopping…": wait (the agent was asked to stop);
 * - `notStopping` "Not stopping": Restart the agent (it did not stop when asked);
 * - `lastFailed` "Last message failed": Retry it, or send another;
 * - `ended` "Session ended": send a message to go on (its agent went away);
 * - `failed` "Failed": Restart or Retry, as the chat says.
 */
export type HeaderState =
  | 'untrusted'
  | 'notStarted'
  | 'stopped'
  | 'noSession'
  | 'starting'
  | 'loading'
  | 'ready'
  | 'working'
  | 'waiting'
  | 'stopping'
  | 'notStopping'
  | 'lastFailed'
  | 'ended'
  | 'failed';

export interface HeaderStatusView {
  state: HeaderState;
  label: string;
  /** While working: epoch ms the turn started (the view shows the elapsed time beside the label). */
  since?: number;
}

export interface HeaderStatusInput {
  /** The status of the agent the header names (none: no agent is selected). */
  agent?: AgentStatus;
  /** A session being started for the chat, or the failure of that start (the chat shows it). */
  start?: 'starting' | 'failed';
  /** The session on screen. */
  session?: {
    turn: TurnState;
    turnStartedAt?: number;
    /** The last turn ended with an error. */
    turnFailed?: boolean;
    /** Being brought back (session/load or resume). */
    opening: boolean;
    /** Its agent went away (or it is a read-only copy): a new message needs a new session. */
    ended: boolean;
    /** A permission request or question waits for the user. */
    needsYou: boolean;
    /** The agent was asked to stop and has not, past the grace (see StopWatch). */
    stopOverdue: boolean;
  };
}

const LABELS: Record<HeaderState, string> = {
  untrusted: 'Workspace not trusted',
  notStarted: 'Not started',
  stopped: 'Stopped',
  noSession: 'No session',
  starting: 'Starting…',
  loading: 'Loading…',
  ready: 'Ready',
  working: 'Working',
  waiting: 'Waiting for you',
  stopping: 'Stopping…',
  notStopping: 'Not stopping',
  lastFailed: 'Last message failed',
  ended: 'Session ended',
  failed: 'Failed',
};

function view(state: HeaderState, since?: number): HeaderStatusView {
  return since === undefined ? { state, label: LABELS[state] } : { state, label: LABELS[state], since };
}

/** The header's state: the session's turn first, then a start under way, then what the agent and session allow. */
export function headerStatusOf({ agent, start, session }: HeaderStatusInput): HeaderStatusView {
  if (agent === 'untrusted') return view('untrusted');
  if (session?.opening) return view('loading');
  if (session && !session.ended) {
    if (session.turn === 'cancelling') return view(session.stopOverdue ? 'notStopping' : 'stopping');
    if (session.turn === 'running') return session.needsYou ? view('waiting') : view('working', session.turnStartedAt);
  }
  if (start === 'starting' || agent === 'starting') return view('starting');
  if (agent === 'failed') return view('failed');
  if (!session) {
    if (start === 'failed') return view('failed');
    return view(agent === 'notStarted' ? 'notStarted' : agent === 'stopped' ? 'stopped' : 'noSession');
  }
  if (session.ended) return view('ended');
  if (agent !== 'ready') return view('ended');
  return view(session.turnFailed ? 'lastFailed' : 'ready');
}
