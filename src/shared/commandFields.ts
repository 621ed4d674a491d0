// The commands a tool call's raw input names. Agents spell a command in several fields: `command` as a line
// (claude-agent-acp, qwen-code, gemini) or as an argv list (codex-acp: `["/bin/bash", "-lc", "..."]`), `cmd`,
// `argv`, a program with its `args`, and codex-acp describes the command again in `parsed_cmd: [{type, cmd}]`.
// Which field an agent runs is its own business, so every command-like field counts, at any depth: the policy
// analyses all of them (policy/toolCallFacts.ts) and the chat shows every one that says something else. Pure.
import { isRecord } from './text/narrow';

/** A command as a line for a shell, or as an argv list run without one. */
export type CommandForm = { line: string } | { argv: string[] };

export interface CommandField {
  /** Where it was found, e.g. `command`, `cmd`, `parsed_cmd[0].cmd`, `command + args`. */
  field: string;
  form: CommandForm;
}

/** Keys whose value is one command (a line or an argv list). */
const COMMAND_KEYS = ['command', 'cmd', 'argv', 'commandLine', 'command_line'];
/** Keys whose value is a list of commands. */
const COMMAND_LIST_KEYS = ['commands'];
/** How deep nested objects are searched (codex-acp's `parsed_cmd[i].cmd` is at depth 2). */
const MAX_DEPTH = 6;

function isWordList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((word) => typeof word === 'string');
}

function formOf(value: unknown): CommandForm | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : { line: value };
  return isWordList(value) ? { argv: [...value] } : undefined;
}

function stringArgs(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((arg): arg is string => typeof arg === 'string') : [];
}

/** A word as bash reads it back: as is when it has nothing special in it, else in single quotes. */
export function shellWord(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `form` with a program's `args` laid after it (`{command: "git", args: ["status"]}`). */
function withArgs(form: CommandForm, args: string[]): CommandForm {
  if (args.length === 0) return form;
  if ('argv' in form) return { argv: [...form.argv, ...args] };
  return { line: [form.line.trim(), ...args.map(shellWord)].join(' ') };
}

class FieldCollector {
  readonly found: (CommandField & { depth: number })[] = [];

  visit(value: unknown, at: string, depth: number): void {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => this.visit(item, `${at}[${i}]`, depth + 1));
      return;
    }
    if (!isRecord(value)) return;
    const prefix = at === '' ? '' : `${at}.`;
    const args = stringArgs(value.args);
    // `args` belong to the first command field of the object (the program they are given to).
    let argsTaken = args.length === 0;
    for (const [key, item] of Object.entries(value)) {
      if (COMMAND_KEYS.includes(key)) {
        const form = formOf(item);
        if (form) {
          const takesArgs = !argsTaken;
          argsTaken = true;
          this.found.push({ field: takesArgs ? `${prefix}${key} + args` : `${prefix}${key}`, form: takesArgs ? withArgs(form, args) : form, depth });
          continue;
        }
      }
      if (COMMAND_LIST_KEYS.includes(key) && Array.isArray(item)) {
        item.forEach((entry, i) => {
          const form = formOf(entry);
          if (form) this.found.push({ field: `${prefix}${key}[${i}]`, form, depth });
          else this.visit(entry, `${prefix}${key}[${i}]`, depth + 1);
        });
        continue;
      }
      if (key !== 'args') this.visit(item, `${prefix}${key}`, depth + 1);
    }
  }
}

/** Every command-like field of a raw input: the top-level ones first, each level in the order the agent wrote them. */
export function commandFields(rawInput: unknown): CommandField[] {
  const collector = new FieldCollector();
  if (isRecord(rawInput)) collector.visit(rawInput, '', 0);
  return collector.found.sort((a, b) => a.depth - b.depth).map(({ field, form }) => ({ field, form }));
}

/** The script of `["bash", "-lc", "script"]` (sh, bash, zsh, dash; `-c` or `-lc`). */
function shellScriptOf(argv: readonly string[]): string | undefined {
  return argv.length === 3 && /(^|\/)(ba|z|da)?sh$/.test(argv[0]) && /^-l?c$/.test(argv[1]) ? argv[2] : undefined;
}

/** A command as a line to show (a shell's `-c` script is the line it runs). */
export function commandText(form: CommandForm): string {
  if ('line' in form) return form.line.trim();
  return (shellScriptOf(form.argv) ?? form.argv.map(shellWord).join(' ')).trim();
}

/** The command line to show for a raw input: its first command field's (the policy looks at all of them). */
export function firstCommandText(rawInput: unknown): string | undefined {
  const first = commandFields(rawInput)[0];
  return first ? commandText(first.form) : undefined;
}
