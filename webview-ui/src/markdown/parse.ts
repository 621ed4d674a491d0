// Markdown → a small tree of allowed nodes. markdown-it parses (CommonMark + GFM tables and strikethrough, raw
// HTML off, bare URLs linked); this module is the sanitizer: it rebuilds the result from an allowlist of tags,
// keeps no attribute except the few it sets itself (list start, cell alignment), and makes links and images only
// from targets that `classifyLink` / `isSafeImageSource` accept. Anything else becomes text, so nothing the agent
// writes can reach the DOM as markup, an event handler, a style or a script URL. Pure: no DOM, runs in node.
import MarkdownIt from 'markdown-it';
import { classifyLink, isSafeImageSource, type LinkTarget } from '../../../src/shared/text/links';

type Parser = MarkdownIt.MarkdownIt;
type Token = MarkdownIt.Token;

export type BlockTag =
  | 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'ul' | 'ol' | 'li' | 'blockquote' | 'hr'
  | 'table' | 'thead' | 'tbody' | 'tr' | 'th' | 'td';
export type InlineTag = 'em' | 'strong' | 's' | 'code' | 'br';
export type MdTag = BlockTag | InlineTag;

export type CellAlign = 'left' | 'center' | 'right';

export type MdNode =
  | { type: 'text'; text: string }
  | { type: 'element'; tag: MdTag; children: MdNode[]; start?: number; align?: CellAlign }
  | { type: 'code'; lang: string; text: string }
  | { type: 'link'; href: string; target: LinkTarget; title?: string; children: MdNode[] }
  | { type: 'image'; src: string; alt: string; title?: string };

const ALLOWED_TAGS: ReadonlySet<string> = new Set<MdTag>([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'hr',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'em', 'strong', 's', 'code', 'br',
]);

function createParser(): Parser {
  const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false });
  // Only real URLs become links on their own: "README.md" is a file name, not a web site in Moldova.
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  md.validateLink = (url: string) => classifyLink(url) !== undefined || isSafeImageSource(url);
  // After the delimiters are paired: whether one that could still open (an emphasis or strikethrough run) found no
  // closer, in which case text that follows may pair with it (read by parseInlineRun).
  md.inline.ruler2.push('waiting_delimiters', (state) => {
    if (state.delimiters.some((delimiter) => delimiter.open && delimiter.end < 0)) state.env.waiting = true;
    return false;
  });
  return md;
}

let parser: Parser | undefined;
/** The same parser without its inline rules: the block structure alone. */
let blockParser: Parser | undefined;

/** Parses one markdown block (or a whole text) into allowed nodes; with `breaks`, every newline is a line break. */
export function parseMarkdown(text: string, breaks = false): MdNode[] {
  parser ??= createParser();
  const tokens = parser.parse(text, {});
  if (breaks) hardenBreaks(tokens);
  return buildTree(tokens);
}

/**
 * When `text` is one paragraph (and nothing else), the paragraph's inline source: what `parseMarkdown` parses as
 * its inline content. Undefined for any other block structure.
 */
export function paragraphSource(text: string): string | undefined {
  if (!blockParser) {
    blockParser = createParser();
    blockParser.core.ruler.disable(['inline', 'linkify', 'text_join']);
  }
  const tokens = blockParser.parse(text, {});
  if (tokens.length !== 3) return undefined;
  const [open, inline, close] = tokens;
  return open.type === 'paragraph_open' && !open.hidden && inline.type === 'inline' && close.type === 'paragraph_close' ? inline.content : undefined;
}

/** A bracket or a backtick run that stayed text: a later `](…)` or backtick run may still make it a link or code. */
const WAITING_TEXT = /[[`]/;

/**
 * Parses a run of a paragraph's inline source on its own. `settled`: nothing in it is left waiting for text that
 * may follow (an emphasis or strikethrough run that could open and found no closer, an opening bracket or a backtick
 * run that stayed text), so a run that starts right after it parses the same on its own as it would after it (see
 * markdown/openParagraph.ts).
 */
export function parseInlineRun(source: string, breaks = false): { nodes: MdNode[]; settled: boolean } {
  parser ??= createParser();
  const env: { waiting?: boolean } = {};
  const tokens = parser.parseInline(source, env);
  if (breaks) hardenBreaks(tokens);
  return { nodes: buildTree(tokens), settled: env.waiting !== true && !tokens.some(leavesTextWaiting) };
}

function leavesTextWaiting(token: Token): boolean {
  if (token.type === 'text' && WAITING_TEXT.test(token.content)) return true;
  return token.children?.some(leavesTextWaiting) ?? false;
}

/** Soft line breaks (a single newline in a paragraph) become hard ones. */
function hardenBreaks(tokens: readonly Token[]): void {
  for (const token of tokens) {
    if (token.type === 'softbreak') token.type = 'hardbreak';
    if (token.children) hardenBreaks(token.children);
  }
}

interface Frame {
  /** null: a transparent wrapper (an unknown or hidden tag): its children go to the parent. */
  node: Extract<MdNode, { children: MdNode[] }> | null;
  children: MdNode[];
}

function buildTree(tokens: readonly Token[]): MdNode[] {
  const root: Frame = { node: null, children: [] };
  const stack: Frame[] = [root];
  const top = (): Frame => stack[stack.length - 1];
  for (const token of tokens) {
    if (token.nesting === 1) {
      const node = openNode(token);
      const frame: Frame = { node, children: node ? node.children : top().children };
      if (node) top().children.push(node);
      stack.push(frame);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else {
      top().children.push(...leafNodes(token));
    }
  }
  return mergeText(root.children);
}

function attr(token: Token, name: string): string | undefined {
  const found = token.attrs?.find(([key]) => key === name);
  return found === undefined ? undefined : String(found[1]);
}

function openNode(token: Token): Frame['node'] {
  if (token.hidden) return null; // the <p> of a tight list item
  if (token.type === 'link_open') {
    const href = attr(token, 'href') ?? '';
    const target = classifyLink(href);
    if (!target) return null;
    const title = attr(token, 'title');
    return { type: 'link', href, target, ...(title ? { title } : {}), children: [] };
  }
  if (!ALLOWED_TAGS.has(token.tag)) return null;
  const tag = token.tag as MdTag;
  const node: Extract<MdNode, { type: 'element' }> = { type: 'element', tag, children: [] };
  if (tag === 'ol') {
    const start = Number(attr(token, 'start'));
    if (Number.isSafeInteger(start) && start >= 0 && start !== 1) node.start = start;
  }
  if (tag === 'th' || tag === 'td') {
    const align = /text-align:(left|center|right)/.exec(attr(token, 'style') ?? '')?.[1];
    if (align) node.align = align as CellAlign;
  }
  return node;
}

function leafNodes(token: Token): MdNode[] {
  switch (token.type) {
    case 'inline':
      return token.children ? buildTree(token.children) : [];
    case 'text':
      return [{ type: 'text', text: token.content }];
    case 'softbreak':
      return [{ type: 'text', text: '\n' }];
    case 'hardbreak':
      return [{ type: 'element', tag: 'br', children: [] }];
    case 'code_inline':
      return [{ type: 'element', tag: 'code', children: [{ type: 'text', text: token.content }] }];
    case 'fence':
    case 'code_block':
      return [{ type: 'code', lang: languageOf(token.info), text: token.content.replace(/\n$/, '') }];
    case 'hr':
      return [{ type: 'element', tag: 'hr', children: [] }];
    case 'image':
      return imageNodes(token);
    default:
      // Raw HTML (never produced with html: false) and anything a newer parser may add: its source, as text.
      return token.content ? [{ type: 'text', text: token.content }] : [];
  }
}

function imageNodes(token: Token): MdNode[] {
  const src = attr(token, 'src') ?? '';
  const alt = token.children ? plainText(buildTree(token.children)) : token.content;
  const title = attr(token, 'title');
  if (isSafeImageSource(src)) return [{ type: 'image', src, alt, ...(title ? { title } : {}) }];
  // A remote image cannot load here (the CSP allows none): offer it as a link instead.
  const label: MdNode = { type: 'text', text: alt ? `[image: ${alt}]` : '[image]' };
  const target = classifyLink(src);
  return target ? [{ type: 'link', href: src, target, children: [label] }] : [label];
}

/** The first word of a fence's info string, lower-cased ("TypeScript {1,3}" → "typescript"). */
function languageOf(info: string): string {
  return (/^\s*([^\s{]+)/.exec(info)?.[1] ?? '').toLowerCase();
}

/** Joins neighbouring text nodes (markdown-it splits text at every special character). */
function mergeText(nodes: MdNode[]): MdNode[] {
  const merged: MdNode[] = [];
  for (const node of nodes) {
    const last = merged[merged.length - 1];
    if (node.type === 'text' && last?.type === 'text') merged[merged.length - 1] = { type: 'text', text: last.text + node.text };
    else merged.push('children' in node ? { ...node, children: mergeText(node.children) } : node);
  }
  return merged;
}

export function plainText(nodes: readonly MdNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text') text += node.text;
    else if (node.type === 'code') text += node.text;
    else if (node.type === 'image') text += node.alt;
    else text += plainText(node.children);
  }
  return text;
}
