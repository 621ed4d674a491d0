// Splits streamed markdown into top-level blocks so that only the last, still open block is parsed again as
// chunks arrive. A block ends at a blank line outside a code fence, unless what follows the blank line continues
// it: an indented line (a list item's next paragraph, indented code) or, after a list, another list item.
// Only complete lines decide: the partial last line of a stream always belongs to the open block, so a block
// that was reported finished never changes afterwards. `final` treats the text as complete.
//
// Known limits of splitting (each block is parsed on its own): a reference-style link whose definition sits in
// another block stays text; two lists of the same kind separated by a paragraph render as two lists (as they
// would anyway).

export interface BlockSplit {
  /** The blocks, oldest first: all finished except, when not final, the last one. */
  blocks: string[];
  /** How many of `blocks` are finished (never change again while the text only grows). */
  finished: number;
}

interface Fence {
  char: '`' | '~';
  length: number;
}

interface ScanState {
  /** Offset of the next line not scanned yet. */
  pos: number;
  /** Offset where the current block starts, or -1 between blocks. */
  blockStart: number;
  /** Offset of the first blank line after the current block's content, or -1. */
  blankAt: number;
  /** The current block started with a list item marker. */
  blockIsList: boolean;
  fence: Fence | null;
}

const BLANK = /^[ \t]*$/;
const LIST_ITEM = /^ {0,3}(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)/;
const INDENTED = /^(?: {2}|\t)/;
const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})(.*)$/;

function initialScan(): ScanState {
  return { pos: 0, blockStart: -1, blankAt: -1, blockIsList: false, fence: null };
}

function trimBlock(text: string): string {
  return text.replace(/\s+$/, '');
}

/** One line (without its newline) that starts at `start`, given the finished blocks so far. */
function scanLine(state: ScanState, text: string, line: string, start: number, finished: string[]): void {
  if (state.fence) {
    const close = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(line);
    if (close && close[1][0] === state.fence.char && close[1].length >= state.fence.length) state.fence = null;
    return;
  }
  if (BLANK.test(line)) {
    if (state.blockStart >= 0 && state.blankAt < 0) state.blankAt = start;
    return;
  }
  if (state.blockStart >= 0 && state.blankAt >= 0) {
    const continues = INDENTED.test(line) || (state.blockIsList && LIST_ITEM.test(line));
    if (!continues) {
      finished.push(trimBlock(text.slice(state.blockStart, state.blankAt)));
      state.blockStart = -1;
    }
    state.blankAt = -1;
  }
  if (state.blockStart < 0) {
    state.blockStart = start;
    state.blockIsList = LIST_ITEM.test(line);
  }
  const open = FENCE_OPEN.exec(line);
  if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
    state.fence = { char: open[1][0] as Fence['char'], length: open[1].length };
  }
}

/** Scans the complete lines of `text` from `state.pos` on (and, when `final`, the partial last line too). */
function scan(state: ScanState, text: string, finished: string[], final: boolean): void {
  while (state.pos < text.length) {
    const newline = text.indexOf('\n', state.pos);
    if (newline < 0 && !final) return;
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(state.pos, end).replace(/\r$/, '');
    scanLine(state, text, line, state.pos, finished);
    state.pos = newline < 0 ? text.length : newline + 1;
  }
}

/** The blocks of a complete text (or of a stream so far, when `final` is false). */
export function splitBlocks(text: string, final = true): BlockSplit {
  return new BlockSplitter().update(text, final);
}

/** The blocks of a stream so far, as `BlockSplitter.next` gives them (nothing copied). */
export interface StreamBlocks {
  /**
   * The finished blocks, oldest first: a live array that only grows while the text only grows (read it, keep no
   * copy); the same array and the same strings from one update to the next.
   */
  finished: readonly string[];
  /** How many of `finished` there are now (the array may grow later). */
  count: number;
  /** The open (last) block, or undefined when there is none. */
  open: string | undefined;
  /** Changes when the splitter started over (the text was not a continuation): every block may differ. */
  generation: number;
}

/**
 * Remembers how far it got, so that while a message only grows, each update scans just the new lines and the
 * finished blocks are the very same strings as before.
 */
export class BlockSplitter {
  private text = '';
  private state = initialScan();
  private finished: string[] = [];
  private generation = 0;

  /**
   * The blocks of `text`. Streaming (not `final`), the cost is that of the new lines and the open block, not of the
   * whole text: a streamed message only grows, so only the open block's part of the text is compared with what was
   * seen before (and its length); a final text is compared whole.
   */
  next(text: string, final: boolean): StreamBlocks {
    if (!this.continues(text, final)) {
      this.state = initialScan();
      this.finished = [];
      this.generation++;
    }
    this.text = text;
    // A final scan looks at the partial last line, which a later, longer text may continue: scan a copy.
    const state = final ? { ...this.state } : this.state;
    const finished = final ? this.finished.slice() : this.finished;
    scan(state, text, finished, final);
    // The open block: from its start, or (between blocks) the partial line not scanned yet.
    const open = trimBlock(text.slice(state.blockStart >= 0 ? state.blockStart : state.pos));
    if (final && open !== '') finished.push(open);
    return {
      finished,
      count: finished.length,
      open: final || open === '' ? undefined : open,
      generation: this.generation,
    };
  }

  update(text: string, final: boolean): BlockSplit {
    const { finished, count, open } = this.next(text, final);
    const blocks = finished.slice(0, count);
    if (open !== undefined) blocks.push(open);
    return { blocks, finished: count };
  }

  private continues(text: string, final: boolean): boolean {
    const before = this.text;
    if (text.length < before.length) return false;
    if (final) return text.startsWith(before);
    // From the separator before the open block on: what the next scan builds on.
    const from = Math.max(0, (this.state.blockStart >= 0 ? this.state.blockStart : this.state.pos) - 2);
    return text.startsWith(from === 0 ? before : before.slice(from), from);
  }
}
