import assert from 'node:assert/strict';
import { parseMarkdown, plainText, type MdNode } from '../../../../webview-ui/src/markdown/parse';
import { highlightCode, readHighlightHtml, MAX_HIGHLIGHT_CHARS } from '../../../../webview-ui/src/markdown/highlight';

function find(nodes: readonly MdNode[], predicate: (node: MdNode) => boolean): MdNode[] {
  const found: MdNode[] = [];
  const walk = (list: readonly MdNode[]): void => {
    for (const node of list) {
      if (predicate(node)) found.push(node);
      if ('children' in node) walk(node.children);
    }
  };
  walk(nodes);
  return found;
}

const tags = (nodes: readonly MdNode[]): string[] =>
  find(nodes, (n) => n.type === 'element').map((n) => (n as Extract<MdNode, { type: 'element' }>).tag);

describe('markdown parsing (the allowlist tree)', () => {
  it('builds headings, lists, emphasis, inline code, tables and code blocks', () => {
    const nodes = parseMarkdown('# Title\n\n- **bold** and *em* and `code`\n- ~~gone~~\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |\n\n```ts\nlet x = 1;\n```');
    assert.deepEqual(tags(nodes), ['h1', 'ul', 'li', 'strong', 'em', 'code', 'li', 's', 'table', 'thead', 'tr', 'th', 'th', 'tbody', 'tr', 'td', 'td']);
    assert.deepEqual(find(nodes, (n) => n.type === 'code'), [{ type: 'code', lang: 'ts', text: 'let x = 1;' }]);
    const cells = find(nodes, (n) => n.type === 'element' && n.tag === 'th') as Extract<MdNode, { type: 'element' }>[];
    assert.deepEqual(cells.map((c) => c.align), ['center', 'right']);
  });

  it('tight list items have no paragraphs; an ordered list keeps its start', () => {
    const nodes = parseMarkdown('3. three\n4. four');
    assert.deepEqual(tags(nodes), ['ol', 'li', 'li']);
    assert.equal((nodes[0] as Extract<MdNode, { type: 'element' }>).start, 3);
  });

  it('renders raw HTML as text: no element comes from it', () => {
    const nodes = parseMarkdown('<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)> <b>bold</b>');
    assert.deepEqual(tags(nodes), ['p', 'p']);
    assert.match(plainText(nodes), /<script>alert\(1\)<\/script>/);
    assert.match(plainText(nodes), /<img src=x onerror=alert\(1\)>/);
  });

  it('makes links only of allowed targets; others stay text', () => {
    const nodes = parseMarkdown('[ok](https://example.com) [file](src/a.ts:3) [bad](javascript:alert(1)) [data](data:text/html,x) <https://auto.example> www.not-linked.example README.md');
    const links = find(nodes, (n) => n.type === 'link') as Extract<MdNode, { type: 'link' }>[];
    assert.deepEqual(
      links.map((l) => [l.href, l.target.kind]),
      [
        ['https://example.com', 'external'],
        ['src/a.ts:3', 'file'],
        ['https://auto.example', 'external'],
      ],
    );
    assert.match(plainText(nodes), /\[bad\]\(javascript:alert\(1\)\)/);
  });

  it('links bare URLs, but not file names that look like domains', () => {
    const links = find(parseMarkdown('see https://example.com/x and README.md'), (n) => n.type === 'link');
    assert.equal(links.length, 1);
  });

  it('shows raster data: images, offers other images as links, drops unsafe ones to text', () => {
    const nodes = parseMarkdown('![dot](data:image/png;base64,iVBORw0KGgo=) ![remote](https://example.com/a.png) ![svg](data:image/svg+xml;base64,PHN2Zz4=)');
    assert.deepEqual(find(nodes, (n) => n.type === 'image'), [{ type: 'image', src: 'data:image/png;base64,iVBORw0KGgo=', alt: 'dot' }]);
    const links = find(nodes, (n) => n.type === 'link') as Extract<MdNode, { type: 'link' }>[];
    assert.deepEqual(links.map((l) => l.href), ['https://example.com/a.png']);
    assert.match(plainText(nodes), /!\[svg\]/);
  });

  it('decodes entities into text (the view escapes text when it draws it)', () => {
    assert.equal(plainText(parseMarkdown('a &amp; b &lt;i&gt;')), 'a & b <i>');
  });
});

describe('code highlighting', () => {
  it('reads highlight.js output into class/text nodes', () => {
    assert.deepEqual(readHighlightHtml('<span class="hljs-keyword">const</span> a = <span class="hljs-string">&quot;&lt;&amp;&#x27;&quot;</span>'), [
      { classes: 'hljs-keyword', children: [{ text: 'const' }] },
      { text: ' a = ' },
      { classes: 'hljs-string', children: [{ text: `"<&'"` }] },
    ]);
  });

  it('gives up on anything that is not spans and escaped text', () => {
    assert.equal(readHighlightHtml('<img src=x onerror=alert(1)>'), undefined);
    assert.equal(readHighlightHtml('<span class="a" onclick="x">y</span>'), undefined);
    assert.equal(readHighlightHtml('<span class="a">unclosed'), undefined);
    assert.equal(readHighlightHtml('a &nbsp; b'), undefined);
  });

  it('highlights known languages and aliases, leaves others and long code plain', () => {
    const tree = highlightCode('const s: string = "<b>";', 'ts');
    assert.ok(tree && tree.some((node) => 'classes' in node && node.classes === 'hljs-keyword'));
    assert.ok(highlightCode('echo hi', 'sh'));
    assert.equal(highlightCode('x', 'brainfuck'), undefined);
    assert.equal(highlightCode('x', ''), undefined);
    assert.equal(highlightCode('x'.repeat(MAX_HIGHLIGHT_CHARS + 1), 'ts'), undefined);
  });
});

describe('markdown with every line break kept (tool text)', () => {
  it('turns single newlines into line breaks, leaving code blocks as they are', () => {
    assert.deepEqual(find(parseMarkdown('one\ntwo'), (node) => node.type === 'element' && node.tag === 'br'), [], 'chat text: one paragraph');
    const hard = parseMarkdown('one\ntwo', true);
    assert.deepEqual(hard, [{ type: 'element', tag: 'p', children: [{ type: 'text', text: 'one' }, { type: 'element', tag: 'br', children: [] }, { type: 'text', text: 'two' }] }]);
    assert.deepEqual(parseMarkdown('```\na\nb\n```', true), [{ type: 'code', lang: '', text: 'a\nb' }]);
  });
});
