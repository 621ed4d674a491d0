// Command patterns of rules: "git status" (exactly those words), "npm run *" (a last lone `*`: any further
// words, none included), "git log --format=*" (a `*` inside a word matches within that one word). Words are
// split like a shell splits them, so quotes group words: `git commit -m "*"`. For reject and ask rules the first
// word also matches a path to the program ("rm -rf *" matches "/bin/rm -rf x"); an allow rule needs the program
// word as written, so "git status" does not allow "/tmp/x/git status".
import { parse } from 'shell-quote';
import picomatch from 'picomatch';
import { writeOrRunWords } from './dangerousOptions';

export interface CommandPattern {
  source: string;
  words: ((word: string) => boolean)[];
  /** The pattern's words as written (the last lone `*` left out). */
  sources: string[];
  /** The pattern ended in a lone `*`. */
  rest: boolean;
}

/** Parses a pattern; a string with the problem when it is not usable. */
export function parseCommandPattern(source: string): CommandPattern | string {
  const entries = parse(source, (name) => `$${name}`);
  const words: string[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') words.push(entry);
    else if ('op' in entry && entry.op === 'glob') words.push(entry.pattern);
    else return `"${source}" is not a single command: operators and comments are not allowed in a command pattern`;
  }
  if (words.length === 0) return 'a command pattern must not be empty';
  const rest = words.length > 1 && words[words.length - 1] === '*';
  const exact = rest ? words.slice(0, -1) : words;
  return {
    source,
    rest,
    sources: exact,
    words: exact.map((word) => {
      if (!word.includes('*') && !word.includes('?') && !word.includes('[')) return (candidate: string) => candidate === word;
      const matcher = picomatch(word, { bash: true, dot: true });
      return (candidate: string) => matcher(candidate);
    }),
  };
}

function programName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash >= 0 ? word.slice(slash + 1) : word;
}

/** Does one simple command (its words) match the pattern? `anyProgramPath`: the first word may be a path. */
export function commandMatches(pattern: CommandPattern, argv: readonly string[], anyProgramPath: boolean): boolean {
  const { words, rest } = pattern;
  if (argv.length < words.length || (!rest && argv.length !== words.length)) return false;
  return words.every((matches, i) => matches(argv[i]) || (i === 0 && anyProgramPath && matches(programName(argv[i]))));
}

/** The option's name in a word: `--output` of `--output=x`. */
function optionName(word: string): string {
  return word.split('=', 1)[0];
}

/**
 * For an allow rule: does the command carry an option that makes its tool write files or run programs
 * (dangerousOptions.ts) that the pattern does not spell out? A word the last lone `*` covers never spells one
 * out, nor does a pattern word with a glob, unless the glob comes after the option's name (`--output=*`).
 */
export function coversWriteOrRun(pattern: CommandPattern, argv: readonly string[]): boolean {
  return writeOrRunWords(argv).some((index) => {
    const source = pattern.sources[index];
    if (source === undefined) return true;
    const name = optionName(source);
    return /[*?[]/.test(name) || name !== optionName(argv[index]);
  });
}
