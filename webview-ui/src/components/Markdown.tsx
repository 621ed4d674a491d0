// Agent text as markdown, drawn block by block: the text is split into top-level blocks (markdown/blocks.ts), and
// while a message streams only its last, open block is parsed and drawn again (of an open paragraph, only its end
// is parsed again: markdown/openParagraph.ts, and only its last lines laid out again: OpenParagraph.tsx). The blocks sit in a tree of aligned ranges of RANGE_SIZE (fragments,
// so the DOM stays a flat list of blocks); a range re-renders only when its last block changed or a block was added
// to it, so a chunk costs the open block plus the few ranges on the path to it (at most RANGE_SIZE children each,
// three levels), however long the message is. Finished blocks keep their components and DOM. Their parses are
// cached, so an entry scrolling back into the virtualized transcript is not parsed again; the open block's are not
// (each version is seen once).
import { Component } from 'preact';
import { useRef } from 'preact/hooks';
import { BlockSplitter } from '../markdown/blocks';
import { LruCache } from '../markdown/lru';
import { OpenParagraphParser } from '../markdown/openParagraph';
import { parseMarkdown, type MdNode } from '../markdown/parse';
import { MarkdownNodes } from './MarkdownNodes';
import { OpenParagraph } from './OpenParagraph';

const parsed = new LruCache<string, MdNode[]>(500);
/** The same, parsed with every line break kept (tool output). */
const parsedWithBreaks = new LruCache<string, MdNode[]>(200);
/** Blocks (or sub-ranges) per range. */
const RANGE_SIZE = 32;
/** The root range covers this many blocks (more only for messages of more blocks: then the tree is rebuilt once). */
const ROOT_SPAN = RANGE_SIZE ** 3;

interface BlockProps {
  text: string;
  /** Still growing: parsed for this render only, not cached. */
  open: boolean;
  breaks: boolean;
}

class MarkdownBlock extends Component<BlockProps> {
  /** While the block is open: keeps what is settled of a growing paragraph between renders. */
  private openParser: OpenParagraphParser | undefined;
  /** A paragraph that streamed in runs and just finished: drawn whole at the host's next idle moment (OpenParagraph). */
  private finishing = false;

  override shouldComponentUpdate(next: BlockProps): boolean {
    return next.text !== this.props.text || next.breaks !== this.props.breaks || next.open !== this.props.open;
  }

  private readonly drawWhole = (): void => {
    this.finishing = false;
    this.forceUpdate();
  };

  override render() {
    const { text, open, breaks } = this.props;
    if (open) {
      if (this.openParser?.breaks !== breaks) this.openParser = new OpenParagraphParser(breaks);
      const parser = this.openParser;
      const nodes = parser.parse(text);
      const paragraph = nodes[0];
      // A growing paragraph is laid out in runs of finished lines (OpenParagraph.tsx).
      if (parser.paragraph && paragraph?.type === 'element') {
        this.finishing = true;
        return <OpenParagraph nodes={paragraph.children} settledCount={parser.settledCount} generation={parser.generation} />;
      }
      this.finishing = false;
      return <MarkdownNodes nodes={nodes} />;
    }
    if (this.finishing && this.openParser && !breaks) {
      // Laying a long paragraph out whole is the costliest frame of its stream: it waits for an idle moment.
      const parser = this.openParser;
      const paragraph = parser.parse(text)[0];
      if (parser.paragraph && paragraph?.type === 'element') {
        return <OpenParagraph nodes={paragraph.children} settledCount={parser.settledCount} generation={parser.generation} onIdle={this.drawWhole} />;
      }
    }
    this.finishing = false;
    this.openParser = undefined;
    if (breaks) return <MarkdownNodes nodes={parsedWithBreaks.getOrMake(text, (t) => parseMarkdown(t, true))} />;
    return <MarkdownNodes nodes={parsed.getOrMake(text, parseMarkdown)} />;
  }
}

/** The blocks of one render: the splitter's live array of finished blocks and the open block after them. */
interface Blocks {
  finished: readonly string[];
  finishedCount: number;
  open: string | undefined;
  /** The splitter's generation: a new one means every block may have changed. */
  generation: number;
  /** Every line break is kept (see MarkdownProps.breaks). */
  breaks: boolean;
}

function blockCount(blocks: Blocks): number {
  return blocks.finishedCount + (blocks.open === undefined ? 0 : 1);
}

function blockAt(blocks: Blocks, index: number): string | undefined {
  return index < blocks.finishedCount ? blocks.finished[index] : index === blocks.finishedCount ? blocks.open : undefined;
}

interface RangeProps {
  blocks: Blocks;
  from: number;
  /** How many blocks this range covers at most (a power of RANGE_SIZE). */
  span: number;
}

/** The index of the last block a range holds now (below `from` when it is empty). */
function lastIn({ blocks, from, span }: RangeProps): number {
  return Math.min(from + span, blockCount(blocks)) - 1;
}

class BlockRange extends Component<RangeProps> {
  override shouldComponentUpdate(next: RangeProps): boolean {
    const before = this.props;
    const last = lastIn(next);
    // Finished blocks never change: only a new last block, or the open one growing or closing, redraws the range.
    return (
      next.blocks.generation !== before.blocks.generation ||
      last !== lastIn(before) ||
      blockAt(next.blocks, last) !== blockAt(before.blocks, last) ||
      (last === next.blocks.finishedCount) !== (last === before.blocks.finishedCount)
    );
  }

  override render() {
    const { blocks, from, span } = this.props;
    if (span === 1) return <MarkdownBlock text={blockAt(blocks, from) ?? ''} open={from === blocks.finishedCount} breaks={blocks.breaks} />;
    const end = Math.min(from + span, blockCount(blocks));
    const step = span / RANGE_SIZE;
    const children = [];
    for (let at = from; at < end; at += step) children.push(<BlockRange key={at} blocks={blocks} from={at} span={step} />);
    return <>{children}</>;
  }
}

interface MarkdownProps {
  text: string;
  /** Still being written: the last block may change. */
  streaming: boolean;
  /** Every line break is a line break (tool output, where a single newline separates lines), not only blank lines. */
  breaks?: boolean;
}

export function Markdown({ text, streaming, breaks = false }: MarkdownProps) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= new BlockSplitter();
  const split = splitter.current.next(text, !streaming);
  const blocks: Blocks = { finished: split.finished, finishedCount: split.count, open: split.open, generation: split.generation, breaks };
  let span = ROOT_SPAN;
  while (span < blockCount(blocks)) span *= RANGE_SIZE;
  return (
    <div class="markdown">
      <BlockRange blocks={blocks} from={0} span={span} />
    </div>
  );
}
