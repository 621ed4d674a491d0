// Texts as lines that keep their own line ending, so that joining the lines gives back the text exactly: "\n",
// "\r\n", or nothing for a last line without a final newline. A lone "\r" is not a line break (VS Code and jsdiff
// agree) and stays in the line's text.

export type LineEnding = '' | '\n' | '\r\n';

export interface TextLine {
  /** The line without its line ending. */
  text: string;
  eol: LineEnding;
}

/** The lines of `text`; "" has none, "a\n" one, "a\nb" two. `joinLines(splitLines(t)) === t` for every t. */
export function splitLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  let from = 0;
  while (from < text.length) {
    const at = text.indexOf('\n', from);
    if (at < 0) {
      lines.push({ text: text.slice(from), eol: '' });
      break;
    }
    const crlf = at > from && text.charCodeAt(at - 1) === 13;
    lines.push({ text: text.slice(from, crlf ? at - 1 : at), eol: crlf ? '\r\n' : '\n' });
    from = at + 1;
  }
  return lines;
}

export function joinLines(lines: readonly TextLine[]): string {
  let text = '';
  for (const line of lines) text += line.text + line.eol;
  return text;
}

/** Lines of `text` ("a\nb\n" and "a\nb" both have 2), without splitting it. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return text.endsWith('\n') ? count - 1 : count;
}
