// What a shell command line runs: its simple commands (argv lists) and whether it does anything a rule cannot
// vouch for word by word. Tokens come from `shell-quote` (quotes, escapes, operators, `$` expansions); what it
// does not know is handled here first: a newline separates commands (shell-quote would read it as a space, and a
// `#` comment would swallow the next line), and backticks are command substitutions (shell-quote keeps them in
// words). Lines are split at unquoted newlines before parsing; backtick and `$(...)` bodies (which shell-quote
// leaves whole inside double quotes) are analysed on their own as well.
//
// `opaque` is set by anything whose effect is not visible in the argv lists: `$` expansions and `$(...)`,
// backticks, redirections, here-documents, process substitution, leading VAR=value assignments. An allow rule
// never matches an opaque line; reject and ask rules still look at every command found, including the ones
// inside `$(...)`, backticks, `sh -c '...'` and behind wrappers such as `sudo` or `env`.
import { parse } from 'shell-quote';

export interface CommandLineAnalysis {
  /** Every simple command found, as words (assignments before the command name dropped). */
  commands: string[][];
  opaque: boolean;
  /** Why the line is opaque (for messages and tests). */
  reasons: string[];
}

const SEPARATORS = new Set([';', '&&', '||', '|', '&', '|&', ';;', '(', ')']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);
/** Commands that run the rest of their words as another command, with their options that take a value. */
const WRAPPERS = new Map<string, Set<string>>([
  ['sudo', new Set(['-u', '-g', '-C', '-p', '-r', '-t', '-U', '-h', '-D', '-R', '-T'])],
  ['doas', new Set(['-u', '-C'])],
  ['env', new Set(['-u', '-C', '--unset', '--chdir'])],
  ['nice', new Set(['-n'])],
  ['timeout', new Set(['-s', '-k', '--signal', '--kill-after'])],
  ['xargs', new Set(['-I', '-n', '-P', '-d', '-E', '-L', '-s', '-a'])],
  ['nohup', new Set()],
  ['time', new Set()],
  ['command', new Set()],
  ['exec', new Set()],
  ['stdbuf', new Set()],
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** How deep `sh -c` and backtick bodies are followed. */
const MAX_DEPTH = 4;

interface VariableMark {
  variable: string;
}

interface Scanned {
  /** The line cut at unquoted newlines (line continuations removed). */
  lines: string[];
  /** Bodies of backtick substitutions. */
  backticks: string[];
  /** Bodies of `$(...)` substitutions (shell-quote keeps those inside double quotes as one word). */
  substitutions: string[];
}

/** The body of the `$(` at `start` (index of `$`), up to its matching `)` (or the end). */
function substitutionBody(text: string, start: number): string {
  let depth = 0;
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start + 2, i);
  }
  return text.slice(start + 2);
}

/** Splits at newlines outside quotes and collects backtick bodies; quotes are left in place for shell-quote. */
function scan(text: string): Scanned {
  const lines: string[] = [];
  const backticks: string[] = [];
  const substitutions: string[] = [];
  let current = '';
  let quote: "'" | '"' | undefined;
  let backtick: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote === "'") {
      current += char;
      if (char === "'") quote = undefined;
      continue;
    }
    if (char === '\\' && i + 1 < text.length) {
      const next = text[i + 1];
      i++;
      if (next === '\n') continue;
      current += char + next;
      if (backtick !== undefined) backtick += next;
      continue;
    }
    if (char === '`') {
      if (backtick === undefined) backtick = '';
      else {
        backticks.push(backtick);
        backtick = undefined;
      }
      current += char;
      continue;
    }
    if (backtick !== undefined) {
      backtick += char;
      current += char;
      continue;
    }
    if (char === '$' && text[i + 1] === '(') substitutions.push(substitutionBody(text, i));
    if (quote === '"') {
      current += char;
      if (char === '"') quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    if (char === '\n' || char === '\r') {
      lines.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (backtick !== undefined) backticks.push(backtick);
  lines.push(current);
  return { lines, backticks, substitutions };
}

function programName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash >= 0 ? word.slice(slash + 1) : word;
}

/** The command a wrapper runs: its words after the wrapper, its options, assignments and numeric arguments. */
function unwrapped(words: string[]): string[] | undefined {
  const valued = words.length < 2 ? undefined : WRAPPERS.get(programName(words[0]));
  if (!valued) return undefined;
  let i = 1;
  while (i < words.length && (words[i].startsWith('-') || ASSIGNMENT.test(words[i]) || /^\d+(\.\d+)?[smhd]?$/.test(words[i]))) {
    i += valued.has(words[i]) ? 2 : 1;
  }
  return i < words.length ? words.slice(i) : undefined;
}

/** The script of `sh -c 'script'` (also -lc, -ec, ...). */
function shellScript(words: string[]): string | undefined {
  if (!SHELLS.has(programName(words[0] ?? ''))) return undefined;
  for (let i = 1; i < words.length - 1; i++) {
    if (/^-[a-z]*c[a-z]*$/.test(words[i])) return words[i + 1];
  }
  return undefined;
}

class Analyser {
  readonly commands: string[][] = [];
  readonly reasons = new Set<string>();

  line(text: string, depth: number): void {
    const { lines, backticks, substitutions } = scan(text);
    if (backticks.length > 0) this.reasons.add('command substitution with backticks');
    if (substitutions.length > 0) this.reasons.add('command substitution $(...)');
    for (const line of lines) this.tokens(line, depth);
    if (depth < MAX_DEPTH) for (const body of [...backticks, ...substitutions]) this.line(body, depth + 1);
  }

  argv(words: string[], depth: number): void {
    let start = 0;
    while (start < words.length && ASSIGNMENT.test(words[start])) start++;
    if (start > 0) this.reasons.add('variable assignment before the command');
    const command = words.slice(start);
    if (command.length === 0) return;
    this.commands.push(command);
    if (command.some((word) => word.includes('`'))) this.reasons.add('command substitution with backticks');
    const inner = unwrapped(command);
    if (inner) this.argv(inner, depth);
    const script = shellScript(command);
    if (script !== undefined && depth < MAX_DEPTH) this.line(script, depth + 1);
  }

  private tokens(line: string, depth: number): void {
    const entries = parse(line, (name): VariableMark => ({ variable: name }));
    let words: string[] = [];
    const flush = (): void => {
      this.argv(words, depth);
      words = [];
    };
    for (const entry of entries) {
      if (typeof entry === 'string') {
        words.push(entry);
      } else if ('variable' in entry) {
        this.reasons.add(entry.variable === '' ? 'command substitution $(...)' : `variable expansion $${entry.variable}`);
      } else if ('comment' in entry) {
        // A comment runs to the end of this line only (lines were split above).
      } else if (entry.op === 'glob') {
        words.push(entry.pattern);
      } else if (SEPARATORS.has(entry.op)) {
        flush();
      } else {
        this.reasons.add(`redirection or substitution "${entry.op}"`);
        flush();
      }
    }
    flush();
  }
}

/** Analyses a command line as a POSIX shell would split it. */
export function analyseCommandLine(line: string): CommandLineAnalysis {
  const analyser = new Analyser();
  analyser.line(line, 0);
  return { commands: analyser.commands, opaque: analyser.reasons.size > 0, reasons: [...analyser.reasons] };
}

/**
 * A command given as an argv list (run without a shell): one simple command, unless it is `sh -c 'script'`
 * (codex sends `["/bin/bash", "-lc", "..."]`), whose script is analysed as a command line.
 */
export function analyseArgv(argv: readonly string[]): CommandLineAnalysis {
  const analyser = new Analyser();
  const script = shellScript([...argv]);
  if (script !== undefined && argv.length === 3) return analyseCommandLine(script);
  analyser.argv([...argv], 0);
  return { commands: analyser.commands, opaque: analyser.reasons.size > 0, reasons: [...analyser.reasons] };
}
