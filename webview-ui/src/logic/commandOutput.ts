// A tool call's output when the agent put it only in `rawOutput` (codex-acp's commands: `formatted_output`,
// `aggregated_output`, `stdout`/`stderr`, `exit_code`; qwen-code: a string; content blocks; nested under `output`
// or `result`), so that the card shows it as output rather than folded JSON. Not shown when the card already shows
// the output: a terminal, a diff (the result of an edit), or a text content item that holds the same text. Pure.
import { isRecord } from '../../../src/shared/text/narrow';

export interface RawCommandOutput {
  text: string;
  exitCode?: number;
}

/** Fields that hold a command's output, best first. */
const TEXT_FIELDS = ['formatted_output', 'aggregated_output', 'output', 'result', 'text', 'content'] as const;
/** Fields that say a raw output is a command's (then it is shown whatever the tool kind). */
const COMMAND_FIELDS = ['formatted_output', 'aggregated_output', 'stdout', 'stderr', 'exit_code', 'exitCode'];
const MAX_DEPTH = 3;

function exitCodeOf(record: Record<string, unknown>): number | undefined {
  const code = record.exit_code ?? record.exitCode;
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
}

/** The text of content blocks (`[{type: "text", text}]`) or of strings in an array. */
function arrayText(items: readonly unknown[]): string | undefined {
  const texts: string[] = [];
  for (const item of items) {
    if (typeof item === 'string') texts.push(item);
    else if (isRecord(item) && typeof item.text === 'string') texts.push(item.text);
    else if (isRecord(item) && isRecord(item.content) && typeof item.content.text === 'string') texts.push(item.content.text);
  }
  return texts.length > 0 ? texts.join('\n') : undefined;
}

function extract(value: unknown, depth: number): RawCommandOutput | undefined {
  if (typeof value === 'string') return { text: value };
  if (Array.isArray(value)) {
    const text = arrayText(value);
    return text === undefined ? undefined : { text };
  }
  if (!isRecord(value) || depth > MAX_DEPTH) return undefined;
  const exitCode = exitCodeOf(value);
  const withExit = (found: RawCommandOutput): RawCommandOutput => (exitCode !== undefined && found.exitCode === undefined ? { ...found, exitCode } : found);
  for (const field of TEXT_FIELDS) {
    const inner = value[field];
    if (inner === undefined || inner === null) continue;
    const found = extract(inner, depth + 1);
    if (found && (found.text !== '' || found.exitCode !== undefined)) return withExit(found);
  }
  const stdout = typeof value.stdout === 'string' ? value.stdout : '';
  const stderr = typeof value.stderr === 'string' ? value.stderr : '';
  if (typeof value.stdout === 'string' || typeof value.stderr === 'string') {
    const text = stdout !== '' && stderr !== '' ? `${stdout}${stdout.endsWith('\n') ? '' : '\n'}${stderr}` : stdout + stderr;
    return withExit({ text });
  }
  return exitCode === undefined ? undefined : { text: '', exitCode };
}

/** What a raw output holds as a command's output, if anything. */
export function rawCommandOutput(rawOutput: unknown): RawCommandOutput | undefined {
  return extract(rawOutput, 0);
}

function isCommandRecord(rawOutput: unknown): boolean {
  return isRecord(rawOutput) && COMMAND_FIELDS.some((field) => rawOutput[field] !== undefined);
}

/** The texts of a tool call's text content items (including markdown code blocks). */
function contentTexts(content: readonly unknown[]): string[] {
  const texts: string[] = [];
  for (const item of content) {
    if (!isRecord(item) || item.type !== 'content' || !isRecord(item.content)) continue;
    if (typeof item.content.text === 'string') texts.push(item.content.text);
  }
  return texts;
}

/** What the card reads. */
export interface OutputSource {
  toolKind: string;
  content: readonly unknown[];
  rawOutput?: unknown;
}

/**
 * The output a card shows from `rawOutput`: for commands (an execute call, or a raw output with a command's fields),
 * when the card does not show the output already (a terminal, a diff, the same text in a content item).
 */
export function rawOutputToShow(call: OutputSource): RawCommandOutput | undefined {
  if (call.rawOutput === undefined || call.rawOutput === null) return undefined;
  if (call.toolKind !== 'execute' && !isCommandRecord(call.rawOutput)) return undefined;
  if (call.content.some((item) => isRecord(item) && (item.type === 'terminal' || item.type === 'diff'))) return undefined;
  const output = rawCommandOutput(call.rawOutput);
  if (!output) return undefined;
  const text = output.text.trim();
  if (text === '' && output.exitCode === undefined) return undefined;
  if (text !== '' && contentTexts(call.content).some((shown) => shown.includes(text))) return undefined;
  return output;
}
