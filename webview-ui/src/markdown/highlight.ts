// Syntax highlighting for code blocks: highlight.js core with the languages agents write most, no auto-detection
// (it would try every grammar). highlight.js returns HTML made only of escaped text and <span class="…">; we read
// that back into a tree of class names and text (and give up, leaving the code plain, on anything else), so the
// view builds its own elements and nothing is ever assigned as HTML.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import makefile from 'highlight.js/lib/languages/makefile';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { LruCache } from './lru';

export type HlNode = { text: string } | { classes: string; children: HlNode[] };

/** Longer code stays plain: highlighting is synchronous and must not hold the view up. */
export const MAX_HIGHLIGHT_CHARS = 20_000;

const LANGUAGES = { bash, cpp, csharp, diff, dockerfile, go, ini, java, javascript, json, makefile, markdown, python, rust, shell, typescript, xml, yaml };
/** Fence names that highlight.js does not already know as aliases of the languages above. */
const EXTRA_ALIASES: Record<string, string> = { c: 'cpp', h: 'cpp', jsonc: 'json', json5: 'json', toml: 'ini', sh: 'bash', svg: 'xml' };

let registered = false;
function ensureLanguages(): void {
  if (registered) return;
  registered = true;
  for (const [name, grammar] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, grammar);
  for (const [alias, name] of Object.entries(EXTRA_ALIASES)) hljs.registerAliases(alias, { languageName: name });
}

const cache = new LruCache<string, HlNode[] | null>(200);

/** The highlighted tree, or undefined when the language is unknown, the code too long, or highlighting failed. */
export function highlightCode(code: string, lang: string): HlNode[] | undefined {
  if (lang === '' || code.length > MAX_HIGHLIGHT_CHARS) return undefined;
  ensureLanguages();
  if (!hljs.getLanguage(lang)) return undefined;
  const tree = cache.getOrMake(`${lang}\u0000${code}`, () => {
    try {
      return readHighlightHtml(hljs.highlight(code, { language: lang, ignoreIllegals: true }).value) ?? null;
    } catch {
      return null;
    }
  });
  return tree ?? undefined;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const PIECE = /<span class="([A-Za-z0-9_ -]*)">|<\/span>|([^<]+)/gy;

/** Reads highlight.js's HTML (escaped text and spans only); undefined when it holds anything else. */
export function readHighlightHtml(html: string): HlNode[] | undefined {
  const root: HlNode[] = [];
  const stack: HlNode[][] = [root];
  PIECE.lastIndex = 0;
  while (PIECE.lastIndex < html.length) {
    const at = PIECE.lastIndex;
    const match = PIECE.exec(html);
    if (!match || match.index !== at) return undefined;
    const [piece, classes, text] = match;
    const children = stack[stack.length - 1];
    if (text !== undefined) {
      if (/&(?!(?:amp|lt|gt|quot|#x27|#39);)/.test(text)) return undefined; // not highlight.js's escaping
      children.push({ text: text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]) });
    } else if (classes !== undefined) {
      const node = { classes, children: [] as HlNode[] };
      children.push(node);
      stack.push(node.children);
    } else if (piece === '</span>') {
      if (stack.length === 1) return undefined;
      stack.pop();
    }
  }
  return stack.length === 1 ? root : undefined;
}
