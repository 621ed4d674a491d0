// Text for the VS Code terminal that mirrors a command: its name, line breaks as a terminal wants them, and the
// line that says how the command ended. No `vscode` here.
import type { ExitStatus } from './terminalProcess';

const MAX_NAME_CHARS = 60;

/** "ACP: <command>", on one line, shortened with an ellipsis. */
export function terminalName(label: string): string {
  const line = label.replace(/\s+/g, ' ').trim();
  const short = line.length > MAX_NAME_CHARS ? `${line.slice(0, MAX_NAME_CHARS - 1)}…` : line;
  return `ACP: ${short}`;
}

/** A terminal moves to the next line only on CR LF: lone LFs become CR LF (CR LF pairs stay as they are). */
export function toTerminalLineBreaks(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

const DIM = '\x1b[2m';
const RESET = '\x1b[0m';

export function skippedLine(bytes: number): string {
  return `\r\n${DIM}[… ${bytes} bytes of output not shown …]${RESET}\r\n`;
}

/** The last line, after the command's output. */
export function exitLine(status: ExitStatus): string {
  const what = status.signal ? `killed by ${status.signal}` : `exited with code ${status.exitCode ?? '?'}`;
  return `\r\n${DIM}[${what}]${RESET}\r\n`;
}
