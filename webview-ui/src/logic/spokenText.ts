// Markdown as a screen reader should hear it: the words, not the markup. Blocks (paragraphs, headings, list items,
// table cells) are separated so they are not run together; a fenced code block is said as "code block" (its text
// is in the transcript for whoever wants it read); links say their text, images their alt text. Pure.
import { parseMarkdown, type MdNode } from '../markdown/parse';

const BLOCKS: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'tr', 'th', 'td', 'ul', 'ol', 'table', 'thead', 'tbody']);

function words(nodes: readonly MdNode[], out: string[], keepCode: boolean): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out.push(node.text);
        break;
      case 'code':
        if (keepCode) out.push(` ${node.text} `);
        else out.push(node.lang ? ` (${node.lang} code block) ` : ' (code block) ');
        break;
      case 'image':
        out.push(node.alt);
        break;
      case 'link':
        words(node.children, out, keepCode);
        break;
      case 'element':
        if (node.tag === 'br' || node.tag === 'hr') {
          out.push(' ');
          break;
        }
        words(node.children, out, keepCode);
        if (BLOCKS.has(node.tag)) out.push(' ');
    }
  }
}

export function spokenText(markdown: string): string {
  const out: string[] = [];
  words(parseMarkdown(markdown), out, false);
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** Markdown an agent put in a short message (a sign-in prompt, an error) as plain words: code keeps its text. */
export function plainWords(markdown: string): string {
  const out: string[] = [];
  words(parseMarkdown(markdown), out, true);
  return out.join('').replace(/\s+/g, ' ').trim();
}
