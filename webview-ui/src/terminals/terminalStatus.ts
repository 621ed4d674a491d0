// What a terminal card says about the command's state.
import type { TerminalExitView } from '../../../src/shared/webviewProtocol';

export type TerminalTone = 'running' | 'success' | 'failure';

export function terminalStatus(exit: TerminalExitView | undefined): { text: string; tone: TerminalTone } {
  if (!exit) return { text: 'Running…', tone: 'running' };
  if (exit.signal) return { text: `Killed (${exit.signal})`, tone: 'failure' };
  if (exit.exitCode === 0) return { text: 'Exited with code 0', tone: 'success' };
  return { text: `Exited with code ${exit.exitCode ?? '?'}`, tone: 'failure' };
}
