// fs/read_text_file's `line` (1-based) and `limit`: a window of whole lines. A line keeps its terminator, so
// the window runs from the start of line `line` to the start of line `line + limit` (or the end of the text);
// consecutive windows concatenate to the whole text. A window past the end is empty. Lines end at "\n" (the
// text is normalised to "\n" before slicing).

/** Lines [startLine, endLine) (0-based) of a document with `lineCount` lines; undefined when the window is empty. */
export interface LineWindow {
  startLine: number;
  /** Exclusive. Equal to the line count when the window runs to the end of the text. */
  endLine: number;
}

export function lineWindow(lineCount: number, line: number | undefined, limit: number | undefined): LineWindow | undefined {
  const startLine = Math.max((line ?? 1) - 1, 0);
  if (startLine >= lineCount) return undefined;
  const endLine = limit === undefined ? lineCount : Math.min(lineCount, startLine + limit);
  return endLine > startLine ? { startLine, endLine } : undefined;
}

/** Offset of the start of 0-based line `index`, or -1 when the text has fewer lines. Scans only that far. */
function lineStart(text: string, index: number, from = 0, fromLine = 0): number {
  let offset = from;
  for (let current = fromLine; current < index; current++) {
    const newline = text.indexOf('\n', offset);
    if (newline === -1) return -1;
    offset = newline + 1;
  }
  return offset;
}

/** The window of `text`; cost grows with where the window ends, not with the size of the text. */
export function sliceLines(text: string, line: number | undefined, limit: number | undefined): string {
  if (line === undefined && limit === undefined) return text;
  const startIndex = Math.max((line ?? 1) - 1, 0);
  const start = lineStart(text, startIndex);
  if (start === -1) return '';
  if (limit === undefined) return text.slice(start);
  const end = lineStart(text, startIndex + limit, start, startIndex);
  return end === -1 ? text.slice(start) : text.slice(start, end);
}
