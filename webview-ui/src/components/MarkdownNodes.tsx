// Draws the allowed nodes of parsed markdown as elements (see markdown/parse.ts for what can appear). Every
// element is made here from a fixed tag list, every string is a text node: nothing is assigned as HTML.
import { h, type ComponentChildren } from 'preact';
import type { MdNode } from '../markdown/parse';
import { ChatLink } from './ChatLink';
import { CodeBlock } from './CodeBlock';

function renderNode(node: MdNode, key: number): ComponentChildren {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return <CodeBlock key={key} lang={node.lang} text={node.text} />;
    case 'link':
      return (
        <ChatLink key={key} href={node.href} title={node.title}>
          <MarkdownNodes nodes={node.children} />
        </ChatLink>
      );
    case 'image':
      return <img key={key} class="md-image" src={node.src} alt={node.alt} title={node.title} />;
    case 'element': {
      const props: Record<string, string | number> = { key };
      if (node.start !== undefined) props.start = node.start;
      if (node.align) props.class = `md-align-${node.align}`;
      if (node.tag === 'br' || node.tag === 'hr') return h(node.tag, props);
      return h(node.tag, props, <MarkdownNodes nodes={node.children} />);
    }
    default:
      return null;
  }
}

export function MarkdownNodes({ nodes }: { nodes: readonly MdNode[] }) {
  return <>{nodes.map(renderNode)}</>;
}
