// A selection in an editor as a mention: its lines (1-based, inclusive) and its label. Pure.
import type { LineRange } from '../shared/protocol/composerProtocol';

export interface Position {
  line: number;
  character: number;
}

/**
 * The lines a selection covers. A selection that ends at the very start of a line (a whole-line selection made
 * with Shift+Down) does not include that line. Undefined for an empty selection.
 */
export function selectionLines(start: Position, end: Position): LineRange | undefined {
  if (start.line === end.line && start.character === end.character) return undefined;
  const lastLine = end.character === 0 && end.line > start.line ? end.line - 1 : end.line;
  return { start: start.line + 1, end: lastLine + 1 };
}

/** `src/a.ts#L3-L7`, or `src/a.ts#L3` for one line. */
export function selectionLabel(path: string, range: LineRange): string {
  return range.start === range.end ? `${path}#L${range.start}` : `${path}#L${range.start}-L${range.end}`;
}
