// The open (last, still growing) block of a streamed message, parsed without parsing all of it again on every chunk.
// A paragraph is one inline run: a message streamed as one long paragraph used to be parsed whole for every frame,
// a cost that grew with the message. Here the paragraph's inline source is cut, behind the growing end, into a
// settled part whose nodes are kept and a tail parsed anew each time. The cut is only ever moved forward to a point
// after which the rest parses on its own exactly as it does in the whole:
// - it is a single space between two non-space characters (no line break, hard break or indentation near it, and a
//   link, an autolink or an entity cannot span a space), and
// - the run before it is settled (parse.ts `parseInlineRun`): no emphasis, strikethrough, link or code delimiter in
//   it is left unmatched, so nothing after the cut can pair with anything before it (the closers after the cut see no
//   opener before it; an emphasis run on either side of the space flanks it the same as the start of a text).
// Any other block (a list, a heading, a fence, a table, a paragraph that a new line turns into a heading) is parsed
// whole, as before; so is a paragraph whose source stops continuing the settled part (it was rewritten).
// Each settled step keeps nodes of its own, the tail too: text at a cut is two adjacent text nodes, not one. They read
// and select as one, and the browser keeps the layout of a text node that did not change (its glyphs are not shaped
// again), so a frame lays out the short tail's text anew, not the whole paragraph's.
import { type MdNode, paragraphSource, parseInlineRun, parseMarkdown } from './parse';

/** The tail after the cut is at least this long: the cut moves in steps, not on every chunk. */
export const TAIL_CHARS = 1024;

export class OpenParagraphParser {
  /** The settled part of the paragraph's inline source (a prefix of it), and its nodes. */
  private settled = '';
  private settledNodes: MdNode[] = [];
  /** Where the last attempt to move the cut ended, settled or not: the next attempt waits for TAIL_CHARS more. */
  private triedTo = 0;

  /** Counts fresh starts: the nodes of an earlier generation are no prefix of this one's. */
  generation = 0;
  /** Whether the last text parsed was one paragraph (parsed here), not other blocks (parsed whole). */
  paragraph = false;
  /** How many nodes at the start of the last paragraph's are settled: they stay as they are while it grows. */
  settledCount = 0;

  constructor(readonly breaks = false) {}

  /** How much of the paragraph's inline source is settled (not parsed again by the next `parse`). */
  get settledChars(): number {
    return this.settled.length;
  }

  /** The same nodes as `parseMarkdown(text, breaks)`, but for text cut into adjacent text nodes (see above). */
  parse(text: string): MdNode[] {
    const source = paragraphSource(text);
    if (source === undefined) {
      this.reset();
      this.paragraph = false;
      this.settledCount = 0;
      return parseMarkdown(text, this.breaks);
    }
    if (!source.startsWith(this.settled)) this.reset();
    const cut = lastCut(source, source.length - TAIL_CHARS);
    if (cut > this.settled.length && cut >= this.triedTo + TAIL_CHARS) {
      this.triedTo = cut;
      const run = parseInlineRun(source.slice(this.settled.length, cut), this.breaks);
      if (run.settled) {
        this.settledNodes = [...this.settledNodes, ...run.nodes];
        this.settled = source.slice(0, cut);
      }
    }
    const tail = parseInlineRun(source.slice(this.settled.length), this.breaks).nodes;
    this.paragraph = true;
    this.settledCount = this.settledNodes.length;
    return [{ type: 'element', tag: 'p', children: [...this.settledNodes, ...tail] }];
  }

  private reset(): void {
    if (this.settled !== '') this.generation++;
    this.settled = '';
    this.settledNodes = [];
    this.triedTo = 0;
  }
}

function isSpace(char: string | undefined): boolean {
  return char !== undefined && /\s/.test(char);
}

/** The last cut at or before `before`: right after a single space between two non-space characters; 0 if none. */
export function lastCut(source: string, before: number): number {
  for (let space = source.lastIndexOf(' ', before - 1); space > 0; space = source.lastIndexOf(' ', space - 1)) {
    if (!isSpace(source[space - 1]) && !isSpace(source[space + 1]) && space + 1 < source.length) return space + 1;
  }
  return 0;
}
