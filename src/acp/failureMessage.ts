// The words the panel shows when an agent fails: a plain sentence first (which agent, what failed, what to do), and
// the details behind it (the agent's own error code, message and `data`, then the last lines of its stderr, cut so
// that a flood of many lines or one endless line never makes a message of megabytes). Pure.

/** At most this many of the last stderr lines are shown. */
export const SHOWN_TAIL_LINES = 20;
/** A shown line longer than this (in characters) keeps its end only. */
export const SHOWN_LINE_CHARS = 400;
/** The shown tail never exceeds this many characters. */
export const SHOWN_TAIL_CHARS = 4000;
/** The agent's `data` is shown up to this many characters. */
export const SHOWN_DATA_CHARS = 4000;

/** The tail as shown: its last lines, each cut to its end, the whole cut to its end; empty when there is none. */
export function shownStderrTail(tail: string): string {
  const lines = tail.replace(/\s+$/, '').split('\n').slice(-SHOWN_TAIL_LINES);
  const cut = lines.map((line) => (line.length > SHOWN_LINE_CHARS ? `…${line.slice(-SHOWN_LINE_CHARS)}` : line));
  let text = cut.join('\n').replace(/^\s*\n/, '');
  if (text.length > SHOWN_TAIL_CHARS) text = `…${text.slice(-SHOWN_TAIL_CHARS)}`;
  return text.trim() === '' ? '' : text;
}

/** `message`, followed by the shown stderr tail when there is one. */
export function failureMessage(message: string, stderrTail: string): string {
  const shown = shownStderrTail(stderrTail);
  return shown ? `${message}\n\nLast lines of its output:\n${shown}` : message;
}

/** What a failure says: the sentence shown first, and what "Details" opens. */
export interface FailureReport {
  summary: string;
  /** The agent's error (code, message, data) and its last stderr lines; absent when there is nothing more to say. */
  details?: string;
}

/**
 * The step that failed: the process would not run (`spawn`), it died or hung before answering `initialize`
 * (`start`), it answered `initialize` with an error, or a request of a session failed.
 */
export type FailedStep = 'spawn' | 'start' | 'initialize' | 'authenticate' | 'session/new' | 'session/load' | 'session/resume' | 'prompt';

interface ErrorParts {
  message: string;
  code?: number;
  data?: unknown;
}

function partsOf(error: unknown): ErrorParts {
  if (typeof error === 'string') return { message: error };
  if (typeof error === 'object' && error !== null) {
    const { message, code, data } = error as { message?: unknown; code?: unknown; data?: unknown };
    return {
      message: typeof message === 'string' ? message : String(error),
      ...(typeof code === 'number' ? { code } : {}),
      ...(data !== undefined && data !== null ? { data } : {}),
    };
  }
  return { message: String(error) };
}

/** A message as the end of a sentence: trimmed, one line, without its own final period. */
function clause(message: string): string {
  const line = message.trim().replace(/\s*\n\s*/g, ' ').replace(/[.\s]+$/, '');
  if (line === '') return 'no reason given';
  // The client's own "The command … was not found" inside a sentence (an agent's words are kept as they are).
  return line.startsWith('The ') ? `the ${line.slice(4)}` : line;
}

function dataText(data: unknown): string {
  let text: string;
  try {
    text = typeof data === 'string' ? data : (JSON.stringify(data, undefined, 2) ?? String(data));
  } catch {
    text = String(data);
  }
  return text.length > SHOWN_DATA_CHARS ? `${text.slice(0, SHOWN_DATA_CHARS)}…` : text;
}

const ADVICE: Record<FailedStep, string> = {
  // The process's own message says what to fix.
  spawn: '',
  start: 'See Details for its last output; Retry once the cause is fixed.',
  initialize: 'See Details for what it said; Retry once the cause is fixed.',
  authenticate: 'Try signing in again, or sign in with its own tools.',
  'session/new': 'Retry; if it keeps failing, see Details and the agent’s log.',
  'session/load': 'Retry, or start a new session.',
  'session/resume': 'Retry, or start a new session.',
  prompt: 'Retry, or Edit your message and send it again.',
};

function what(agent: string, step: FailedStep, message: string): string {
  switch (step) {
    case 'spawn':
      return `${agent} could not be started: ${message}`;
    case 'start':
      return `${agent} could not be started: ${message}`;
    case 'initialize':
      return `${agent} started but refused to initialize: ${message}`;
    case 'authenticate':
      return `${agent} could not sign you in: ${message}`;
    case 'session/new':
      return `${agent} could not open a session: ${message}`;
    case 'session/load':
    case 'session/resume':
      return `${agent} could not bring the session back: ${message}`;
    case 'prompt':
      return `${agent} could not answer: ${message}`;
  }
}

/**
 * A failure in words: "<Agent> could not open a session: Internal error. Retry; …", then as details the agent's own
 * error (its code, message and data) and the last lines of its stderr.
 */
export function describeFailure(agentName: string, step: FailedStep, error: unknown, stderrTail = ''): FailureReport {
  const parts = partsOf(error);
  const advice = ADVICE[step];
  const summary = `${what(agentName || 'The agent', step, clause(parts.message))}.${advice ? ` ${advice}` : ''}`;
  const sections: string[] = [];
  if (parts.code !== undefined || parts.data !== undefined) {
    const said = parts.code !== undefined ? `Error ${parts.code}: ${parts.message}` : parts.message;
    sections.push(parts.data !== undefined ? `${said}\nData: ${dataText(parts.data)}` : said);
  }
  const tail = shownStderrTail(stderrTail);
  if (tail) sections.push(`Last lines of its output (stderr):\n${tail}`);
  return sections.length > 0 ? { summary, details: sections.join('\n\n') } : { summary };
}

/** An error whose message is a failure's sentence, carrying its report (the chat shows both). */
export class AgentFailure extends Error {
  constructor(
    readonly report: FailureReport,
    readonly step: FailedStep,
    options?: { cause?: unknown },
  ) {
    super(report.summary, options);
    this.name = 'AgentFailure';
  }
}

/** The report of an AgentFailure; any other error as a sentence of its own. */
export function reportOf(error: unknown): FailureReport {
  if (error instanceof AgentFailure) return error.report;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  return { summary: message };
}
