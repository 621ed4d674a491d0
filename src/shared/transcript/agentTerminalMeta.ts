// The output of commands that agents run themselves, as they report it in a tool call's `_meta` (not ACP: the
// convention claude-agent-acp and codex-acp share, see acp-spec/updates-2026-11/terminal-output-meta.md):
//   _meta.terminal_info         {terminal_id, cwd?}             the tool call shows a terminal of the agent's own
//   _meta.terminal_output       {terminal_id, data}             output (claude-agent-acp: all of it at the end;
//                                                               codex-acp: streamed, when the client opts in)
//   _meta.terminal_output_delta {terminal_id, data}             output streamed (codex-acp, without the opt-in)
//   _meta.terminal_exit         {terminal_id, exit_code, signal} the command ended
// Every `data` is appended to what the terminal already has. Lenient: camelCase keys and fields are read too, a
// missing terminal id is the tool call's id, values of the wrong type are skipped (the rest still counts). Pure.
import { isRecord } from '../text/narrow';

export interface AgentTerminalExit {
  exitCode: number | null;
  signal: string | null;
}

/**
 * How a command the agent runs itself stands when it has not reported an exit: running; its tool call ended
 * (`ended`) or was cancelled (`cancelled`) without an exit; output still came after its tool call was cancelled
 * (`running-after-cancel`: the agent left it running); or its tool call completed with the command sent to the
 * background (`background`: claude-agent-acp reports its exit later, with no exit code).
 */
export type AgentTerminalState = 'running' | 'ended' | 'cancelled' | 'running-after-cancel' | 'background';

/** What one update says about one of the agent's terminals. */
export interface AgentTerminalReport {
  terminalId: string;
  /** The update announces the terminal (terminal_info). */
  info: boolean;
  cwd?: string;
  /** Output to append, in order ('' when there is none). */
  data: string;
  exit?: AgentTerminalExit;
}

/** The `_meta` keys of the convention, each with its camelCase spelling. */
const KEYS = {
  info: ['terminal_info', 'terminalInfo'],
  output: ['terminal_output', 'terminalOutput', 'terminal_output_delta', 'terminalOutputDelta'],
  exit: ['terminal_exit', 'terminalExit'],
} as const;

/** The client's opt-in, sent in `clientCapabilities._meta` when the chat shows the output live. */
export const TERMINAL_OUTPUT_OPT_IN = 'terminal_output';

function stringField(record: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function exitOf(value: Record<string, unknown>): AgentTerminalExit {
  const code = value.exit_code ?? value.exitCode;
  const signal = value.signal;
  return {
    exitCode: typeof code === 'number' && Number.isFinite(code) ? code : null,
    signal: typeof signal === 'string' && signal !== '' ? signal : null,
  };
}

/** The terminal reports of a `tool_call` / `tool_call_update` (none when its `_meta` has none), by terminal id. */
export function agentTerminalReports(update: unknown): AgentTerminalReport[] {
  if (!isRecord(update) || !isRecord(update._meta)) return [];
  const meta = update._meta;
  const fallbackId = typeof update.toolCallId === 'string' ? update.toolCallId : undefined;
  const reports = new Map<string, AgentTerminalReport>();
  const reportFor = (value: Record<string, unknown>): AgentTerminalReport | undefined => {
    const terminalId = stringField(value, 'terminal_id', 'terminalId') ?? fallbackId;
    if (terminalId === undefined || terminalId === '') return undefined;
    let report = reports.get(terminalId);
    if (!report) {
      report = { terminalId, info: false, data: '' };
      reports.set(terminalId, report);
    }
    return report;
  };
  for (const key of KEYS.info) {
    const value = meta[key];
    if (!isRecord(value)) continue;
    const report = reportFor(value);
    if (!report) continue;
    report.info = true;
    const cwd = stringField(value, 'cwd');
    if (cwd !== undefined) report.cwd = cwd;
  }
  for (const key of KEYS.output) {
    const value = meta[key];
    if (!isRecord(value) || typeof value.data !== 'string') continue;
    const report = reportFor(value);
    if (report) report.data += value.data;
  }
  for (const key of KEYS.exit) {
    const value = meta[key];
    if (!isRecord(value)) continue;
    const report = reportFor(value);
    if (report) report.exit = exitOf(value);
  }
  return [...reports.values()];
}

/**
 * Whether a tool call's input sends its command to the background, so that the call completes while the command runs
 * on (Claude Code's Bash `run_in_background`; camelCase read too).
 */
export function runsInBackground(rawInput: unknown): boolean {
  return isRecord(rawInput) && (rawInput.run_in_background === true || rawInput.runInBackground === true);
}
