// Terminal output as plain text for a <pre>: escape sequences (colours, cursor moves, titles, hyperlinks) removed,
// and the few controls that shape the text applied the way a terminal would: CR returns to the line's start and
// what follows overwrites, backspace steps back, "erase in line" (CSI K) clears. Everything else is dropped.

/** CSI: ESC [ (or U+009B), parameter bytes, intermediate bytes, a final byte; or unfinished at the very end. */
const CSI = String.raw`(?:\x1b\[|\x9b)([0-?]*)[ -/]*(?:([@-~])|$)`;
/** OSC (ESC ]), and DCS / SOS / PM / APC (ESC P, X, ^, _): a string ended by BEL or ST (ESC \), or by the end. */
const STRING_SEQUENCE = String.raw`\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\|$)`;
/** Other escapes: ESC, intermediate bytes, one final byte (charset selection "ESC ( B", "ESC 7", "ESC =", ...). */
const OTHER_ESCAPE = String.raw`\x1b[ -/]*[0-~]?`;
/** C0 and C1 controls other than tab, LF, CR and backspace. */
const CONTROL = String.raw`[\x00-\x07\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f\x80-\x9a\x9c-\x9f]`;

const SEQUENCES = new RegExp(`${CSI}|${STRING_SEQUENCE}|${OTHER_ESCAPE}|${CONTROL}`, 'g');
const TOKENS = new RegExp(`(${CSI})|${STRING_SEQUENCE}|${OTHER_ESCAPE}|${CONTROL}|([\\r\\n\\b])|([^\\x00-\\x08\\x0a-\\x1f\\x7f-\\x9f]+)`, 'g');

/** Removes escape sequences and control characters (keeps text, tabs and line breaks as they are). */
export function stripAnsi(text: string): string {
  return text.replace(SEQUENCES, '');
}

/** The text a terminal would show for `raw` (without colours): see the top of this file. */
export function terminalDisplayText(raw: string): string {
  // Fast path: nothing that needs the line model.
  if (!/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(raw)) return raw;
  const lines: string[] = [];
  let line = '';
  let column = 0;
  TOKENS.lastIndex = 0;
  for (let match = TOKENS.exec(raw); match !== null; match = TOKENS.exec(raw)) {
    const [, csi, csiParams, csiFinal, control, text] = match;
    if (text !== undefined) {
      // Appending is the common case (and cheap); writing after a CR or backspace overwrites.
      line = column === line.length ? line + text : line.slice(0, column) + text + line.slice(column + text.length);
      column += text.length;
    } else if (control === '\n') {
      lines.push(line);
      line = '';
      column = 0;
    } else if (control === '\r') {
      column = 0;
    } else if (control === '\b') {
      column = Math.max(0, column - 1);
    } else if (csi !== undefined && csiFinal === 'K') {
      // Erase in line: 0 (default) cursor to end, 1 start to cursor, 2 the whole line.
      const mode = csiParams === '' ? 0 : Number(csiParams);
      if (mode === 0) line = line.slice(0, column);
      else if (mode === 1) line = ' '.repeat(Math.min(column + 1, line.length)) + line.slice(column + 1);
      else if (mode === 2) line = '';
      if (line.length < column) line = line.padEnd(column, ' ');
    }
  }
  lines.push(line);
  return lines.join('\n');
}
