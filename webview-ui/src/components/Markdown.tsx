// Agent text as markdown, drawn block by block: the text is split into top-level blocks (markdown/blocks.ts) and
// each block is a memoized component keyed by its position, so while a message streams only the last, open block
// is parsed and drawn again; finished blocks are the same strings and are skipped. Parsed blocks are also cached,
// so an entry scrolling back into the virtualized transcript is not parsed again.
import { Component } from 'preact';
import { useRef } from 'preact/hooks';
import { BlockSplitter } from '../markdown/blocks';
import { LruCache } from '../markdown/lru';
import { parseMarkdown, type MdNode } from '../markdown/parse';
import { MarkdownNodes } from './MarkdownNodes';

const parsed = new LruCache<string, MdNode[]>(500);

class MarkdownBlock extends Component<{ text: string }> {
  override shouldComponentUpdate(next: { text: string }): boolean {
    return next.text !== this.props.text;
  }

  override render() {
    return <MarkdownNodes nodes={parsed.getOrMake(this.props.text, parseMarkdown)} />;
  }
}

interface MarkdownProps {
  text: string;
  /** Still being written: the last block may change. */
  streaming: boolean;
}

export function Markdown({ text, streaming }: MarkdownProps) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= new BlockSplitter();
  const { blocks } = splitter.current.update(text, !streaming);
  return (
    <div class="markdown">
      {blocks.map((block, i) => (
        <MarkdownBlock key={i} text={block} />
      ))}
    </div>
  );
}
