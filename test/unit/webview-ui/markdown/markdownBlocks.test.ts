import assert from 'node:assert/strict';
import { BlockSplitter, splitBlocks } from '../../../../webview-ui/src/markdown/blocks';

describe('markdown block splitting', () => {
  it('splits at blank lines', () => {
    assert.deepEqual(splitBlocks('# Title\n\nFirst paragraph\nstill first.\n\n\nSecond.').blocks, [
      '# Title',
      'First paragraph\nstill first.',
      'Second.',
    ]);
  });

  it('keeps blank lines inside a code fence in one block, for ``` and ~~~ fences', () => {
    const text = 'Before\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter\n\n~~~\nx\n\ny\n~~~';
    assert.deepEqual(splitBlocks(text).blocks, ['Before', '```ts\nconst a = 1;\n\nconst b = 2;\n```', 'After', '~~~\nx\n\ny\n~~~']);
  });

  it('closes a fence only with the same character and at least as many', () => {
    const text = '````\n```\n\n~~~\n````\n\nafter';
    assert.deepEqual(splitBlocks(text).blocks, ['````\n```\n\n~~~\n````', 'after']);
  });

  it('an unclosed fence runs to the end', () => {
    assert.deepEqual(splitBlocks('```\na\n\nb').blocks, ['```\na\n\nb']);
  });

  it('keeps list items separated by blank lines, and their indented paragraphs, in one block', () => {
    const text = '- one\n\n- two\n\n  more about two\n\n1. other list\n\nParagraph';
    assert.deepEqual(splitBlocks(text).blocks, ['- one\n\n- two\n\n  more about two\n\n1. other list', 'Paragraph']);
  });

  it('keeps an indented fence inside a list item together', () => {
    const text = '- item\n\n  ```\n  code\n\n  more\n  ```\n\nDone';
    assert.deepEqual(splitBlocks(text).blocks, ['- item\n\n  ```\n  code\n\n  more\n  ```', 'Done']);
  });

  it('handles CRLF line ends', () => {
    assert.deepEqual(splitBlocks('a\r\n\r\nb\r\n').blocks, ['a', 'b']);
  });

  describe('while streaming', () => {
    it('the last block stays open; a block is finished once a complete line after a blank line starts another', () => {
      const splitter = new BlockSplitter();
      assert.deepEqual(splitter.update('First', false), { blocks: ['First'], finished: 0 });
      assert.deepEqual(splitter.update('First para\n\n', false), { blocks: ['First para'], finished: 0 });
      // The next line is not complete yet: it may still turn out to continue the block.
      assert.deepEqual(splitter.update('First para\n\nSec', false), { blocks: ['First para\n\nSec'], finished: 0 });
      const done = splitter.update('First para\n\nSecond\n', false);
      assert.deepEqual(done, { blocks: ['First para', 'Second'], finished: 1 });
    });

    it('an open fence is not finished by blank lines within it', () => {
      const splitter = new BlockSplitter();
      splitter.update('```js\nlet a;\n\n', false);
      assert.deepEqual(splitter.update('```js\nlet a;\n\nlet b;\n', false), { blocks: ['```js\nlet a;\n\nlet b;'], finished: 0 });
      assert.deepEqual(splitter.update('```js\nlet a;\n\nlet b;\n```\n\nAfter\n', false).finished, 1);
    });

    it('returns the very same strings for finished blocks as the text grows', () => {
      const splitter = new BlockSplitter();
      const first = splitter.update('one\n\ntwo\n', false).blocks[0];
      const later = splitter.update('one\n\ntwo\n\nthree\n\nfour', false);
      assert.equal(later.blocks[0], first);
      assert.deepEqual(later.blocks, ['one', 'two', 'three\n\nfour']);
      assert.equal(later.finished, 2);
    });

    it('final treats the partial last line as complete, without changing later streaming', () => {
      const splitter = new BlockSplitter();
      assert.deepEqual(splitter.update('a\n\nb', true), { blocks: ['a', 'b'], finished: 2 });
      assert.deepEqual(splitter.update('a\n\nb', false), { blocks: ['a\n\nb'], finished: 0 });
      assert.deepEqual(splitter.update('a\n\n  b continues\n', false), { blocks: ['a\n\n  b continues'], finished: 0 });
    });

    it('starts over when the text is not a continuation of the previous one', () => {
      const splitter = new BlockSplitter();
      splitter.update('old\n\ntext\n', false);
      assert.deepEqual(splitter.update('new\n\nstuff\n', false).blocks, ['new', 'stuff']);
    });

    it('gives the same blocks streamed chunk by chunk as split at once', () => {
      const text = '# Head\n\nPara *one*\n\n```py\nx = 1\n\ny = 2\n```\n\n- a\n\n- b\n\nEnd.';
      const splitter = new BlockSplitter();
      for (let i = 1; i <= text.length; i += 3) splitter.update(text.slice(0, i), false);
      assert.deepEqual(splitter.update(text, true).blocks, splitBlocks(text).blocks);
    });
  });
});
