// The tokens of a bash command line, read as bash reads them, for the subset the policy judges word by word:
// words (unquoted text, '...', "...", backslash escapes), comments (a `#` that starts a word), line continuations
// and the operators `;` `&` `&&` `||` `|` `(` `)` and newline. Everything outside that subset is still tokenised
// as well as can be (so reject and ask rules find the commands in it) and gives a reason, which makes the line
// opaque: `$` expansions, backticks, redirections, here-documents, process substitution, brace expansion, a
// word that starts with a glob, a backslash at the very end, an unterminated quote.
//
// The rules that matter most, from bash's parser (parse.y read_token): a `#` starts a comment only where a new
// token starts (`git status#; rm x` is one word `status#` and then `rm x`); metacharacters are space, tab,
// newline and `| & ; ( ) < >`; a backslash-newline pair disappears except inside single quotes and comments.

export type Token =
  | { type: 'word'; raw: string; value: string }
  | { type: 'op'; op: string }
  | { type: 'redirect'; op: string };

export interface Lexed {
  tokens: Token[];
  reasons: Set<string>;
  /** Bodies of `$(...)`, backticks and process substitutions, to be analysed as command lines of their own. */
  substitutions: string[];
}

const METACHARACTERS = new Set([' ', '\t', '\n', '|', '&', ';', '(', ')', '<', '>']);
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAMETER = /[0-9@*#?$!-]/;

interface HereDocument {
  delimiter: string;
  stripTabs: boolean;
  expands: boolean;
}

class Lexer {
  private pos = 0;
  readonly tokens: Token[] = [];
  readonly reasons = new Set<string>();
  readonly substitutions: string[] = [];
  private readonly pendingDocuments: HereDocument[] = [];

  constructor(private readonly text: string) {}

  /** The index of the next character that is not part of a line continuation. */
  private logical(index: number): number {
    let i = index;
    while (this.text[i] === '\\' && this.text[i + 1] === '\n') i += 2;
    return i;
  }

  private peek(ahead = 0): string | undefined {
    let i = this.logical(this.pos);
    for (let n = 0; n < ahead; n++) i = this.logical(i + 1);
    return this.text[i];
  }

  private next(): string | undefined {
    const i = this.logical(this.pos);
    this.pos = i + 1;
    return this.text[i];
  }

  /** The next character as it is (no line continuation removed): after a backslash, in quotes and comments. */
  private rawNext(): string | undefined {
    return this.pos < this.text.length ? this.text[this.pos++] : undefined;
  }

  run(): this {
    for (;;) {
      const char = this.peek();
      if (char === undefined) break;
      if (char === ' ' || char === '\t') this.next();
      else if (char === '\n') {
        this.next();
        this.tokens.push({ type: 'op', op: '\n' });
        this.hereDocuments();
      } else if (char === '#') this.comment();
      else if (char === '<' || char === '>') this.angle();
      else if (METACHARACTERS.has(char)) this.operator(char);
      else this.word();
    }
    if (this.pendingDocuments.length > 0) this.reasons.add('a here-document without its end');
    return this;
  }

  private comment(): void {
    this.pos = this.logical(this.pos);
    while (this.pos < this.text.length && this.text[this.pos] !== '\n') this.pos++;
  }

  private operator(char: string): void {
    this.next();
    const second = this.peek();
    let op = char;
    if (char === '&' && second === '&') op = '&&';
    else if (char === '|' && (second === '|' || second === '&')) op = `|${second}`;
    else if (char === ';' && (second === ';' || second === '&')) op = `;${second}`;
    if (char === '&' && second === '>') return this.redirect('&');
    if (op.length > 1) this.next();
    if (op === ';;' && this.peek() === '&') op += this.next() as string;
    if (op === '|&') this.reasons.add('"|&" (a redirection of errors)');
    else if (op.startsWith(';;') || op === ';&') this.reasons.add(`"${op}" outside a case statement`);
    this.tokens.push({ type: 'op', op });
  }

  /** `<` or `>`: a redirection, or a process substitution `<(...)` / `>(...)` (part of a word). */
  private angle(): void {
    if (this.peek(1) === '(') {
      this.word();
      return;
    }
    this.redirect(this.next() as string);
  }

  private redirect(first: string): void {
    let op = first;
    if (first === '&') op += this.next() as string;
    const followers = op === '<' ? ['<', '&', '>'] : ['>', '&', '|'];
    const second = this.peek();
    if (second !== undefined && followers.includes(second) && !(op === '&>' && second !== '>')) op += this.next() as string;
    if (op === '<<' && (this.peek() === '<' || this.peek() === '-')) op += this.next() as string;
    this.reasons.add(op.startsWith('<<') && op !== '<<<' ? 'a here-document' : `a redirection "${op}"`);
    this.tokens.push({ type: 'redirect', op });
    if (op === '<<' || op === '<<-') this.hereDocumentWord(op === '<<-');
  }

  private hereDocumentWord(stripTabs: boolean): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.next();
    const start = this.tokens.length;
    if (this.peek() === undefined || METACHARACTERS.has(this.peek() as string)) return;
    this.word();
    const token = this.tokens[start];
    if (token?.type !== 'word') return;
    const expands = !/['"\\]/.test(token.raw);
    this.pendingDocuments.push({ delimiter: token.value, stripTabs, expands });
  }

  /** After a newline: the bodies of the here-documents started on that line (data, not commands). */
  private hereDocuments(): void {
    for (const document of this.pendingDocuments.splice(0)) {
      let body = '';
      for (;;) {
        if (this.pos >= this.text.length) {
          this.reasons.add('a here-document without its end');
          break;
        }
        let end = this.text.indexOf('\n', this.pos);
        if (end < 0) end = this.text.length;
        const line = this.text.slice(this.pos, end);
        this.pos = Math.min(end + 1, this.text.length);
        if ((document.stripTabs ? line.replace(/^\t+/, '') : line) === document.delimiter) break;
        body += `${line}\n`;
      }
      if (document.expands) this.expansionsIn(body);
    }
  }

  /** Command substitutions inside a here-document body (which bash expands when its delimiter is unquoted). */
  private expansionsIn(body: string): void {
    const inner = new Lexer(body);
    for (inner.pos = 0; inner.pos < body.length; ) {
      const char = inner.rawNext();
      if (char === '\\') inner.rawNext();
      else if (char === '$') inner.dollar();
      else if (char === '`') inner.backtick();
    }
    this.substitutions.push(...inner.substitutions);
  }

  private word(): void {
    let raw = '';
    let value = '';
    let braceOpen = false;
    let braceList = false;
    const start = this.pos;
    for (;;) {
      const char = this.peek();
      if (char === undefined) break;
      if (METACHARACTERS.has(char) && !((char === '<' || char === '>') && this.peek(1) === '(')) break;
      this.next();
      if (char === '\\') {
        const escaped = this.rawNext();
        if (escaped === undefined) {
          this.reasons.add('a backslash at the end of the line');
          value += char;
          break;
        }
        value += escaped;
      } else if (char === "'") {
        const end = this.text.indexOf("'", this.pos);
        if (end < 0) {
          this.reasons.add('an unterminated quote');
          value += this.text.slice(this.pos);
          this.pos = this.text.length;
          break;
        }
        value += this.text.slice(this.pos, end);
        this.pos = end + 1;
      } else if (char === '"') {
        value += this.doubleQuoted();
      } else if (char === '$') {
        value += this.dollar();
      } else if (char === '`') {
        value += this.backtick();
      } else if (char === '<' || char === '>') {
        value += char + this.parenthesised('process substitution');
      } else {
        if (raw === '' && value === '' && (char === '*' || char === '?' || char === '[')) {
          this.reasons.add('a word that starts with a pattern (it could expand to a file named like an option)');
        }
        // `name[` may start an array subscript (`a[x y]=1`), which bash reads up to its `]`, blanks included.
        if (char === '[' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(raw.replace(/\\\n/g, ''))) this.reasons.add('an array subscript');
        if (char === '{') braceOpen = true;
        else if (braceOpen && (char === ',' || (char === '.' && this.peek() === '.'))) braceList = true;
        else if (char === '}' && braceList) this.reasons.add('brace expansion');
        value += char;
      }
      raw = this.text.slice(start, this.pos);
    }
    // Line continuations vanish before bash reads words (`i\<newline>f` is the reserved word `if`).
    raw = this.text.slice(start, this.pos).replace(/\\\n/g, '');
    const following = this.peek();
    if ((following === '<' || following === '>') && this.peek(1) !== '(' && /^(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})$/.test(raw)) return;
    this.tokens.push({ type: 'word', raw, value });
  }

  private doubleQuoted(): string {
    let value = '';
    for (;;) {
      const char = this.next();
      if (char === undefined) {
        this.reasons.add('an unterminated quote');
        return value;
      }
      if (char === '"') return value;
      if (char === '\\') {
        const escaped = this.rawNext();
        if (escaped === undefined) continue;
        value += '$`"\\'.includes(escaped) ? escaped : char + escaped;
      } else if (char === '$') value += this.dollar();
      else if (char === '`') value += this.backtick();
      else value += char;
    }
  }

  /** After a `$`: the expansion's text as written (kept in the word so that reject rules see it). */
  private dollar(): string {
    const char = this.peek();
    if (char === '(') {
      this.reasons.add('command substitution $(...)');
      return `$${this.parenthesised('command substitution')}`;
    }
    if (char === '{') {
      this.reasons.add('parameter expansion ${...}');
      this.next();
      const end = this.text.indexOf('}', this.pos);
      const body = end < 0 ? this.text.slice(this.pos) : this.text.slice(this.pos, end);
      this.pos = end < 0 ? this.text.length : end + 1;
      return `\${${body}}`;
    }
    if (char === "'") {
      this.reasons.add("ANSI-C quoting $'...'");
      this.next();
      let body = '';
      for (let c = this.rawNext(); c !== undefined && c !== "'"; c = this.rawNext()) body += c === '\\' ? c + (this.rawNext() ?? '') : c;
      return `$'${body}'`;
    }
    if (char !== undefined && NAME_START.test(char)) {
      let name = '';
      while (this.peek() !== undefined && NAME_CHAR.test(this.peek() as string)) name += this.next();
      this.reasons.add(`variable expansion $${name}`);
      return `$${name}`;
    }
    if (char !== undefined && SPECIAL_PARAMETER.test(char)) {
      this.next();
      this.reasons.add(`variable expansion $${char}`);
      return `$${char}`;
    }
    this.reasons.add('a $ sign');
    return '$';
  }

  /** `(...)` after `$`, `<` or `>`: its body (parentheses matched, quotes skipped), analysed on its own. */
  private parenthesised(what: string): string {
    const open = this.logical(this.pos);
    let depth = 0;
    let i = open;
    for (; i < this.text.length; i++) {
      const char = this.text[i];
      if (char === '\\') i++;
      else if (char === "'" || char === '"') {
        const end = this.text.indexOf(char, i + 1);
        i = end < 0 ? this.text.length : end;
      } else if (char === '(') depth++;
      else if (char === ')' && --depth === 0) break;
    }
    const body = this.text.slice(open + 1, Math.min(i, this.text.length));
    this.reasons.add(what === 'process substitution' ? 'process substitution' : `${what} $(...)`);
    if (i >= this.text.length) this.reasons.add('an unterminated substitution');
    this.pos = Math.min(i + 1, this.text.length);
    this.substitutions.push(body.startsWith('(') && body.endsWith(')') ? body.slice(1, -1) : body);
    return `(${body})`;
  }

  private backtick(): string {
    this.reasons.add('command substitution with backticks');
    let body = '';
    for (;;) {
      const char = this.rawNext();
      if (char === undefined) {
        this.reasons.add('an unterminated substitution');
        break;
      }
      if (char === '`') break;
      if (char === '\\' && this.pos < this.text.length && '$`\\'.includes(this.text[this.pos])) body += this.rawNext();
      else body += char;
    }
    this.substitutions.push(body);
    return `\`${body}\``;
  }
}

export function lex(text: string): Lexed {
  const lexer = new Lexer(text).run();
  return { tokens: lexer.tokens, reasons: lexer.reasons, substitutions: lexer.substitutions };
}
