// A bash command line's simple commands, from its tokens (shellLexer.ts): lists joined by `;` `&` `&&` `||` `|`
// and newlines, and `( ... )` subshells, checked the way bash's grammar checks them (`; x`, `x && && y`, `x |`
// at the end, `()` and `(x) y` are syntax errors). Anything else makes the line opaque with a reason: reserved
// words (`if`, `{`, `!`, `[[`, ...), `VAR=value` before a command, redirections, `((`, and syntax errors. For
// those lines the commands are still listed as well as they can be (reserved words and assignments skipped,
// redirection targets left out) so that reject and ask rules see them.
import { lex, Token } from './shellLexer';

export interface ShellSyntax {
  /** The simple commands in order, as argv words after quote removal. */
  commands: string[][];
  /** Why the line cannot be judged word by word (empty: it can). */
  reasons: Set<string>;
  /** Bodies of command and process substitutions, to be analysed as command lines of their own. */
  substitutions: string[];
}

const RESERVED_WORDS = new Set([
  '!', '{', '}', '[[', ']]', 'case', 'coproc', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'function', 'if', 'in',
  'select', 'then', 'time', 'until', 'while',
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/** Where the grammar stands: at the start of a list, after `&&`/`||`/`|`, after a command's words, after `)`. */
type State = 'start' | 'connector' | 'command' | 'closed';

class Grammar {
  readonly commands: string[][] = [];
  private words: string[] = [];
  private state: State = 'start';
  /** For each open `(`: how many commands it holds so far. */
  private readonly groups: number[] = [];

  constructor(private readonly reasons: Set<string>) {}

  private error(what: string): void {
    this.reasons.add(`not valid bash: ${what}`);
  }

  private flush(): void {
    if (this.words.length > 0) this.commands.push(this.words);
    if (this.state === 'command' && this.groups.length > 0) this.groups[this.groups.length - 1]++;
    this.words = [];
  }

  private ended(): boolean {
    return this.state === 'command' || this.state === 'closed';
  }

  word(token: Extract<Token, { type: 'word' }>): void {
    if (this.state === 'closed') this.error('a word after ")"');
    if (this.words.length === 0 && this.state !== 'command') {
      if (RESERVED_WORDS.has(token.raw)) {
        this.reasons.add(`the reserved word "${token.raw}"`);
        return;
      }
      if (ASSIGNMENT.test(token.raw)) {
        this.reasons.add('variable assignment before the command');
        return;
      }
    }
    this.words.push(token.value);
    this.state = 'command';
  }

  redirect(target: Token | undefined): void {
    if (target?.type !== 'word') this.error('a redirection without a target');
    if (this.state !== 'closed') this.state = 'command';
  }

  operator(op: string): void {
    switch (op) {
      case '\n':
        if (this.state === 'connector') return;
        this.flush();
        if (this.state !== 'start') this.state = 'start';
        return;
      case '(':
        if (this.state !== 'start' && this.state !== 'connector') this.error('"(" after a word');
        this.flush();
        this.groups.push(0);
        this.state = 'start';
        return;
      case ')': {
        const ok = this.groups.length > 0 && (this.ended() || (this.state === 'start' && this.groups[this.groups.length - 1] > 0));
        if (!ok) this.error('a ")" without its command or "("');
        this.flush();
        this.groups.pop();
        if (this.groups.length > 0) this.groups[this.groups.length - 1]++;
        this.state = 'closed';
        return;
      }
      default: {
        if (!this.ended()) this.error(`"${op}" without a command before it`);
        this.flush();
        this.state = op === ';' || op === '&' || op.startsWith(';;') || op === ';&' ? 'start' : 'connector';
      }
    }
  }

  end(): void {
    if (this.state === 'connector') this.error('the line ends after an operator');
    if (this.groups.length > 0) this.error('a "(" without its ")"');
    this.flush();
  }
}

export function parseShell(text: string): ShellSyntax {
  const { tokens, reasons, substitutions } = lex(text);
  const grammar = new Grammar(reasons);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'word') grammar.word(token);
    else if (token.type === 'redirect') grammar.redirect(tokens[i + 1]?.type === 'word' ? tokens[++i] : undefined);
    else {
      if (token.op === '(' && tokens[i + 1]?.type === 'op' && (tokens[i + 1] as { op: string }).op === '(') {
        reasons.add('"((" (arithmetic)');
      }
      grammar.operator(token.op);
    }
  }
  grammar.end();
  return { commands: grammar.commands, reasons, substitutions };
}
