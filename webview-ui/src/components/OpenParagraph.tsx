// A paragraph while it streams, laid out in runs of whole lines. The browser lays out a paragraph as one: every
// frame that adds a few words to a long paragraph breaks all of its lines again (for a 70 KB paragraph, ~6 ms a
// frame, most of the renderer's time when two chats stream). So the lines that are done are moved into blocks of
// their own ("runs"), cut exactly where the browser broke a line: at a space after which a line starts, read from
// the layout. A run ends where its last line ended anyway and the next starts on a new line, so the paragraph looks
// the same, and a frame lays out only the last run. Only settled nodes (markdown/openParagraph.ts: they stay as they
// are while the paragraph grows) are moved, and only a top-level text node is cut. When the paragraph's width
// changes, its lines would break elsewhere: the runs are joined again (and cut anew as it grows). Once the message
// is finished the paragraph is drawn whole (MarkdownBlock), at the page's next idle moment: laying out a long
// paragraph whole is the costliest frame of its stream, and two chats that finish together should not pay for it in
// the same task.
import { Component, createRef } from 'preact';
import type { MdNode } from '../markdown/parse';
import { MarkdownNodes } from './MarkdownNodes';

/** The last run is cut once it holds this much text... */
const CUT_FROM_CHARS = 3072;
/** ...about this far before its end (what stays in it, to grow); a failed search waits for as much more text. */
const KEEP_CHARS = 1024;
/** Spaces tried, from the end back, in one search for a line start. */
const TRIES = 64;

interface Props {
  /** The paragraph's inline nodes. */
  nodes: readonly MdNode[];
  /** How many of them, from the start, are settled. */
  settledCount: number;
  /** The parser's generation: a new one means the nodes are no continuation of the last ones. */
  generation: number;
  /** The paragraph is finished: called at the next idle moment, to draw it whole. */
  onIdle?: () => void;
}

/** A run that is done: its nodes never change, so it is never drawn again. */
class DoneRun extends Component<{ nodes: readonly MdNode[] }> {
  override shouldComponentUpdate(): boolean {
    return false;
  }

  override render() {
    return (
      <span class="md-run">
        <MarkdownNodes nodes={this.props.nodes} />
      </span>
    );
  }
}

/** The nodes from a position on: node `index`, of which (a text node) the first `chars` characters are left out. */
function nodesFrom(nodes: readonly MdNode[], index: number, chars: number): MdNode[] {
  const first = nodes[index];
  if (chars === 0 || first?.type !== 'text') return nodes.slice(index);
  return [{ type: 'text', text: first.text.slice(chars) }, ...nodes.slice(index + 1)];
}

export class OpenParagraph extends Component<Props> {
  private readonly paragraph = createRef<HTMLParagraphElement>();
  private readonly last = createRef<HTMLSpanElement>();
  private done: MdNode[][] = [];
  /** Where the last run starts in the nodes: a node, and characters of it (a text node) that are in done runs. */
  private index = 0;
  private chars = 0;
  private generation = -1;
  /** The paragraph's width when the runs were cut. */
  private width = 0;
  /** The last run's length at a search that found no line start: the next waits for KEEP_CHARS more. */
  private failedAt = 0;
  private resize: ResizeObserver | undefined;
  /** The next frame's search for a line start, when one is asked for. */
  private frame: number | undefined;
  private idle: number | undefined;

  override componentDidMount(): void {
    this.resize = new ResizeObserver(() => {
      const width = this.paragraph.current?.clientWidth ?? 0;
      if (this.done.length > 0 && width !== this.width) {
        this.join();
        this.forceUpdate();
      }
    });
    if (this.paragraph.current) this.resize.observe(this.paragraph.current);
    this.cut();
  }

  override componentDidUpdate(): void {
    this.cut();
  }

  override componentWillUnmount(): void {
    this.resize?.disconnect();
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    if (this.idle !== undefined) cancelIdleCallback(this.idle);
  }

  override render() {
    if (this.props.generation !== this.generation) {
      this.join();
      this.generation = this.props.generation;
    }
    return (
      <p ref={this.paragraph}>
        {this.done.map((nodes, at) => (
          <DoneRun key={at} nodes={nodes} />
        ))}
        <span class="md-run" ref={this.last}>
          <MarkdownNodes nodes={nodesFrom(this.props.nodes, this.index, this.chars)} />
        </span>
      </p>
    );
  }

  private join(): void {
    this.done = [];
    this.index = 0;
    this.chars = 0;
    this.failedAt = 0;
  }

  /**
   * When the last run has grown long enough, its finished lines are looked for at the start of the next frame, before
   * anything changes the page again: the layout read then is the one the browser made for this frame, not forced.
   */
  private cut(): void {
    const { onIdle } = this.props;
    if (onIdle) {
      // Finished: no more runs; drawn whole when the page is idle (at the latest after a second).
      this.idle ??= requestIdleCallback(() => onIdle(), { timeout: 1000 });
      return;
    }
    const length = this.last.current?.textContent?.length ?? 0;
    if (this.frame !== undefined || length < CUT_FROM_CHARS || length < this.failedAt + KEEP_CHARS) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      this.cutNow();
    });
  }

  /** Moves the last run's finished lines into a done run (see the top of this file). */
  private cutNow(): void {
    const last = this.last.current;
    const paragraph = this.paragraph.current;
    if (!last || !paragraph) return;
    const length = last.textContent?.length ?? 0;
    if (length < CUT_FROM_CHARS || length < this.failedAt + KEEP_CHARS) return;
    // Not laid out (a hidden tab): nothing to read lines from.
    if (paragraph.clientWidth === 0) return;
    const found = this.lineStart(last, length - KEEP_CHARS);
    if (!found) {
      this.failedAt = length;
      return;
    }
    const { child, offset } = found;
    const rest = nodesFrom(this.props.nodes, this.index, this.chars);
    const text = rest[child] as { type: 'text'; text: string };
    this.done = [...this.done, [...rest.slice(0, child), { type: 'text', text: text.text.slice(0, offset) }]];
    if (child === 0) this.chars += offset;
    else {
      this.index += child;
      this.chars = offset;
    }
    this.width = paragraph.clientWidth;
    this.failedAt = 0;
    this.forceUpdate();
  }

  /**
   * The last place at or before the `before`-th character of the run where a line starts after a space, in a top-level
   * text node of a settled node: the child's index and the offset in its text just after the space.
   */
  private lineStart(run: HTMLSpanElement, before: number): { child: number; offset: number } | undefined {
    const settled = this.props.settledCount - this.index;
    const children = run.childNodes;
    // The run's children are its nodes, one each (MarkdownNodes): otherwise the offsets would not match.
    if (children.length !== nodesFrom(this.props.nodes, this.index, this.chars).length) return undefined;
    const starts: number[] = [];
    let at = 0;
    for (const child of children) {
      starts.push(at);
      at += child.textContent?.length ?? 0;
    }
    const range = document.createRange();
    let tries = 0;
    for (let child = Math.min(settled, children.length) - 1; child >= 0 && tries < TRIES; child--) {
      const node = children[child];
      if (node.nodeType !== Node.TEXT_NODE || starts[child] >= before) continue;
      const text = (node as Text).data;
      for (let space = text.lastIndexOf(' ', before - starts[child] - 1); space > 0 && tries < TRIES; space = text.lastIndexOf(' ', space - 1)) {
        if (space + 1 >= text.length || text[space - 1] === ' ' || text[space + 1] === ' ') continue;
        tries++;
        if (top(range, node, space + 1) > top(range, node, space - 1) + 1) return { child, offset: space + 1 };
      }
    }
    return undefined;
  }
}

function top(range: Range, node: Node, offset: number): number {
  range.setStart(node, offset);
  range.setEnd(node, offset + 1);
  return range.getBoundingClientRect().top;
}
