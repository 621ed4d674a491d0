import assert from 'node:assert/strict';
import { OpenParagraphParser, TAIL_CHARS, lastCut } from '../../../../webview-ui/src/markdown/openParagraph';
import { parseMarkdown, type MdNode } from '../../../../webview-ui/src/markdown/parse';

/** Nodes with adjacent text nodes joined: what the browser reads and selects of them. */
function joined(nodes: readonly MdNode[]): MdNode[] {
  const out: MdNode[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + node.text };
    else out.push('children' in node ? { ...node, children: joined(node.children) } : node);
  }
  return out;
}

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLAIN = ['word', 'streaming', 'benchmark:', '@@c12:2026-11-28T03:27:01.123Z@@', 'é', '👍', 'x.y', '(aside)', '3.14', '#hash', '1.'];
const TRICKY = [
  '*em*', '**strong**', '*', '**', '_', 'snake_case', '~~del~~', '~~', '`code`', '`', '``', '[link](https://example.com)', '[', ']',
  '](x)', 'https://example.com/a_b', '<https://x.y>', '<', '&amp;', '&', '\\*', '\\', '!', '![alt](data:image/png;base64,AA)',
  'mailto:a@b.c', 'foo@bar.com', '//example.com', '|', '***', '_em_', '__strong__',
];
const BREAKS = ['\n', '  \n', '\n# ', '\n===', '\n---', '\n- ', '\n    ', '\n> ', '\n```', '\\\n'];

/** A text of about `length` characters: plain words with, at the given rates, tricky pieces and line breaks. */
function generate(next: () => number, length: number, trickyRate: number, breakRate: number): string {
  let text = 'Start ';
  while (text.length < length) {
    const roll = next();
    const pool = roll < breakRate ? BREAKS : roll < breakRate + trickyRate ? TRICKY : PLAIN;
    text += pool[Math.floor(next() * pool.length)];
    text += next() < 0.9 ? ' ' : next() < 0.5 ? '  ' : '';
  }
  return text;
}

/**
 * Streams `text` in chunks of 1 to 80 characters; at each step the parser must give what a whole parse gives.
 * Returns how many times the settled part moved forward.
 */
function streamAndCompare(text: string, next: () => number, breaks = false): number {
  const parser = new OpenParagraphParser(breaks);
  let at = 0;
  let cuts = 0;
  let settled = 0;
  while (at < text.length) {
    at = Math.min(text.length, at + 1 + Math.floor(next() * 80));
    const prefix = text.slice(0, at);
    assert.deepEqual(joined(parser.parse(prefix)), parseMarkdown(prefix, breaks), `at ${at} of ${JSON.stringify(text.slice(Math.max(0, at - 200), at))}`);
    if (parser.settledChars > settled) cuts++;
    settled = parser.settledChars;
  }
  return cuts;
}

describe('the open paragraph of a streamed message', () => {
  it('parses every prefix of a long plain paragraph as a whole parse does, and keeps most of it settled', () => {
    const next = random(1);
    const text = generate(next, 8 * TAIL_CHARS, 0, 0);
    const parser = new OpenParagraphParser();
    for (let at = 0; at < text.length; at += 40) assert.deepEqual(joined(parser.parse(text.slice(0, at + 40))), parseMarkdown(text.slice(0, at + 40)));
    assert.ok(parser.settledChars > text.length - 3 * TAIL_CHARS, `settled ${parser.settledChars} of ${text.length}`);
  });

  it('parses every prefix the same as a whole parse with emphasis, code, links and brackets in it', () => {
    let cuts = 0;
    for (const seed of [2, 3, 4, 5, 6, 7]) {
      const next = random(seed);
      cuts += streamAndCompare(generate(next, 4 * TAIL_CHARS, 0.03, 0), next);
    }
    assert.ok(cuts >= 6, `the settled part moved ${cuts} times`);
  });

  it('parses the same with line breaks, hard breaks and lines that change the block (headings, lists, fences)', () => {
    for (const seed of [8, 9, 10]) {
      const next = random(seed);
      streamAndCompare(generate(next, 4 * TAIL_CHARS, 0.05, 0.01), next);
    }
  });

  it('parses the same with every line break kept (tool output)', () => {
    const next = random(12);
    streamAndCompare(generate(next, 4 * TAIL_CHARS, 0.05, 0.01), next, true);
  });

  it('an opener left waiting early keeps the rest unsettled until it is closed, then emphasis spans the whole run', () => {
    const next = random(13);
    const middle = generate(next, 3 * TAIL_CHARS, 0, 0);
    const parser = new OpenParagraphParser();
    const open = `start *${middle}`;
    assert.deepEqual(joined(parser.parse(open)), parseMarkdown(open));
    assert.equal(parser.settledChars, 0);
    const closed = `${open.trimEnd()}* and more ${middle}`;
    assert.deepEqual(joined(parser.parse(closed)), parseMarkdown(closed));
    assert.equal((joined(parser.parse(closed))[0] as { children: { type: string; tag?: string }[] }).children[1].tag, 'em');
  });

  for (const [name, open, close, tag] of [
    ['a code span', 'start `code', ' end` after', 'code'],
    ['a link', 'start [label', ' end](https://example.com) after', 'link'],
    ['a strikethrough', 'start ~~gone', ' end~~ after', 's'],
  ] as const) {
    it(`a text that may still become ${name} keeps the rest unsettled until it does`, () => {
      const next = random(15);
      const middle = generate(next, 3 * TAIL_CHARS, 0, 0).trimEnd();
      const parser = new OpenParagraphParser();
      const waiting = `${open} ${middle} `;
      assert.deepEqual(joined(parser.parse(waiting)), parseMarkdown(waiting));
      assert.equal(parser.settledChars, 0);
      const closed = `${open} ${middle}${close} ${middle}`;
      const nodes = joined(parser.parse(closed));
      assert.deepEqual(nodes, parseMarkdown(closed));
      const second = (nodes[0] as { children: { type: string; tag?: string }[] }).children[1];
      assert.equal(second.tag ?? second.type, tag);
    });
  }

  it('starts over when the text is not a continuation, and parses other blocks whole', () => {
    const next = random(14);
    const long = generate(next, 4 * TAIL_CHARS, 0, 0);
    const parser = new OpenParagraphParser();
    parser.parse(long);
    assert.ok(parser.settledChars > 0);
    const other = `other ${long}`;
    assert.deepEqual(joined(parser.parse(other)), parseMarkdown(other));
    const list = `- ${long}`;
    assert.deepEqual(joined(parser.parse(list)), parseMarkdown(list));
    assert.equal(parser.settledChars, 0);
  });

  it('cuts only after a single space between two non-space characters', () => {
    assert.equal(lastCut('ab cd', 5), 3);
    assert.equal(lastCut('ab  cd', 6), 0);
    assert.equal(lastCut('ab\n cd', 6), 0);
    assert.equal(lastCut('ab cd ef', 5), 3);
    assert.equal(lastCut(' ab', 3), 0);
  });
});
