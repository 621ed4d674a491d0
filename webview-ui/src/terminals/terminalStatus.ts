// What a terminal card says about the command's state: its exit when it has one, else how the agent's own command
// stands (agentTerminals.ts on the host): running, in the background, ended or cancelled without an exit, or still
// running after Stop.
import type { TerminalExitView } from '../../../src/shared/protocol/webviewProtocol';
import type { AgentTerminalState } from '../../../src/shared/transcript/agentTerminalMeta';

export type TerminalTone = 'running' | 'success' | 'failure' | 'ended';

/** Shown when output still came after the command's tool call was cancelled: the agent left it running. */
export const RUNNING_AFTER_CANCEL = 'Still running after Stop (the agent did not end it)';

export interface TerminalStatusLook {
  text: string;
  tone: TerminalTone;
  /** A codicon name. */
  icon: string;
}

const ENDED: TerminalStatusLook = { text: 'Ended (no exit code reported)', tone: 'ended', icon: 'pass' };

export function terminalStatus(exit: TerminalExitView | undefined, agentState?: AgentTerminalState): TerminalStatusLook {
  if (!exit) {
    if (agentState === 'running-after-cancel') return { text: RUNNING_AFTER_CANCEL, tone: 'running', icon: 'loading' };
    if (agentState === 'cancelled') return { text: 'Cancelled', tone: 'ended', icon: 'circle-slash' };
    if (agentState === 'ended') return ENDED;
    if (agentState === 'background') return { text: 'Running in the background', tone: 'running', icon: 'loading' };
    return { text: 'Running…', tone: 'running', icon: 'loading' };
  }
  if (exit.signal) return { text: `Killed (${exit.signal})`, tone: 'failure', icon: 'error' };
  // An end with no exit code (claude-agent-acp's background commands): nothing says it failed.
  if (exit.exitCode === null) return ENDED;
  if (exit.exitCode === 0) return { text: 'Exited with code 0', tone: 'success', icon: 'check' };
  return { text: `Exited with code ${exit.exitCode ?? '?'}`, tone: 'failure', icon: 'error' };
}
