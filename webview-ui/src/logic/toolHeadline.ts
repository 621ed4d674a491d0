// A tool call card's one-line headline: a verb in the tense of the call's status and what it acted on ("Edited
// hello.js", "Ran `npm test`"), the +/- counts of its diffs and, for a command, how it exited. The verb and the file
// name are separate parts so that a narrow side bar cuts neither (the agent's own title may bury the name at the end
// of a long path). Kinds without a natural object (think, other, custom) keep the agent's title. Pure.
import { diffStats, type DiffStats } from './diffStats';
import { firstCommandText } from '../../../src/shared/commandFields';
import { isRecord } from '../../../src/shared/text/narrow';

export interface ToolHeadline {
  /** "Edited", "Running", ... ; absent when the headline is the agent's title. */
  verb?: string;
  /** A file's name, a command line or the agent's title. */
  subject: string;
  /** The subject is a command line (drawn as code). */
  command: boolean;
  /** How many more files the call touches than the one named. */
  more: number;
  /** Lines added and removed by the call's diffs (absent without diffs). */
  added?: number;
  removed?: number;
  /** The file the subject names, in full (for the tooltip and the details). */
  path?: string;
}

/** What the headline reads of a tool call (a ToolCallEntry fits). */
export interface HeadlineInput {
  title: string;
  toolKind: string;
  status: string;
  content: readonly unknown[];
  locations: readonly unknown[];
  rawInput?: unknown;
}

type Tense = 'base' | 'progress' | 'past';

const VERBS: Record<string, Record<Tense, string>> = {
  read: { base: 'Read', progress: 'Reading', past: 'Read' },
  edit: { base: 'Edit', progress: 'Editing', past: 'Edited' },
  create: { base: 'Create', progress: 'Creating', past: 'Created' },
  delete: { base: 'Delete', progress: 'Deleting', past: 'Deleted' },
  move: { base: 'Move', progress: 'Moving', past: 'Moved' },
  execute: { base: 'Run', progress: 'Running', past: 'Ran' },
};

function tenseOf(status: string, asking: boolean): Tense {
  if (asking) return 'base';
  if (status === 'in_progress') return 'progress';
  if (status === 'completed') return 'past';
  return 'base';
}

/** The last part of a path, either separator ("src/a.ts" -> "a.ts"); the path itself when it ends in one. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/).filter((part) => part !== '');
  return parts[parts.length - 1] ?? path;
}

interface DiffItem {
  item: object;
  path: string;
  oldText?: string | null;
  newText: string;
}

function diffsOf(content: readonly unknown[]): DiffItem[] {
  const diffs: DiffItem[] = [];
  for (const item of content) {
    if (!isRecord(item) || item.type !== 'diff' || typeof item.path !== 'string' || typeof item.newText !== 'string') continue;
    diffs.push({ item, path: item.path, newText: item.newText, oldText: typeof item.oldText === 'string' ? item.oldText : null });
  }
  return diffs;
}

function filesOf(diffs: readonly DiffItem[], locations: readonly unknown[]): string[] {
  const files: string[] = [];
  const add = (path: string): void => {
    if (path !== '' && !files.includes(path)) files.push(path);
  };
  for (const diff of diffs) add(diff.path);
  for (const location of locations) if (isRecord(location) && typeof location.path === 'string') add(location.path);
  return files;
}

/** The first line of a command, cut to a length a headline can show (the full line is in the details). */
function firstLine(text: string): string {
  const line = text.split('\n')[0];
  return line.length < text.length ? `${line} …` : line;
}

export interface HeadlineOptions {
  /** The agent waits for the user's permission: the call has not happened yet. */
  asking?: boolean;
  /** The command of the call's terminal when the host knows it (used when the raw input names none). */
  terminalCommand?: string;
  /** The call's command exited (so it ran, even when the call failed). */
  exited?: boolean;
  /** Counts a diff's lines (by default roughly, without aligning them). */
  countLines?: (item: object, oldText: string | null | undefined, newText: string) => DiffStats;
}

const roughCounts = (_item: object, oldText: string | null | undefined, newText: string): DiffStats => diffStats(oldText, newText);

/** The headline of a tool call. */
export function toolHeadline(input: HeadlineInput, options: HeadlineOptions = {}): ToolHeadline {
  const { asking = false, terminalCommand, exited = false, countLines = roughCounts } = options;
  const kind = input.toolKind;
  const tense = exited && !asking ? 'past' : tenseOf(input.status, asking);
  const title = input.title.trim() || 'Tool call';
  const diffs = diffsOf(input.content);
  const each = diffs.map((diff) => countLines(diff.item, diff.oldText, diff.newText));
  const stats = each.length > 0 ? { added: each.reduce((sum, c) => sum + c.added, 0), removed: each.reduce((sum, c) => sum + c.removed, 0) } : {};
  if (kind === 'execute') {
    const command = firstCommandText(input.rawInput) ?? terminalCommand;
    if (command) return { verb: VERBS.execute[tense], subject: firstLine(command), command: true, more: 0, ...stats };
    return { subject: title, command: false, more: 0, ...stats };
  }
  const files = filesOf(diffs, input.locations);
  const verbs = kind === 'edit' && diffs.length > 0 && diffs.every((diff) => diff.oldText === null) ? VERBS.create : VERBS[kind];
  if (verbs && kind !== 'execute' && files.length > 0) {
    return { verb: verbs[tense], subject: baseName(files[0]), command: false, more: files.length - 1, path: files[0], ...stats };
  }
  return { subject: title, command: false, more: 0, ...stats };
}

/** The headline as plain text ("Edited hello.js and 1 more"), for tooltips and screen readers. */
export function headlineText(headline: ToolHeadline): string {
  const subject = headline.command ? `\`${headline.subject}\`` : headline.subject;
  const more = headline.more > 0 ? ` and ${headline.more} more` : '';
  return `${headline.verb ? `${headline.verb} ` : ''}${subject}${more}`;
}

/** Whether the agent's title says something the headline does not (then the details show it). */
export function titleAddsToHeadline(title: string, headline: ToolHeadline): boolean {
  const text = title.trim();
  if (text === '' || text === headline.subject) return false;
  return text !== headlineText(headline);
}

/** How a command ended, as a headline shows it. */
export interface CommandExit {
  exitCode: number | null;
  signal: string | null;
}

/** The exit of a command: the client's terminal's when known, else what the agent's raw output says (`exit_code`). */
export function commandExit(rawOutput: unknown, terminalExit?: CommandExit): CommandExit | undefined {
  if (terminalExit) return terminalExit;
  if (!isRecord(rawOutput)) return undefined;
  const code = rawOutput.exitCode ?? rawOutput.exit_code;
  if (typeof code === 'number' && Number.isInteger(code)) return { exitCode: code, signal: null };
  return undefined;
}

/** "exit 1", "killed (SIGTERM)"; nothing for a clean exit (the status icon says it) nor for an end with no code. */
export function exitText(exit: CommandExit | undefined): string | undefined {
  if (!exit) return undefined;
  if (exit.signal) return `killed (${exit.signal})`;
  if (exit.exitCode === 0 || exit.exitCode === null) return undefined;
  return `exit ${exit.exitCode ?? '?'}`;
}
