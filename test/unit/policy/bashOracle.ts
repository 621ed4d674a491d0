// The oracle of the bash-parity test: Debian's own /bin/bash parses command lines and prints them back with
// `--pretty-print` (bash 5.2: parse a script and print its commands in bash's normal form, executing nothing).
// Many lines go through one bash process: each line is followed by a separator command `: <marker>_<n>` on a
// line of its own; a line that bash rejects, or that swallows its separator (an unfinished `&&`, a here-document),
// is parsed again alone. Nothing generated is ever executed.
//
// The printed form has no comments and no line continuations and spaces its operators, so reading it back is
// simple: this reader is written apart from the policy's lexer on purpose, and notes whatever the policy must
// not take as plain words (expansions, redirections, reserved words, assignments, brace expansion, `((`,
// function definitions).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BashParse {
  /** bash's error message when it rejects the line. */
  error?: string;
  /** The simple commands bash found, as words after quote removal (subshells flattened). */
  commands: string[][];
  /** What bash saw beyond plain words and list operators. */
  notes: string[];
}

const BASH = '/bin/bash';
const MARKER = `__parity_separator_${process.pid}`;
const RESERVED = new Set(['!', 'case', 'coproc', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'function', 'if', 'in', 'select', 'then', 'time', 'until', 'while', '{', '}', '[[', ']]']);
const ENDS_WORD = ' \t\n;&|()<>';

/** Reads bash's printed form back into simple commands. */
export function readPrinted(text: string): Omit<BashParse, 'error'> {
  const commands: string[][] = [];
  const notes = new Set<string>();
  let words: string[] = [];
  let i = 0;
  const endCommand = (): void => {
    if (words.length > 0) commands.push(words);
    words = [];
  };
  while (i < text.length) {
    const char = text[i];
    if (char === ' ' || char === '\t') {
      i++;
      continue;
    }
    if ('\n;&|()'.includes(char)) {
      if (char === '(' && words.length > 0) notes.add('function definition');
      if (char === '(' && text[i + 1] === '(') notes.add('arithmetic');
      endCommand();
      i++;
      continue;
    }
    if (char === '<' || char === '>') {
      notes.add('redirection');
      i++;
      continue;
    }
    const start = i;
    let value = '';
    let brace = 0;
    while (i < text.length && !ENDS_WORD.includes(text[i])) {
      const c = text[i];
      if (c === '\\') {
        value += text[i + 1] ?? '';
        i += 2;
      } else if (c === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) {
          notes.add('unreadable output');
          return { commands, notes: [...notes] };
        }
        value += text.slice(i + 1, end);
        i = end + 1;
      } else if (c === '"') {
        i++;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\' && '$`"\\\n'.includes(text[i + 1] ?? '')) {
            value += text[i + 1];
            i += 2;
            continue;
          }
          if (text[i] === '$' || text[i] === '`') notes.add('expansion');
          value += text[i++];
        }
        if (i >= text.length) notes.add('unreadable output');
        i++;
      } else {
        if (c === '$' || c === '`') notes.add('expansion');
        if (c === '{') brace = 1;
        else if (brace > 0 && (c === ',' || (c === '.' && text[i + 1] === '.'))) brace = 2;
        else if (c === '}' && brace === 2) notes.add('brace expansion');
        value += c;
        i++;
      }
    }
    const raw = text.slice(start, i);
    if (words.length === 0 && RESERVED.has(raw)) notes.add(`reserved word ${raw}`);
    if (words.length === 0 && /^[A-Za-z_][A-Za-z0-9_]*(\[.*\])?\+?=/.test(raw)) notes.add('assignment');
    words.push(value);
  }
  endCommand();
  return { commands, notes: [...notes] };
}

let scriptFile: string | undefined;

function prettyPrint(script: string): { ok: boolean; stdout: string; stderr: string } {
  scriptFile ??= join(mkdtempSync(join(tmpdir(), 'bash-parity-')), 'lines.sh');
  writeFileSync(scriptFile, script);
  const result = spawnSync(BASH, ['--norc', '--noprofile', '--pretty-print', scriptFile], {
    encoding: 'utf8',
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return { ok: result.status === 0, stdout: result.stdout, stderr: result.stderr };
}

function alone(line: string): BashParse {
  const { ok, stdout, stderr } = prettyPrint(`${line}\n`);
  if (!ok) return { error: stderr.trim() || 'bash failed', commands: [], notes: [] };
  return readPrinted(stdout);
}

export interface OracleStats {
  bashProcesses: number;
}

/** bash's parse of each line, with as few bash processes as it can. */
export function bashParses(lines: readonly string[], stats?: OracleStats): BashParse[] {
  const results: BashParse[] = [];
  let first = 0;
  while (first < lines.length) {
    const chunk = lines.slice(first);
    const script = chunk.map((line, n) => `${line}\n: ${MARKER}_${n}\n`).join('');
    const { stdout } = prettyPrint(script);
    if (stats) stats.bashProcesses++;
    const printed = stdout.split('\n');
    let segment: string[] = [];
    let done = 0;
    for (const row of printed) {
      if (row === `: ${MARKER}_${done}`) {
        results.push(readPrinted(segment.join('\n')));
        segment = [];
        done++;
      } else if (row.includes(MARKER)) break;
      else segment.push(row);
    }
    if (done >= chunk.length) break;
    // The line after the last separator seen went wrong in company: bash reads it alone.
    results.push(alone(chunk[done]));
    if (stats) stats.bashProcesses++;
    first += done + 1;
  }
  return results;
}
