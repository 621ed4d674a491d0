// What a shell command line runs: its simple commands (argv lists) and whether it does anything a rule cannot
// vouch for word by word. The line is read as bash reads it (shellLexer.ts, shellSyntax.ts) for a small subset:
// words with quotes and escapes, comments, line continuations, `;` `&` `&&` `||` `|` newlines and `( ... )`.
// `parsed` is then exactly bash's own list of simple commands (a differential test against /bin/bash checks it).
//
// `opaque` is set by anything outside that subset or whose effect is not visible in the argv lists: `$`
// expansions and `$(...)`, backticks, redirections, here-documents, process substitution, brace expansion, words
// starting with a glob, leading VAR=value assignments, reserved words (`if`, `{`, ...) and syntax errors. An
// allow rule never matches an opaque line; reject and ask rules still look at every command found (`commands`),
// including the ones inside `$(...)`, backticks, `sh -c '...'` and behind wrappers such as `sudo` or `env`.
import { parseShell } from './shellSyntax';

export interface CommandLineAnalysis {
  /** Every simple command found, as words (assignments before the command name dropped): the line's own and
   * those inside substitutions, `sh -c` scripts and behind wrappers. */
  commands: string[][];
  /** The line's own simple commands, as bash parses them (words after quote removal). */
  parsed: string[][];
  opaque: boolean;
  /** Why the line is opaque (for messages and tests). */
  reasons: string[];
}

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

  /** Analyses a command line; returns its own simple commands. */
  line(text: string, depth: number): string[][] {
    const { commands, reasons, substitutions } = parseShell(text);
    for (const reason of reasons) this.reasons.add(reason);
    for (const argv of commands) this.argv(argv, depth);
    if (depth < MAX_DEPTH) for (const body of substitutions) this.line(body, depth + 1);
    return commands;
  }

  argv(command: string[], depth: number): void {
    if (command.length === 0) return;
    this.commands.push(command);
    const inner = unwrapped(command);
    if (inner) this.argv(inner, depth);
    const script = shellScript(command);
    if (script !== undefined && depth < MAX_DEPTH) this.line(script, depth + 1);
  }

  result(parsed: string[][]): CommandLineAnalysis {
    return { commands: this.commands, parsed, opaque: this.reasons.size > 0, reasons: [...this.reasons] };
  }
}

/** Analyses a command line as bash would parse it. */
export function analyseCommandLine(line: string): CommandLineAnalysis {
  const analyser = new Analyser();
  return analyser.result(analyser.line(line, 0));
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
  return analyser.result([[...argv]]);
}
